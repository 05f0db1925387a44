import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, apiClient, randomIp, uniqueEmail, type ApiClient } from '../../test/accounts.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createOtpRepository } from './otp.repository.js';

let mailbox: Mailbox;
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
});
beforeEach(() => {
  api = apiClient(t); // a fresh client address per test
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

async function registered(password = 'Right123'): Promise<string> {
  const email = uniqueEmail('abuse');
  await api('GET', '/api/authn/signup/code', { query: { email } });
  const otp = await mailbox.nextCode(email);
  const res = await api('POST', '/api/authn/signup', { body: { email, name: 'Tester', otp, regionId: 'CN', password } });
  expect(res.status).toBe(200);
  return email;
}

describe(`one-time codes and sign-in under abuse (${TEST_DB_KIND})`, () => {
  it('refuses the sixth try even with the right code', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/authn/signin', { body: { email, otp: wrongCode(otp) } });
      expect(res.status).toBe(400);
      expect(res.body.desc).toBe('The verification code is incorrect or has expired');
    }
    const sixth = await api('POST', '/api/authn/signin', { body: { email, otp }, lang: 'zh' });
    expect(sixth.status).toBe(400);
    expect(sixth.body.desc).toBe('验证码错误次数过多，请重新获取验证码');
  });

  it('accepts the right code on the fifth try', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    for (let i = 0; i < 4; i++) expect((await api('POST', '/api/authn/signin', { body: { email, otp: wrongCode(otp) } })).status).toBe(400);
    expect((await api('POST', '/api/authn/signin', { body: { email, otp } })).status).toBe(200);
  });

  it('refuses a new code within 60 s with the seconds left, and sends one after', async () => {
    const email = uniqueEmail('resend');
    expect((await api('GET', '/api/authn/signup/code', { query: { email } })).status).toBe(200);
    const first = await mailbox.nextCode(email);
    advanceClock(t, 15_000);
    const early = await api('GET', '/api/authn/signup/code', { query: { email } });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      code: 'BAD_REQUEST',
      desc: 'A code was sent a moment ago; you can ask for a new one in 45 s',
      details: { retryAfter: 45 },
    });
    const zh = await api('GET', '/api/authn/signup/code', { query: { email }, lang: 'zh' });
    expect(zh.body.desc).toBe('验证码已发送，请 45 秒后再重新获取');

    advanceClock(t, 46_000);
    expect((await api('GET', '/api/authn/signup/code', { query: { email } })).status).toBe(200);
    const second = await mailbox.nextCode(email);
    // The new code replaces the old one.
    const body = { email, name: 'R', regionId: 'CN' };
    if (first !== second) expect((await api('POST', '/api/authn/signup', { body: { ...body, otp: first } })).status).toBe(400);
    expect((await api('POST', '/api/authn/signup', { body: { ...body, otp: second } })).status).toBe(200);
  });

  it('refuses an expired code (10 minutes) and accepts one just inside the time', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    advanceClock(t, 600_001);
    const late = await api('POST', '/api/authn/signin', { body: { email, otp } });
    expect(late.status).toBe(400);
    expect(late.body.desc).toBe('The verification code is incorrect or has expired');

    await api('GET', '/api/authn/signin/code', { query: { email } });
    const fresh = await mailbox.nextCode(email);
    advanceClock(t, 599_000);
    expect((await api('POST', '/api/authn/signin', { body: { email, otp: fresh } })).status).toBe(200);
  });

  it('does not take a used code again', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    expect((await api('POST', '/api/authn/signin', { body: { email, otp } })).status).toBe(200);
    const again = await api('POST', '/api/authn/signin', { body: { email, otp } });
    expect(again.status).toBe(400);
    expect(again.body.desc).toBe('The verification code is incorrect or has expired');
  });

  it('stores codes hashed, bound to their purpose', async () => {
    const email = uniqueEmail('hashed');
    await api('GET', '/api/authn/signup/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    const row = await createOtpRepository(t.services.database.db).find('signup', email.toLowerCase());
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(otp);
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 600_000);
    // A sign-up code does not sign in or reset a password.
    expect((await api('POST', '/api/authn/password', { body: { email, otp, password: 'Whatever1' } })).status).toBe(400);
  });

  it('answers 401 for a revoked token', async () => {
    const email = await registered('Token123');
    const { token } = (await api<{ token: string }>('POST', '/api/authn/signin', { body: { account: email, password: 'Token123' } })).body;
    expect((await api('GET', '/api/user', { token })).status).toBe(200);
    expect((await api('POST', '/api/authn/signout', { token })).status).toBe(200);
    const after = await api('GET', '/api/user', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 'UNAUTHORIZED', desc: 'Please log in first' });
  });

  it('reads the same for an unknown account and a wrong password, in both languages', async () => {
    const email = await registered('Known123');
    for (const lang of ['en', 'zh'] as const) {
      const unknown = await api('POST', '/api/authn/signin', { body: { account: 'nobody_here_1', password: 'Known123' }, lang, ip: randomIp() });
      const wrong = await api('POST', '/api/authn/signin', { body: { account: email, password: 'Wrong123' }, lang, ip: randomIp() });
      expect(unknown.status).toBe(400);
      expect(wrong.status).toBe(400);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body.desc).toBe(lang === 'en' ? 'Account or password is incorrect' : '账号或密码错误');
    }
  });

  it('answers a code request for an unknown e-mail like a known one and sends nothing', async () => {
    const known = await registered();
    const unknown = uniqueEmail('ghost');
    const a = await api('GET', '/api/authn/signin/code', { query: { email: known } });
    const b = await api('GET', '/api/authn/signin/code', { query: { email: unknown } });
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    await mailbox.nextCode(known);
    await expect(mailbox.next(unknown, 500)).rejects.toThrow(/no mail/);
    // Asking again too soon reads the same for both, and so does a wrong code.
    const a2 = await api('GET', '/api/authn/signin/code', { query: { email: known } });
    const b2 = await api('GET', '/api/authn/signin/code', { query: { email: unknown } });
    expect(b2.body).toEqual(a2.body);
    const wa = await api('POST', '/api/authn/signin', { body: { email: known, otp: '123456' } });
    const wb = await api('POST', '/api/authn/signin', { body: { email: unknown, otp: '123456' } });
    expect(wb.body).toEqual(wa.body);
    // Password reset codes behave the same way.
    const ra = await api('GET', '/api/authn/password/code', { query: { email: known } });
    const rb = await api('GET', '/api/authn/password/code', { query: { email: unknown } });
    expect(rb.body).toEqual(ra.body);
    await mailbox.nextCode(known);
    await expect(mailbox.next(unknown, 300)).rejects.toThrow(/no mail/);
  });

  it('locks an account after 5 failed sign-ins in 15 minutes (429 with retry-after), from any address', async () => {
    const email = await registered('Locked123');
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/authn/signin', { body: { account: email, password: `Wrong${i}abc` }, ip: randomIp() });
      expect(res.status).toBe(400);
    }
    const locked = await api('POST', '/api/authn/signin', { body: { account: email, password: 'Locked123' }, ip: randomIp() });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(locked.body.desc).toMatch(/^Too many failed sign-in attempts; please try again in 1[45] min$/);
    const retryAfter = (locked.body.details as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(locked.headers['retry-after']).toBe(String(retryAfter));
    // Another name for the same user is locked too; an unknown name is locked the same way after 5 failures.
    const byOtherName = await api('POST', '/api/authn/signin', { body: { account: email.toUpperCase(), password: 'Locked123' }, ip: randomIp() });
    expect(byOtherName.status).toBe(429);
    for (let i = 0; i < 5; i++) await api('POST', '/api/authn/signin', { body: { account: 'ghost_account', password: 'Nope1234' }, ip: randomIp() });
    const ghost = await api('POST', '/api/authn/signin', { body: { account: 'ghost_account', password: 'Nope1234' }, ip: randomIp() });
    expect(ghost.status).toBe(429);
    expect(ghost.body.desc).toBe(locked.body.desc);
  });

  it('limits codes per address (10 an hour) and per client address (30 an hour)', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 10; i++) {
      expect((await api('GET', '/api/authn/signup/code', { query: { email }, ip: randomIp() })).status).toBe(200);
      advanceClock(t, 61_000);
    }
    const limited = await api('GET', '/api/authn/signup/code', { query: { email }, ip: randomIp() });
    expect(limited.status).toBe(429);
    expect(limited.body.desc).toMatch(/^Too many codes were requested for this address; please try again in \d+ min$/);
    expect((limited.body.details as { retryAfter: number }).retryAfter).toBeGreaterThan(0);

    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await api('GET', '/api/authn/signup/code', { query: { email: uniqueEmail('ip') }, ip })).status).toBe(200);
    const byIp = await api('GET', '/api/authn/signup/code', { query: { email: uniqueEmail('ip') }, ip, lang: 'zh' });
    expect(byIp.status).toBe(429);
    expect(byIp.body.desc).toMatch(/^获取验证码过于频繁，请 \d+ 分钟后再试$/);
  });

  it('reports a failed delivery and lets the buyer ask again at once', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const call = apiClient(broken);
      const email = uniqueEmail('bounce');
      const res = await call('GET', '/api/authn/signup/code', { query: { email } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'UNAVAILABLE', desc: 'Failed to send verification code, please try again later' });
      expect((await call('GET', '/api/authn/signup/code', { query: { email } })).status).toBe(503); // not "wait 60 s"
    } finally {
      await broken.close();
    }
  });
});
