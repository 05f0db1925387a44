import type { TCodeSentResponse, TOkResponse, TPasswordResetResponse, TSubscribeResponse, TTokenResponse, TUser } from '@cubeshop/shared';
import { api } from '@/lib/api-client';

/**
 * The account calls (docs/accounts.md). Form calls are `silent`: the screen shows the reason in
 * its own words and place (docs/architecture.md: failures show the reason) instead of a generic toast.
 */

export type TContact = { email: string } | { mobile: string; country_code: string };
export type TCodePurpose = 'signup' | 'signin' | 'reset';

const codePaths: Record<TCodePurpose, string> = {
  signup: '/api/authn/signup/code',
  signin: '/api/authn/signin/code',
  reset: '/api/authn/password/code',
};

/** GET /api/authn/{signup,signin,password}/code?email=E | ?mobile=M&country_code=86 */
export function requestCode(purpose: TCodePurpose, contact: TContact): Promise<TCodeSentResponse> {
  return api.get<TCodeSentResponse>(codePaths[purpose], { params: contact, silent: true });
}

export interface TSignupBody {
  email?: string;
  mobile?: string;
  country_code?: string;
  name: string;
  account: string;
  password: string;
  otp: string;
  regionId: string;
  subscribe?: boolean;
}

/** POST /api/authn/signup: the token of the new account (absent: sign in on /login). */
export function signup(body: TSignupBody): Promise<Partial<TTokenResponse> | null> {
  return api.post<Partial<TTokenResponse> | null>('/api/authn/signup', body, { silent: true, skipAuthHandling: true });
}

export type TSigninBody = { account: string; password: string } | (TContact & { otp: string });

/** POST /api/authn/signin: {account, password} or {email | mobile, otp}. */
export function signin(body: TSigninBody): Promise<TTokenResponse> {
  return api.post<TTokenResponse>('/api/authn/signin', body, { silent: true, skipAuthHandling: true });
}

/** POST /api/authn/password: a forgotten password; the answer signs the buyer in. */
export function resetPassword(body: TContact & { otp: string; password: string }): Promise<Partial<TPasswordResetResponse> | null> {
  return api.post<Partial<TPasswordResetResponse> | null>('/api/authn/password', body, { silent: true, skipAuthHandling: true });
}

/** PUT /api/user: name, nickname, region. */
export function updateUser(body: { name?: string; nickname?: string; regionId?: string }): Promise<TUser> {
  return api.put<TUser>('/api/user', body, { silent: true });
}

/** PUT /api/user/reset-pwd: change the password while signed in. */
export function changePassword(body: { oldPassword: string; newPassword: string }): Promise<TOkResponse> {
  return api.put<TOkResponse>('/api/user/reset-pwd', body, { silent: true });
}

/** DELETE /api/user/subscribe */
export function unsubscribeNewsletter(): Promise<TSubscribeResponse> {
  return api.delete<TSubscribeResponse>('/api/user/subscribe', { silent: true });
}
