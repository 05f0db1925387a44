import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessage } from '@cubeshop/shared';
import { apiClient, randomIp, uniqueEmail, type ApiClient } from '../../test/accounts.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';

// Every rule of docs/requirements.md, Validation that applies to the account endpoints, checked by the server with the
// shared zod rules; desc is the rule's sentence in the request language, details name field and rule.
let t: TestApp;
let client: ApiClient;
/** Every call from its own address, so the per-IP request limits of sign-up and sign-in stay out of the way. */
const api: ApiClient = (method, url, options = {}) => client(method, url, { ip: randomIp(), ...options });
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  client = apiClient(t);
  const user = await t.services.account.createUser({ account: 'valid_user', password: 'Valid123', email: 'valid@example.com' });
  token = await t.services.authn.issueUserToken(user.id);
});
afterAll(async () => {
  await t?.close();
});

const signup = (patch: Record<string, unknown>) => ({ email: uniqueEmail('v'), name: 'Li Wei', otp: '123456', regionId: 'CN', ...patch });

type Case = [what: string, method: 'GET' | 'POST' | 'PUT', url: string, input: { body?: unknown; query?: Record<string, string> }, rule: string, field: string];

const cases: Case[] = [
  // account: 6-20 characters; letters, digits and _ . - @ (and the 'at least 3' message)
  ['account shorter than 3', 'POST', '/api/authn/signup', { body: signup({ account: 'ab' }) }, 'v.account.min3', 'account'],
  ['account shorter than 6', 'POST', '/api/authn/signup', { body: signup({ account: 'abcde' }) }, 'v.account.length', 'account'],
  ['account longer than 20', 'POST', '/api/authn/signup', { body: signup({ account: 'a'.repeat(21) }) }, 'v.account.length', 'account'],
  ['account with other characters', 'POST', '/api/authn/signup', { body: signup({ account: 'li wei!' }) }, 'v.account.chars', 'account'],
  // password: 6-20 characters, two kinds
  ['password shorter than 6', 'POST', '/api/authn/signup', { body: signup({ password: 'Ab1' }) }, 'v.password.min', 'password'],
  ['password longer than 20', 'POST', '/api/authn/signup', { body: signup({ password: 'Abcdef12'.repeat(3) }) }, 'v.password.length', 'password'],
  ['password of one kind', 'POST', '/api/authn/signup', { body: signup({ password: 'abcdefgh' }) }, 'v.password.kinds', 'password'],
  [
    'reset password of one kind',
    'POST',
    '/api/authn/password',
    { body: { email: 'a@example.com', otp: '123456', password: '12345678' } },
    'v.password.kinds',
    'password',
  ],
  ['new password too short', 'PUT', '/api/user/reset-pwd', { body: { oldPassword: 'Valid123', newPassword: 'A1' } }, 'v.password.min', 'newPassword'],
  // e-mail
  ['bad e-mail on a sign-up code', 'GET', '/api/authn/signup/code', { query: { email: 'not-an-email' } }, 'v.email', 'email'],
  ['bad e-mail on sign-up', 'POST', '/api/authn/signup', { body: signup({ email: 'li@' }) }, 'v.email', 'email'],
  ['bad e-mail on a sign-in code', 'GET', '/api/authn/signin/code', { query: { email: 'x@y' } }, 'v.email', 'email'],
  ['bad e-mail on a newsletter code', 'GET', '/api/user/subscribe/code', { query: { email: 'nope' } }, 'v.email', 'email'],
  ['bad e-mail on subscribe', 'POST', '/api/user/subscribe', { body: { email: 'a b@c.d', otp: '123456' } }, 'v.email', 'email'],
  // mainland mobile: 1, then 3-9, 11 digits
  ['mobile with second digit 2', 'GET', '/api/authn/signup/code', { query: { mobile: '12812345678' } }, 'v.mobileCn', 'mobile'],
  ['mobile of 10 digits', 'POST', '/api/authn/signup', { body: signup({ email: undefined, mobile: '1381234567' }) }, 'v.mobileCn', 'mobile'],
  ['mobile of 12 digits', 'GET', '/api/authn/signin/code', { query: { mobile: '138123456789' } }, 'v.mobileCn', 'mobile'],
  // one-time code: digits only, 6 of them
  ['code with a letter', 'POST', '/api/authn/signup', { body: signup({ otp: '12a456' }) }, 'v.digits', 'otp'],
  ['code of 5 digits', 'POST', '/api/authn/signin', { body: { email: 'a@example.com', otp: '12345' } }, 'v.otp', 'otp'],
  ['code of 7 digits', 'POST', '/api/user/subscribe', { body: { email: 'a@example.com', otp: '1234567' } }, 'v.otp', 'otp'],
  // required fields
  ['sign-up without name', 'POST', '/api/authn/signup', { body: signup({ name: '  ' }) }, 'v.required', 'name'],
  ['sign-up without country', 'POST', '/api/authn/signup', { body: signup({ regionId: undefined }) }, 'v.required', 'regionId'],
  ['sign-up without code', 'POST', '/api/authn/signup', { body: signup({ otp: '' }) }, 'v.required', 'otp'],
  ['sign-up without e-mail or mobile', 'POST', '/api/authn/signup', { body: signup({ email: '' }) }, 'v.required', 'email'],
  ['code request without e-mail or mobile', 'GET', '/api/authn/signup/code', { query: {} }, 'v.required', 'email'],
  ['sign-in without password', 'POST', '/api/authn/signin', { body: { account: 'valid_user' } }, 'v.required', 'password'],
  ['sign-in without account', 'POST', '/api/authn/signin', { body: { password: 'Valid123' } }, 'v.required', 'account'],
  ['code sign-in without code', 'POST', '/api/authn/signin', { body: { email: 'valid@example.com' } }, 'v.required', 'otp'],
  ['reset without code', 'POST', '/api/authn/password', { body: { email: 'a@example.com', password: 'Valid123' } }, 'v.required', 'otp'],
  ['change without current password', 'PUT', '/api/user/reset-pwd', { body: { newPassword: 'Valid456' } }, 'v.required', 'oldPassword'],
  ['newsletter without e-mail', 'POST', '/api/user/subscribe', { body: { otp: '123456' } }, 'v.required', 'email'],
  // country or region: two letters
  ['region of three letters', 'POST', '/api/authn/signup', { body: signup({ regionId: 'CHN' }) }, 'v.pattern', 'regionId'],
];

