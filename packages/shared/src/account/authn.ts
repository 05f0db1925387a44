import { z } from 'zod';
import { ZAccountName, ZEmail, ZMobileCn, ZOtp, ZPassword } from './rules.js';

/** One-time codes (docs/architecture.md): 6 digits, 10 minutes, 5 wrong tries, a new one no sooner than 60 s. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PURPOSES = ['signup', 'signin', 'reset', 'subscribe'] as const;
export type TOtpPurpose = (typeof OTP_PURPOSES)[number];

/** Mobile sign-up and sign-in are for mainland China numbers only (+86). */
export const MOBILE_COUNTRY_CODE = '86';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** An optional field; an empty string counts as absent (forms send '' for untouched inputs). */
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Display name: required, at most 50 characters. */
export const ZPersonName = z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(50, 'v.maxLength');
/** Country or region: ISO 3166-1 alpha-2 (the server checks it is a known one). */
export const ZRegionId = z
  .string({ error: 'v.required' })
  .trim()
  .toUpperCase()
  .min(1, 'v.required')
  .regex(/^[A-Za-z]{2}$/, 'v.pattern');
/** Dialling code sent with a mobile number: 86 or +86 (anything else is refused by the server). */
export const ZCountryCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'v.digits');

/** The e-mail or mainland mobile a code goes to; exactly one is needed (e-mail wins when both come). */
const contactShape = {
  email: optionalField(ZEmail),
  mobile: optionalField(ZMobileCn),
  country_code: optionalField(ZCountryCode),
};
function requireContact(value: { email?: string | undefined; mobile?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.email === undefined && value.mobile === undefined) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'v.required' });
  }
}

/** GET /api/authn/signup/code, /signin/code, /password/code: ?email=E or ?mobile=M&country_code=86. */
export const ZCodeRequestQuery = z.object(contactShape).superRefine(requireContact);
export type TCodeRequestQuery = z.infer<typeof ZCodeRequestQuery>;

/** Answer to a code request. The same for known and unknown addresses where that matters. */
export const ZCodeSentResponse = z.object({
  ok: z.literal(true),
  /** Seconds before another code may be requested for this address. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});
export type TCodeSentResponse = z.infer<typeof ZCodeSentResponse>;

/**
 * POST /api/authn/signup. account defaults to the e-mail or mobile; a password, when given, must
 * meet the rules of docs/requirements.md, Validation (without one the buyer signs in with codes). subscribe applies
 * in e-mail mode only.
 */
export const ZSignupRequest = z
  .object({
    ...contactShape,
    name: ZPersonName,
    account: optionalField(z.string().trim().max(254, 'v.account.length')),
    password: optionalField(ZPassword),
    otp: ZOtp,
    regionId: ZRegionId,
    subscribe: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    requireContact(value, ctx);
    const { account } = value;
    // The e-mail or mobile itself is always accepted as the account name; anything else follows the account rules.
    if (account !== undefined && account.toLowerCase() !== value.email?.toLowerCase() && account !== value.mobile) {
      const result = ZAccountName.safeParse(account);
      if (!result.success) ctx.addIssue({ code: 'custom', path: ['account'], message: result.error.issues[0]?.message ?? 'v.pattern' });
    }
  });
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

/**
 * POST /api/authn/signin: {account, password} (account may be the account name, e-mail or mobile)
 * or {email | mobile, otp} after GET /api/authn/signin/code.
 */
export const ZSigninRequest = z
  .object({
    account: optionalField(z.string().trim().max(254, 'v.maxLength')),
    password: z.string().max(128, 'v.maxLength').optional(),
    ...contactShape,
    otp: optionalField(ZOtp),
  })
  .superRefine((value, ctx) => {
    const codeMode = value.password === undefined && (value.otp !== undefined || value.email !== undefined || value.mobile !== undefined);
    if (codeMode) {
      requireContact(value, ctx);
      if (value.otp === undefined) ctx.addIssue({ code: 'custom', path: ['otp'], message: 'v.required' });
      return;
    }
    if (value.account === undefined) ctx.addIssue({ code: 'custom', path: ['account'], message: 'v.required' });
    if (!value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'v.required' });
  });
export type TSigninRequest = z.infer<typeof ZSigninRequest>;

/** POST /api/authn/password: a forgotten password, reset with a code from GET /api/authn/password/code. */
export const ZPasswordResetRequest = z.object({ ...contactShape, otp: ZOtp, password: ZPassword }).superRefine(requireContact);
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** Answer to a password reset: the buyer is signed in with a fresh token; other sessions are ended. */
export const ZPasswordResetResponse = z.object({ ok: z.literal(true), token: z.string() });
export type TPasswordResetResponse = z.infer<typeof ZPasswordResetResponse>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;
