import { z } from 'zod';
import { ZStaffRole } from '../staff/roles.js';
import { ZPassword } from './rules.js';

/**
 * Password links (docs/accounts.md, Staff accounts): a mailed link that sets a password, sent when
 * the owner invites a staff member ('invite') or forces a password reset ('reset'). The token is in
 * the link's fragment (`/set-password#<token>`), so it never reaches a server log or a Referer.
 */
export const PASSWORD_LINK_PURPOSES = ['invite', 'reset'] as const;
export const ZPasswordLinkPurpose = z.enum(PASSWORD_LINK_PURPOSES);
export type TPasswordLinkPurpose = z.infer<typeof ZPasswordLinkPurpose>;

/** An invitation's link works this long; a forced reset's too (a newer link replaces an unused older one). */
export const PASSWORD_LINK_TTL_HOURS: Record<TPasswordLinkPurpose, number> = { invite: 72, reset: 24 };

/** The token of a link: 256 random bits, base64url (43 characters). */
const ZLinkToken = z.string({ error: 'v.required' }).trim().min(16, 'v.required').max(256, 'v.maxLength');

/** POST /api/authn/password/link/check: whether a link still works, and for whom. */
export const ZPasswordLinkCheck = z.object({ token: ZLinkToken });
export type TPasswordLinkCheck = z.infer<typeof ZPasswordLinkCheck>;

export const ZPasswordLinkInfo = z.object({
  purpose: ZPasswordLinkPurpose,
  account: z.string(),
  name: z.string(),
  /** The staff role the account has (null: a buyer). */
  role: ZStaffRole.nullable(),
  expiresTime: z.string(),
});
export type TPasswordLinkInfo = z.infer<typeof ZPasswordLinkInfo>;

/** POST /api/authn/password/link: sets the password once; the answer signs in (every other session ends). */
export const ZPasswordLinkSet = z.object({ token: ZLinkToken, password: ZPassword });
export type TPasswordLinkSet = z.infer<typeof ZPasswordLinkSet>;
