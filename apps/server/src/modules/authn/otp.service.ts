import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CODE_RESEND_SECONDS,
  MOBILE_COUNTRY_CODE,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  type TCodeSentResponse,
  type TLocale,
  type TOtpPurpose,
} from '@cubeshop/shared';
import { badRequest, unavailable } from '../../lib/app-error.js';
import type { NotificationService } from '../notifications/notifications.service.js';
import { limitedError, type Limits } from './limits.js';
import type { OtpRepository } from './otp.repository.js';

/** Where a code goes: an e-mail address, or a mainland mobile number (11 digits, without +86). */
export type Contact = { kind: 'email'; value: string } | { kind: 'mobile'; value: string };

/** The stored and rate-limited form of a contact: lower-case e-mail, or an E.164 mobile number. */
export function contactTarget(contact: Contact): string {
  return contact.kind === 'email' ? contact.value.trim().toLowerCase() : `+${MOBILE_COUNTRY_CODE}${contact.value}`;
}

/**
 * How a code reaches its owner: 'await' reports a failed delivery to the caller; 'background' answers
 * before the mail server does (the answer must not depend on whether the address belongs to an
 * account); 'none' stores the code and sends nothing (an address with no account behind it).
 */
export type Delivery = 'await' | 'background' | 'none';

export interface IssueInput {
  purpose: TOtpPurpose;
  contact: Contact;
  locale: TLocale;
  ip: string;
  delivery: Delivery;
  /** Runs after the per-IP limit counted the request and before a code is made (e.g. "already registered"). */
  guard?: () => Promise<void>;
  /**
   * The signed-in account that chose the address (the newsletter's code): it may ask for
   * LIMITS.codeAccount codes an hour, to LIMITS.codeAccountTargets different addresses a day
   * (docs/accounts.md, Codes to an address a buyer types).
   */
  account?: number | undefined;
}

export interface OtpDeps {
  repo: OtpRepository;
  limits: Limits;
  notifications: NotificationService;
  log: FastifyBaseLogger;
  now: () => Date;
}

const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
const KEEP_EXPIRED_MS = 24 * 3600_000;

function hashCode(purpose: TOtpPurpose, target: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');
}

/** A uniformly random 6-digit code from the system's cryptographic generator. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** One-time codes: made, stored hashed, sent, checked once. */
export function createOtpService({ repo, limits, notifications, log, now }: OtpDeps) {
  let lastHousekeeping = 0;

  function housekeeping(at: Date) {
    if (at.getTime() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = at.getTime();
    repo.deleteExpired(new Date(at.getTime() - KEEP_EXPIRED_MS)).catch((err: unknown) => log.warn({ err }, 'one-time code housekeeping failed'));
  }

  async function waitLeft(purpose: TOtpPurpose, target: string, at: Date): Promise<number> {
    const last = await repo.find(purpose, target);
    if (!last) return 0;
    const left = last.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - at.getTime();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  const resendWait = (seconds: number) => badRequest('codeResendWait', { seconds }, { retryAfter: seconds });

  return {
    /** Makes a code for purpose and contact and sends it, within the resend interval and the rate limits. */
    async issue({ purpose, contact, locale, ip, delivery, guard, account }: IssueInput): Promise<TCodeSentResponse> {
      const target = contactTarget(contact);
      const ipWait = await limits.codeIp.hit(ip);
      if (ipWait) throw limitedError('codeIpLimited', ipWait);
      await guard?.();

      const at = now();
      const wait = await waitLeft(purpose, target, at);
      if (wait) throw resendWait(wait);
      const accountKey = account === undefined ? undefined : String(account);
      if (accountKey) {
        const accountWait = await limits.codeAccount.hit(accountKey);
        if (accountWait) throw limitedError('codeAccountLimited', accountWait);
        // A new address for this account today counts against its few addresses a day.
        const pair = `${accountKey}:${target}`;
        if ((await limits.codeAccountPair.count(pair)) === 1) {
          const targetsWait = await limits.codeAccountTargets.hit(accountKey);
          if (targetsWait) {
            await limits.codeAccountPair.reset(pair);
            await limits.codeAccount.refund(accountKey);
            throw limitedError('codeAccountLimited', targetsWait);
          }
        }
      }
      const targetWait = await limits.codeTarget.hit(target);
      if (targetWait) throw limitedError('codeTargetLimited', targetWait);

      const code = newCode();
      const codeHash = hashCode(purpose, target, code);
      const stored = await repo.put(
        { purpose, target, codeHash, createdAt: at, expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000) },
        new Date(at.getTime() - CODE_RESEND_SECONDS * 1000),
      );
      if (!stored) {
        // Another request for the same address won the race.
        await limits.codeTarget.refund(target);
        throw resendWait((await waitLeft(purpose, target, at)) || CODE_RESEND_SECONDS);
      }
      housekeeping(at);

      const send = () =>
        notifications.sendCode({
          channel: contact.kind === 'email' ? 'email' : 'sms',
          to: contact.kind === 'email' ? contact.value.trim() : target,
          purpose,
          code,
          locale,
        });
      if (delivery === 'await') {
        try {
          await send();
        } catch (err) {
          log.error({ err, purpose }, 'sending a one-time code failed');
          // The buyer may try again at once (the client resets its countdown on failure).
          await repo.delete(purpose, target, codeHash);
          await limits.codeTarget.refund(target);
          if (accountKey) await limits.codeAccount.refund(accountKey);
          throw unavailable('codeSendFailed');
        }
      } else if (delivery === 'background') {
        send().catch((err: unknown) => log.error({ err, purpose }, 'sending a one-time code failed'));
      }
      return { ok: true, resendAfter: CODE_RESEND_SECONDS, expiresIn: OTP_TTL_SECONDS };
    },

    /**
     * Checks a code and uses it up. Every try counts, so after 5 wrong tries even the right code is
     * refused until a new one is requested. Throws a BAD_REQUEST domain error when the code does not pass.
     */
    async verify(purpose: TOtpPurpose, contact: Contact, code: string): Promise<void> {
      const target = contactTarget(contact);
      const at = now();
      const storedHash = await repo.countAttempt(purpose, target, at, OTP_MAX_ATTEMPTS);
      if (storedHash === undefined) {
        const row = await repo.find(purpose, target);
        const exhausted = row && !row.consumedAt && row.expiresAt > at && row.attempts >= OTP_MAX_ATTEMPTS;
        throw badRequest(exhausted ? 'codeTooManyAttempts' : 'codeInvalid');
      }
      const given = Buffer.from(hashCode(purpose, target, code.trim()), 'hex');
      const matches = timingSafeEqual(given, Buffer.from(storedHash, 'hex'));
      if (!matches || !(await repo.consume(purpose, target, storedHash, at))) throw badRequest('codeInvalid');
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
