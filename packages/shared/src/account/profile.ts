import { z } from 'zod';
import { optionalField, ZPersonName, ZRegionId } from './authn.js';
import { ZEmail, ZOtp, ZPassword } from './rules.js';

/** PUT /api/user: any of name, nickname and region; absent fields stay as they are. */
export const ZUpdateUserRequest = z.object({
  name: optionalField(ZPersonName),
  nickname: z.string().trim().max(50, 'v.maxLength').optional(),
  regionId: optionalField(ZRegionId),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** PUT /api/user/reset-pwd: change the password while signed in. */
export const ZChangePasswordRequest = z.object({
  oldPassword: z.string({ error: 'v.required' }).min(1, 'v.required').max(128, 'v.maxLength'),
  newPassword: ZPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** GET /api/user/subscribe/code?email=E */
export const ZSubscribeCodeQuery = z.object({ email: ZEmail });
/** POST /api/user/subscribe */
export const ZSubscribeRequest = z.object({ email: ZEmail, otp: ZOtp });
export type TSubscribeRequest = z.infer<typeof ZSubscribeRequest>;
/** Answer to POST and DELETE /api/user/subscribe. */
export const ZSubscribeResponse = z.object({ ok: z.literal(true), subscribeEmail: z.string().nullable() });
export type TSubscribeResponse = z.infer<typeof ZSubscribeResponse>;
