import { isValidationKey, validationMessage } from '@cubeshop/shared';
import { isApiError } from '@/lib/api-client';
import { getLocale } from '@/lib/locale';

/**
 * The one way a refused change becomes words on a staff screen. The server's error body is
 * `{code, desc, details?}` (docs/requirements.md, Errors; apps/server/src/plugins/errors.ts):
 * `desc` is already a sentence in the request's language, and `details.field` names the field a
 * rule refused (a validation failure, a domain rule such as a barcode already in use).
 */
export interface TServerError {
  /** The field of the form the refusal names ('contact.email', 'priceTiers.0.price'), when it names one. */
  field?: string;
  /** What to show, in the user's language. */
  message: string;
  /** The server's machine-readable code ('BAD_REQUEST', 'CONFLICT' ...), when there was an answer. */
  code?: string;
}

/** Parts of a request a field path may start with; only the body's fields are a form's. */
const REQUEST_PARTS = new Set(['body', 'querystring', 'params', 'headers']);

/** `details.field` as a form field: 'body.contact.email' and 'contact.email' both name contact.email; a query or path parameter names none. */
function formField(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  const [head = '', ...rest] = raw.split('.');
  if (!REQUEST_PARTS.has(head)) return raw;
  return head === 'body' && rest.length > 0 ? rest.join('.') : undefined;
}

/** A shared rule's key ('v.required') as a sentence in the user's language; any other text as it is. */
export const ruleText = (message: string | undefined): string =>
  message && isValidationKey(message) ? validationMessage(message, getLocale()) : (message ?? '');

/**
 * A failure as field and sentence: the server's `desc` for an answer (an HTTP error), the client's
 * own translated sentence when there was none (network, timeout), an Error's message otherwise.
 */
export function serverError(err: unknown): TServerError {
  if (isApiError(err)) {
    const field = formField(err.details?.field);
    // No answer (network, timeout ...): `message` is the client's sentence in the user's language; `desc` may be the browser's.
    const message = err.kind === 'http' ? err.desc || err.message : err.message;
    return { ...(field ? { field } : {}), message: ruleText(message), ...(err.code ? { code: err.code } : {}) };
  }
  if (err instanceof Error) return { message: ruleText(err.message) };
  return { message: typeof err === 'string' ? ruleText(err) : '' };
}

/** The sentence of a failure (a toast, a line under a form). */
export const errorText = (err: unknown): string => serverError(err).message;
