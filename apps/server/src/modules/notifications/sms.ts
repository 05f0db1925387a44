import type { FastifyBaseLogger } from 'fastify';
import type { TLocale, TOtpPurpose } from '@cubeshop/shared';

export interface SmsCodeMessage {
  /** E.164, e.g. +8613812345678. */
  to: string;
  code: string;
  purpose: TOtpPurpose;
  locale: TLocale;
  /** The whole text in the buyer's language, for providers that take free text. */
  text: string;
}

/**
 * Sends a code by text message. Mainland providers (Aliyun SMS, Tencent Cloud SMS) send approved
 * templates with parameters: use `code`, `purpose` and `locale` to pick the template and fill it;
 * providers that take free text send `text`. See docs/accounts.md for how to plug one in.
 */
export interface SmsProvider {
  readonly name: string;
  sendCode(message: SmsCodeMessage): Promise<void>;
}

/** The default: no SMS is sent; the code is written to the server log as development delivery. */
export function createLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    sendCode({ to, code, purpose }) {
      log.info({ purpose, channel: 'sms' }, `[dev delivery] code for ${to}: ${code}`);
      return Promise.resolve();
    },
  };
}
