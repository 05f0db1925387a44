import { z } from 'zod';

/** Account: 6-20 characters; letters, digits and _ . - @ only (docs/requirements.md, Validation). */
export const ZAccountName = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, 'v.required')
  .min(3, 'v.account.min3')
  .min(6, 'v.account.length')
  .max(20, 'v.account.length')
  .regex(/^[A-Za-z0-9_.\-@]+$/, 'v.account.chars');

/** How many of lowercase, uppercase, digits and symbols a password uses. */
export function passwordKinds(value: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

/** Password: 6-20 characters and at least two kinds (docs/requirements.md, Validation). */
export const ZPassword = z
  .string({ error: 'v.required' })
  .min(1, 'v.required')
  .min(6, 'v.password.min')
  .max(20, 'v.password.length')
  .refine((v) => passwordKinds(v) >= 2, 'v.password.kinds');

export const ZEmail = z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(254, 'v.email').pipe(z.email('v.email'));

/** Mainland China mobile: starts with 1, second digit 3-9, 11 digits. */
export const MOBILE_CN_PATTERN = /^1[3-9]\d{9}$/;
export const ZMobileCn = z.string({ error: 'v.required' }).trim().min(1, 'v.required').regex(MOBILE_CN_PATTERN, 'v.mobileCn');

/** One-time code: 6 digits. */
export const ZOtp = z.string({ error: 'v.required' }).trim().min(1, 'v.required').regex(/^\d+$/, 'v.digits').length(6, 'v.otp');

/** Phone on an address: digits, spaces, hyphen, plus and parentheses. */
export const ZPhone = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, 'v.required')
  .max(32, 'v.phone')
  .regex(/^[\d\s\-+()]+$/, 'v.phone');
