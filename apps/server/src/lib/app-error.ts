import { isValidationKey, validationMessage, type TErrorCode, type TLocale } from '@cubeshop/shared';
import { message, type MessageKey } from './messages.js';

/**
 * The one kind of error the shop's code throws on purpose, from a service, a route or a socket
 * handler. It says *what* went wrong: `code` (the kind: not found, conflict, ...), `messageKey`
 * (the sentence, in either language, with `params`) and `details` (facts a client may use). It
 * never says how to answer: `plugins/errors.ts` maps the code to an HTTP status, the chat gateway
 * to an error frame and the CLI's printer to a line of text, each in one place.
 */
export class DomainError extends Error {
  constructor(
    public readonly code: TErrorCode,
    public readonly messageKey: MessageKey,
    public readonly params: Record<string, string | number> = {},
    public readonly details?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'DomainError';
  }
}

export const isDomainError = (err: unknown): err is DomainError => err instanceof DomainError;

type Params = Record<string, string | number>;

/** The request or the input is wrong (a rule, a missing field, an unknown reference). */
export const badRequest = (key: MessageKey = 'badRequest', params?: Params, details?: Record<string, unknown>) =>
  new DomainError('BAD_REQUEST', key, params, details);
/** No valid session. */
export const unauthorized = (key: MessageKey = 'unauthorized') => new DomainError('UNAUTHORIZED', key);
/** A valid session that may not do this. */
export const forbidden = (key: MessageKey = 'forbidden') => new DomainError('FORBIDDEN', key);
/** It does not exist, or it is not the caller's (never tell the two apart). */
export const notFound = (key: MessageKey = 'notFound') => new DomainError('NOT_FOUND', key);
/** The request is valid but the thing's current state refuses it (ended, changed meanwhile, reused key). */
export const conflict = (key: MessageKey, params?: Params, details?: Record<string, unknown>) => new DomainError('CONFLICT', key, params, details);
/** Too many attempts: `retryAfter` seconds until the next one may succeed. */
export const tooManyRequests = (key: MessageKey, retryAfter: number, params?: Params) =>
  new DomainError('TOO_MANY_REQUESTS', key, { seconds: retryAfter, ...params }, { retryAfter });
/** Something we depend on (mail, SMS, the database) failed; trying again later may work. */
export const unavailable = (key: MessageKey = 'unavailable', details?: Record<string, unknown>) => new DomainError('UNAVAILABLE', key, {}, details);

/**
 * A field that breaks one of the shared rules (`rule` is a validation key such as 'v.email'): the
 * sentence is the rule's own, as when a route's schema refuses the field.
 */
export const invalidField = (field: string, rule: string) => new DomainError('BAD_REQUEST', 'badRequest', {}, { field, rule });

/** The sentence of a domain error in a language (HTTP desc, chat error frame, CLI line). */
export function describeError(err: DomainError, locale: TLocale): string {
  // A bare rule refusal (invalidField) reads as the rule; an error with a sentence of its own keeps it.
  const rule = err.details?.rule;
  if (err.messageKey === 'badRequest' && typeof rule === 'string' && isValidationKey(rule)) return validationMessage(rule, locale, err.params);
  return message(err.messageKey, locale, err.params);
}
