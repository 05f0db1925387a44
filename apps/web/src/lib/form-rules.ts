import type { z } from 'zod';
import { VALIDATION_MESSAGES, isValidationKey, validationMessage, type TLocale } from '@cubeshop/shared';

/**
 * The forms validate with the shared request schemas of @cubeshop/shared (the same rules the
 * server applies). A rule's message is a key ('v.email'); numbers a sentence needs travel with
 * it ('v.maxLength|max=50') and are put in when the message is shown, in the page's language.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const key = issue.message;
  if (!isValidationKey(key) || !VALIDATION_MESSAGES[key].en.includes('{')) return key;
  const params: string[] = [];
  if (issue.code === 'too_big') params.push(`max=${String(issue.maximum)}`);
  if (issue.code === 'too_small') params.push(`min=${String(issue.minimum)}`);
  return params.length ? `${key}|${params.join('&')}` : key;
}

/** A form message as a sentence: shared rule keys through validationMessage, others through `t`. */
export function formMessage(message: string | undefined, locale: TLocale, t: (key: string) => string): string {
  if (!message) return '';
  const [key = '', query = ''] = message.split('|');
  if (key.startsWith('v.')) return validationMessage(key, locale, Object.fromEntries(new URLSearchParams(query)));
  return t(key);
}

/**
 * Runs `schema` over what the form would send and reports each issue on the form's field
 * (`rename` maps a request field to the form field that holds it, e.g. email -> mobile).
 */
export function reportIssues(schema: z.ZodType, value: unknown, ctx: z.RefinementCtx, rename: Record<string, string> = {}): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    const [head, ...rest] = issue.path;
    const path = typeof head === 'string' && rename[head] ? [rename[head], ...rest] : issue.path;
    ctx.addIssue({ code: 'custom', path: path, message: issueMessage(issue) });
  }
}

/** Confirmation must be filled when the password is, and match it. */
export function reportConfirmation(password: string, confirmation: string, ctx: z.RefinementCtx, path = 'confirmPassword'): void {
  if (password === '' && confirmation === '') return;
  if (confirmation === '') ctx.addIssue({ code: 'custom', path: [path], message: 'v.required' });
  else if (confirmation !== password) ctx.addIssue({ code: 'custom', path: [path], message: 'v.password.mismatch' });
}
