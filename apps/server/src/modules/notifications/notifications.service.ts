import type { FastifyBaseLogger } from 'fastify';
import type { TLocale, TOtpPurpose } from '@cubeshop/shared';
import { createSmtpTransport, type MailMessage, type MailTransport } from './mail.js';
import { createLogSmsProvider, type SmsProvider } from './sms.js';
import { codeMail, codeSms } from './templates.js';

export interface CodeDelivery {
  channel: 'email' | 'sms';
  /** An e-mail address, or an E.164 mobile number. */
  to: string;
  purpose: TOtpPurpose;
  code: string;
  locale: TLocale;
}

export interface NotificationDeps {
  log: FastifyBaseLogger;
  /** smtp:// or smtps:// URL; unset: e-mailed codes are written to the log (development delivery). */
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** Overrides for tests or a real SMS provider; by default SMS codes go to the log. */
  mail?: MailTransport;
  sms?: SmsProvider;
}

/** What an outbox 'mail' row carries (orders.notify.ts, the after-sales module): the message and references to documents to attach. */
interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: unknown;
}

/**
 * The outbox's deliverer of 'mail' rows (docs/architecture.md, Side effects): the documents the
 * payload refers to are rendered when the mail leaves (`attach`, the documents module), and the
 * row's id is the Message-ID, so a message sent twice reads as one.
 */
export function outboxMailDeliverer(send: (message: MailMessage) => Promise<void>, attach: (refs: unknown) => Promise<MailMessage['attachments']>) {
  return async (payload: Record<string, unknown>, row: { id: number }): Promise<void> => {
    const { attachments, ...mail } = payload as unknown as OutboxMail;
    await send({ ...mail, attachments: await attach(attachments), messageId: `<outbox-${row.id}@cubeshop>` });
  };
}

/** Delivers one-time codes by e-mail (SMTP) or text message (an SmsProvider), in the buyer's language. */
export function createNotificationService({ log, smtpUrl, mailFrom, mail, sms }: NotificationDeps) {
  const mailer = mail ?? (smtpUrl ? createSmtpTransport(smtpUrl, mailFrom) : undefined);
  let smsProvider = sms ?? createLogSmsProvider(log);
  if (!mailer) log.info('SMTP_URL is not set: e-mailed codes are written to this log ([dev delivery])');

  return {
    /** True when e-mail really leaves the process (SMTP configured). */
    mailConfigured: mailer !== undefined,
    get smsProvider(): string {
      return smsProvider.name;
    },
    /** Swaps the SMS provider (tests capture messages this way; docs/accounts.md shows how to plug a real one). */
    setSmsProvider(provider: SmsProvider) {
      smsProvider = provider;
    },

    async sendCode({ channel, to, purpose, code, locale }: CodeDelivery): Promise<void> {
      if (channel === 'sms') {
        await smsProvider.sendCode({ to, code, purpose, locale, text: codeSms(purpose, code, locale) });
        return;
      }
      if (!mailer) {
        log.info({ purpose, channel: 'email' }, `[dev delivery] code for ${to}: ${code}`);
        return;
      }
      await mailer.send({ to, ...codeMail(purpose, code, locale) });
    },

    /** An e-mail (the outbox delivers order mail through this); without SMTP it is written to the log. Throws when SMTP refuses it. */
    async sendMail(message: MailMessage): Promise<void> {
      if (!mailer) {
        log.info({ channel: 'email' }, `[dev delivery] mail to ${message.to}: ${message.subject}`);
        return;
      }
      await mailer.send(message);
    },

    close() {
      mailer?.close();
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
