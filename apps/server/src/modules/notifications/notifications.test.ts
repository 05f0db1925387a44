import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createNotificationService } from './notifications.service.js';
import { codeMail, codeSms } from './templates.js';

function captureLog() {
  const lines: string[] = [];
  const log = {
    info: (obj: unknown, msg?: string) => lines.push(typeof obj === 'string' ? obj : (msg ?? '')),
    warn: () => undefined,
    error: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('code delivery', () => {
  it('writes codes to the server log as development delivery when nothing is configured', async () => {
    const { log, lines } = captureLog();
    const notifications = createNotificationService({ log, mailFrom: 'Cubeshop <no-reply@cubeshop.local>' });
    expect(notifications.mailConfigured).toBe(false);
    expect(notifications.smsProvider).toBe('log');
    await notifications.sendCode({ channel: 'email', to: 'x@y.com', purpose: 'signup', code: '123456', locale: 'en' });
    await notifications.sendCode({ channel: 'sms', to: '+8613812345678', purpose: 'signin', code: '654321', locale: 'zh' });
    expect(lines).toContain('[dev delivery] code for x@y.com: 123456');
    expect(lines).toContain('[dev delivery] code for +8613812345678: 654321');
    expect(lines.some((l) => l.includes('SMTP_URL is not set'))).toBe(true);
  });

  it('has a template per purpose in both languages, with the code in text, HTML and subject', () => {
    for (const purpose of ['signup', 'signin', 'reset', 'subscribe'] as const) {
      const zh = codeMail(purpose, '024680', 'zh');
      const en = codeMail(purpose, '024680', 'en');
      for (const mail of [zh, en]) {
        expect(mail.subject).toContain('024680');
        expect(mail.text).toContain('024680');
        expect(mail.html).toContain('024680');
      }
      expect(zh.text).toMatch(/[\u4e00-\u9fff]/);
      expect(en.text).not.toMatch(/[\u4e00-\u9fff]/);
      expect(codeSms(purpose, '024680', 'zh')).toMatch(/^【Cubeshop】.*024680/);
      expect(codeSms(purpose, '024680', 'en')).toMatch(/^\[Cubeshop\].*024680/);
    }
  });
});
