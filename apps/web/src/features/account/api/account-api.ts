import type { TCodeSentResponse, TOkResponse, TPasswordLinkInfo, TPasswordResetResponse, TSubscribeResponse, TTokenResponse, TUser } from '@cubeshop/shared';
import { api, type ApiBody, type ApiPath } from '@/lib/api';

/**
 * The account calls (docs/accounts.md). Form calls are `silent`: the screen shows the reason in
 * its own words and place (docs/architecture.md: failures show the reason) instead of a generic toast.
 */

export type TContact = { email: string } | { mobile: string; country_code: string };
export type TCodePurpose = 'signup' | 'signin' | 'reset';

const codePaths = {
  signup: '/api/authn/signup/code',
  signin: '/api/authn/signin/code',
  reset: '/api/authn/password/code',
} as const satisfies Record<TCodePurpose, ApiPath<'get'>>;

/** GET /api/authn/{signup,signin,password}/code?email=E | ?mobile=M&country_code=86 */
export function requestCode(purpose: TCodePurpose, contact: TContact): Promise<TCodeSentResponse> {
  return api.GET(codePaths[purpose], { params: { query: contact }, silent: true });
}

/** POST /api/authn/signup: the token of the new account. */
export function signup(body: ApiBody<'post', '/api/authn/signup'>): Promise<TTokenResponse> {
  return api.POST('/api/authn/signup', { body, silent: true, skipAuthHandling: true });
}

/** POST /api/authn/signin: {account, password} or {email | mobile, otp}. */
export function signin(body: ApiBody<'post', '/api/authn/signin'>): Promise<TTokenResponse> {
  return api.POST('/api/authn/signin', { body, silent: true, skipAuthHandling: true });
}

/** POST /api/authn/password: a forgotten password; the answer signs the buyer in. */
export function resetPassword(body: ApiBody<'post', '/api/authn/password'>): Promise<TPasswordResetResponse> {
  return api.POST('/api/authn/password', { body, silent: true, skipAuthHandling: true });
}

/** POST /api/authn/password/link/check: whether a mailed password link still works, and for whom. */
export function checkPasswordLink(token: string): Promise<TPasswordLinkInfo> {
  return api.POST('/api/authn/password/link/check', { body: { token }, silent: true, skipAuthHandling: true });
}

/** POST /api/authn/password/link: sets the password with a mailed link; the answer signs in. */
export function setPasswordByLink(body: ApiBody<'post', '/api/authn/password/link'>): Promise<TPasswordResetResponse> {
  return api.POST('/api/authn/password/link', { body, silent: true, skipAuthHandling: true });
}

/** PUT /api/user: name, nickname, region. */
export function updateUser(body: ApiBody<'put', '/api/user'>): Promise<TUser> {
  return api.PUT('/api/user', { body, silent: true });
}

/** PUT /api/user/reset-pwd: change the password while signed in. */
export function changePassword(body: ApiBody<'put', '/api/user/reset-pwd'>): Promise<TOkResponse> {
  return api.PUT('/api/user/reset-pwd', { body, silent: true });
}

/** DELETE /api/user/subscribe */
export function unsubscribeNewsletter(): Promise<TSubscribeResponse> {
  return api.DELETE('/api/user/subscribe', { silent: true });
}
