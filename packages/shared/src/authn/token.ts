import { z } from 'zod';

export const ZTokenResponse = z.object({ token: z.string() });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** The chat connection opens only with a stored token of at least this length (docs/requirements.md, Validation). */
export const MIN_TOKEN_LENGTH = 10;
/** A session ends after this long without use. */
export const SESSION_IDLE_DAYS = 30;
