import { CODE_RESEND_SECONDS } from '@cubeshop/shared';

/** The footer's simple e-mail check (docs/requirements.md, Validation: a simple {email} pattern). */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type NewsletterWarning = 'newsletter.loginFirst' | 'newsletter.allRequired' | 'newsletter.emailRequired' | 'newsletter.emailInvalid';

/** Subscribe: signed in, both fields filled, a plausible e-mail. Returns the warning key or null. */
export function checkSubscribe(input: { isAnonymous: boolean; email: string; code: string }): NewsletterWarning | null {
  if (input.isAnonymous) return 'newsletter.loginFirst';
  if (!input.email.trim() || !input.code.trim()) return 'newsletter.allRequired';
  if (!SIMPLE_EMAIL.test(input.email.trim())) return 'newsletter.emailInvalid';
  return null;
}

/** Get code: signed in and a plausible e-mail. */
export function checkGetCode(input: { isAnonymous: boolean; email: string }): NewsletterWarning | null {
  if (input.isAnonymous) return 'newsletter.loginFirst';
  if (!input.email.trim()) return 'newsletter.emailRequired';
  if (!SIMPLE_EMAIL.test(input.email.trim())) return 'newsletter.emailInvalid';
  return null;
}

/** Seconds left before another code may be requested, from the stored send time (ms). */
export function secondsUntilResend(lastSentAt: number | null, now: number, wait = CODE_RESEND_SECONDS): number {
  if (!lastSentAt || !Number.isFinite(lastSentAt)) return 0;
  const elapsed = Math.max(0, now - lastSentAt);
  return Math.min(wait, Math.max(0, wait - Math.floor(elapsed / 1000)));
}

/**
 * The send time to store when the server refused a code and said how long to wait
 * (`details.retryAfter`): the countdown then shows that wait (at most the usual 60 s).
 */
export function sendTimeForWait(retryAfterSeconds: number, now: number, wait = CODE_RESEND_SECONDS): number {
  const left = Math.min(wait, Math.max(0, Math.ceil(retryAfterSeconds)));
  return now - (wait - left) * 1000;
}
