import { z } from 'zod';
import { ZEmail } from '../account/rules.js';
import { ZLocale } from '../i18n/locale.schema.js';
import { ZStaffRole } from './roles.js';

/**
 * Staff accounts (docs/accounts.md, Staff accounts): the owner lists the staff, invites a new
 * member by e-mail with a role, changes a role, disables or enables an account and forces a
 * password reset. Capability `staff.manage` (owner only).
 */

/** One staff member as the owner sees them (GET /api/admin/staff). */
export const ZStaffMember = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: ZStaffRole,
  /** The language of their mail. */
  locale: ZLocale,
  /** Set when the account is disabled: it cannot sign in, its sessions ended. */
  disabledTime: z.string().nullable(),
  /** Whether they have a password; false: invited (or reset) and not yet set with the mailed link. */
  passwordSet: z.boolean(),
  /** When they last signed in (their newest session); null: never, as far as the shop knows. */
  lastSigninTime: z.string().nullable(),
  createdTime: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

/** GET /api/admin/staff: every staff member, oldest first. */
export const ZStaffList = z.object({ data: z.array(ZStaffMember) });
export type TStaffList = z.infer<typeof ZStaffList>;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST /api/admin/staff: the account name is the e-mail; the mail goes out in `locale` (default: the shop's, zh). */
export const ZStaffInvite = z.object({
  email: ZEmail,
  name: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(50, 'v.maxLength'),
  role: ZStaffRole,
  locale: z.preprocess(blank, ZLocale.optional()),
});
export type TStaffInvite = z.infer<typeof ZStaffInvite>;
export type TStaffInviteInput = z.input<typeof ZStaffInvite>;

/**
 * PUT /api/admin/staff/{id}: any of a new role, disabled or enabled, and a forced password reset
 * (the password is cleared and a link to set a new one is mailed). At least one is needed.
 */
export const ZStaffChange = z
  .object({
    role: ZStaffRole.optional(),
    disabled: z.boolean().optional(),
    resetPassword: z.literal(true).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined || v.resetPassword !== undefined, { message: 'v.required', path: ['role'] });
export type TStaffChange = z.infer<typeof ZStaffChange>;
