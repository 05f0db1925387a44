import { z } from 'zod';
import { ZStaffRole } from '../staff/roles.js';

/** GET /api/user (docs/requirements.md, Data, User). */
export const ZUser = z.object({
  id: z.number(),
  account: z.string(),
  username: z.string(),
  name: z.string(),
  nickname: z.string(),
  /** True for every staff member (the public API's flag; docs/glossary.md); `role` says which. */
  admin: z.boolean(),
  role: ZStaffRole.nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  regionId: z.string().nullable(),
  subscribeEmail: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/** A user is anonymous when there is no account or the account is "anonymous" (docs/requirements.md, States). */
export function isAnonymousUser(user: { account?: string | null } | null | undefined): boolean {
  return !user?.account || user.account === 'anonymous';
}
