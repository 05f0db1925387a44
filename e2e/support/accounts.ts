import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { uniqueEmail, waitForCode } from './mailbox.js';

const rand = () => Math.floor(Math.random() * 254) + 1;

/** A fresh buyer (e-mail code from the test mailbox), signed in; returns the token, the user and the e-mail. */
export async function createBuyer(request: APIRequestContext, lang: 'zh' | 'en', label = 'checkout'): Promise<{ token: string; user: unknown; email: string }> {
  const email = uniqueEmail(`${label}-${lang}`);
  const password = 'Cube2468';
  const headers = { 'x-lang-type': lang, 'x-forwarded-for': `10.${rand()}.${rand()}.${rand()}` };
  const since = Date.now();
  const code = await request.get('/api/authn/signup/code', { params: { email }, headers });
  expect(code.status(), await code.text()).toBe(200);
  const otp = await waitForCode(request, email, since - 1);
  const signup = await request.post('/api/authn/signup', {
    headers,
    data: { email, otp, name: `${label} ${lang}`, regionId: lang === 'zh' ? 'CN' : 'US', password },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const signin = await request.post('/api/authn/signin', { headers, data: { account: email, password } });
  expect(signin.status(), await signin.text()).toBe(200);
  const { token } = (await signin.json()) as { token: string };
  const user = await (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).json();
  return { token, user, email };
}

/** A demo account's token and user info (README lists the demo accounts). */
export async function signIn(request: APIRequestContext, account: string, password: string): Promise<{ token: string; user: unknown }> {
  const signin = await request.post('/api/authn/signin', { data: { account, password } });
  expect(signin.status(), await signin.text()).toBe(200);
  const { token } = (await signin.json()) as { token: string };
  const user = await (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).json();
  return { token, user };
}
