import { z } from 'zod';

/**
 * Every error the API returns has this body (docs/requirements.md, Errors: the client shows `desc`).
 * `code` is a stable machine-readable name; `desc` is a human sentence in the request's language.
 */
export const ZApiError = z.object({
  code: z.string(),
  desc: z.string(),
  /** Extra facts a client may use, for example the seconds left before a code can be resent. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];
