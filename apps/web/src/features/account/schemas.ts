import { z } from 'zod';
import {
  MOBILE_COUNTRY_CODE,
  ZChangePasswordRequest,
  ZEmail,
  ZMobileCn,
  ZOtp,
  ZPasswordLinkSet,
  ZPasswordResetRequest,
  ZPersonName,
  ZSigninRequest,
  ZSignupRequest,
  ZUpdateUserRequest,
} from '@cubeshop/shared';
import { reportConfirmation, reportIssues } from '@/lib/form-rules';
import type { TContactMode } from './lib/register-type';

/**
 * Form values and their validation. Every rule comes from the shared request schemas (docs/requirements.md,
 * Validation); the forms only add what a request does not carry (confirmation, agreement).
 */

const contactMode = z.enum(['mobile', 'email']);

/** The contact part of a code request or a code-based call. */
export function contactOf(mode: TContactMode, values: { email: string; mobile: string }): { email: string } | { mobile: string; country_code: string } {
  return mode === 'email' ? { email: values.email.trim() } : { mobile: values.mobile.trim(), country_code: MOBILE_COUNTRY_CODE };
}

/** In mobile mode a missing contact is reported on the mobile field (the shared rule names email). */
const contactRename = (mode: TContactMode): Record<string, string> => (mode === 'mobile' ? { email: 'mobile', country_code: 'mobile' } : {});

/* ---------- register ---------- */

export interface RegisterFormValues {
  mode: TContactMode;
  email: string;
  mobile: string;
  name: string;
  regionId: string;
  otp: string;
  account: string;
  password: string;
  confirmPassword: string;
  subscribe: boolean;
  agree: boolean;
}

/** POST /api/authn/signup body for the form's values (the newsletter box counts in e-mail mode only). */
export function toSignupRequest(values: RegisterFormValues) {
  return {
    ...contactOf(values.mode, values),
    name: values.name,
    account: values.account,
    password: values.password,
    otp: values.otp,
    regionId: values.regionId,
    ...(values.mode === 'email' ? { subscribe: values.subscribe } : {}),
  };
}

export const registerFormSchema = z
  .object({
    mode: contactMode,
    email: z.string(),
    mobile: z.string(),
    name: z.string(),
    regionId: z.string(),
    otp: z.string(),
    account: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    subscribe: z.boolean(),
    agree: z.boolean(),
  })
  .superRefine((values, ctx) => {
    reportIssues(ZSignupRequest, toSignupRequest(values), ctx, contactRename(values.mode));
    reportConfirmation(values.password, values.confirmPassword, ctx);
  });

/* ---------- login ---------- */

export interface PasswordLoginValues {
  account: string;
  password: string;
}

export const passwordLoginSchema = z.object({ account: z.string(), password: z.string() }).superRefine((values, ctx) => {
  reportIssues(ZSigninRequest, { account: values.account, password: values.password }, ctx);
});

export interface CodeFormValues {
  mode: TContactMode;
  email: string;
  mobile: string;
  otp: string;
}

const contactRules = { email: z.object({ email: ZEmail }), mobile: z.object({ mobile: ZMobileCn }) } as const;
const ZOtpOnly = z.object({ otp: ZOtp });

export const codeLoginSchema = z.object({ mode: contactMode, email: z.string(), mobile: z.string(), otp: z.string() }).superRefine((values, ctx) => {
  reportIssues(contactRules[values.mode], values, ctx);
  reportIssues(ZOtpOnly, values, ctx);
});

/** POST /api/authn/signin body in code mode. */
export function toCodeSigninRequest(values: CodeFormValues) {
  return { ...contactOf(values.mode, values), otp: values.otp.trim() };
}

/* ---------- forgotten password ---------- */

export interface ResetFormValues extends CodeFormValues {
  password: string;
  confirmPassword: string;
}

export function toResetRequest(values: ResetFormValues) {
  return { ...contactOf(values.mode, values), otp: values.otp.trim(), password: values.password };
}

export const resetFormSchema = z
  .object({ mode: contactMode, email: z.string(), mobile: z.string(), otp: z.string(), password: z.string(), confirmPassword: z.string() })
  .superRefine((values, ctx) => {
    reportIssues(ZPasswordResetRequest, toResetRequest(values), ctx, contactRename(values.mode));
    reportConfirmation(values.password, values.confirmPassword, ctx);
  });

/* ---------- a password set with a mailed link (staff invitation, forced reset) ---------- */

export interface SetPasswordValues {
  password: string;
  confirmPassword: string;
}

export const setPasswordSchema = z.object({ password: z.string(), confirmPassword: z.string() }).superRefine((values, ctx) => {
  reportIssues(ZPasswordLinkSet.pick({ password: true }), { password: values.password }, ctx);
  reportConfirmation(values.password, values.confirmPassword, ctx);
});

/* ---------- profile ---------- */

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const changePasswordSchema = z.object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() }).superRefine((values, ctx) => {
  reportIssues(ZChangePasswordRequest, { oldPassword: values.oldPassword, newPassword: values.newPassword }, ctx);
  reportConfirmation(values.newPassword, values.confirmPassword, ctx);
});

export interface ProfileInfoValues {
  name: string;
  nickname: string;
  regionId: string;
}

const ZProfileRest = ZUpdateUserRequest.omit({ name: true });
const ZProfileName = z.object({ name: ZPersonName });

export const profileInfoSchema = z.object({ name: z.string(), nickname: z.string(), regionId: z.string() }).superRefine((values, ctx) => {
  // The name stays required here: clearing it is not a way to keep it.
  reportIssues(ZProfileName, values, ctx);
  reportIssues(ZProfileRest, values, ctx);
});