describe(`validation of docs/requirements.md, Validation on the account endpoints (${TEST_DB_KIND})`, () => {
  it.each(cases)('%s', async (_what, method, url, input, rule, field) => {
    for (const lang of ['en', 'zh'] as const) {
      const res = await api(method, url, { ...input, token, lang });
      expect(res.status).toBe(400);
      const desc = rule === 'v.required' ? (lang === 'en' ? `${field} is required` : `缺少必填项：${field}`) : validationMessage(rule, lang);
      expect(res.body).toEqual({ code: 'BAD_REQUEST', desc, details: { field, rule } });
    }
  });

  it('uses the wording of docs/requirements.md, Validation for the password and e-mail messages', async () => {
    const short = await api('POST', '/api/authn/signup', { body: signup({ password: 'a1' }) });
    expect(short.body.desc).toBe('Password must be at least 6 characters');
    const long = await api('POST', '/api/authn/signup', { body: signup({ password: 'Abcdef12'.repeat(3) }) });
    expect(long.body.desc).toBe('Password must be 6-20 characters long');
    const email = await api('GET', '/api/authn/signup/code', { query: { email: 'bad' } });
    expect(email.body.desc).toBe('Invalid email address');
  });

  it('accepts the edges of the rules', async () => {
    // 6 and 20 characters, letters, digits and _ . - @; a password of two kinds. The code is wrong, so 400 with that reason.
    for (const account of ['li.w_1', 'a-b@c.d_e.f-g_h.i-jk']) {
      const res = await api('POST', '/api/authn/signup', { body: signup({ account, password: 'abc-def' }) });
      expect(res.body.desc).not.toMatch(/Account|Password/);
    }
    const mobile = await api('GET', '/api/authn/signup/code', { query: { mobile: '19912345678', country_code: '+86' } });
    expect(mobile.status).toBe(200);
  });

  it('keeps other validation failures readable in the request language', async () => {
    const res = await api('POST', '/api/authn/signup', { body: signup({ subscribe: 'yes' }), lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.desc).toMatch(/^Invalid body\.subscribe: /);
    const zh = await api('POST', '/api/authn/signup', { body: signup({ subscribe: 'yes' }), lang: 'zh' });
    expect(zh.body.desc).toMatch(/^参数 body\.subscribe 无效：/);
    expect(zh.body.desc).not.toMatch(/expected/i);
  });
});
