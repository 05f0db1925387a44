import { describe, expect, it } from 'vitest';
import { ZCodeRequestQuery, ZSigninRequest, ZSignupRequest } from './authn.js';
import { ZChangePasswordRequest, ZUpdateUserRequest } from './profile.js';

const issue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const first = result.error?.issues[0];
  return first ? `${first.path.join('.')}:${first.message}` : 'ok';
};

describe('account request schemas', () => {
  const signup = { email: 'li@example.com', name: 'Li', otp: '123456', regionId: 'cn' };

  it('sign-up: e-mail or mobile, the own address as account, empty fields as absent', () => {
    expect(ZSignupRequest.parse(signup)).toMatchObject({ regionId: 'CN' });
    expect(issue(ZSignupRequest.safeParse({ ...signup, email: '' }))).toBe('email:v.required');
    expect(issue(ZSignupRequest.safeParse({ ...signup, email: undefined, mobile: '13812345678' }))).toBe('ok');
    expect(issue(ZSignupRequest.safeParse({ ...signup, account: '', password: '' }))).toBe('ok');
    expect(issue(ZSignupRequest.safeParse({ ...signup, email: 'a.very.long.address+tag@example.com', account: 'A.Very.Long.Address+tag@example.com' }))).toBe(
      'ok',
    );
    expect(issue(ZSignupRequest.safeParse({ ...signup, account: 'ab' }))).toBe('account:v.account.min3');
    expect(issue(ZSignupRequest.safeParse({ ...signup, password: 'onlyletters' }))).toBe('password:v.password.kinds');
    expect(issue(ZSignupRequest.safeParse({ ...signup, regionId: 'CHN' }))).toBe('regionId:v.pattern');
  });

  it('sign-in: password mode or code mode', () => {
    expect(issue(ZSigninRequest.safeParse({ account: 'li_wei', password: 'x' }))).toBe('ok');
    expect(issue(ZSigninRequest.safeParse({ email: 'li@example.com', otp: '123456' }))).toBe('ok');
    expect(issue(ZSigninRequest.safeParse({ account: 'li_wei' }))).toBe('password:v.required');
    expect(issue(ZSigninRequest.safeParse({ mobile: '13812345678' }))).toBe('otp:v.required');
    expect(issue(ZSigninRequest.safeParse({ otp: '123456' }))).toBe('email:v.required');
    expect(issue(ZSigninRequest.safeParse({}))).toBe('account:v.required');
  });

  it('code requests, profile and password change', () => {
    expect(issue(ZCodeRequestQuery.safeParse({ mobile: '13812345678', country_code: '+86' }))).toBe('ok');
    expect(issue(ZCodeRequestQuery.safeParse({ mobile: '12812345678' }))).toBe('mobile:v.mobileCn');
    expect(issue(ZUpdateUserRequest.safeParse({ name: 'x'.repeat(51) }))).toBe('name:v.maxLength');
    expect(issue(ZChangePasswordRequest.safeParse({ oldPassword: '', newPassword: 'Abc123' }))).toBe('oldPassword:v.required');
  });
});
