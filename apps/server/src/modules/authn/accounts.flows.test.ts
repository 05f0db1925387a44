import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.js';
import { apiClient, captureSms, uniqueEmail, uniqueMobile, type ApiClient } from '../../test/accounts.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';

// End to end through real SMTP: the app sends with nodemailer to an smtp-server on a free port,
// and the tests read each code from the message the buyer would receive.
const MAIL_FROM = 'Cubeshop Test <codes@cubeshop.test>';
let mailbox: Mailbox;
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, MAIL_FROM });
  api = apiClient(t);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

async function signupByEmail(email: string, extra: Record<string, unknown> = {}, lang: 'zh' | 'en' = 'en') {
  const sent = await api('GET', '/api/authn/signup/code', { query: { email }, lang });
  expect(sent.status).toBe(200);
  const otp = await mailbox.nextCode(email);
  return api<{ token: string }>('POST', '/api/authn/signup', { body: { email, name: 'Li Wei', otp, regionId: 'CN', ...extra }, lang });
}

describe(`account flows over real SMTP (${TEST_DB_KIND})`, () => {
  it('signs up by e-mail with a code mailed in Chinese from MAIL_FROM, and the token works', async () => {
    const email = uniqueEmail('zh');
    const sent = await api('GET', '/api/authn/signup/code', { query: { email }, lang: 'zh' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true, resendAfter: 60, expiresIn: 600 });

    const mail = await mailbox.next(email);
    expect(mail.from).toBe(MAIL_FROM);
    expect(mail.mailFrom).toBe('codes@cubeshop.test');
    expect(mail.subject).toMatch(/^【Cubeshop】注册验证码：\d{6}$/);
    expect(mail.text).toContain('验证码 10 分钟内有效');
    expect(mail.html).toContain('<html lang="zh-CN">');
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(mail.html).toContain(otp);

    const res = await api<{ token: string }>('POST', '/api/authn/signup', {
      body: { email, name: '李伟', account: 'li_wei_zh', password: 'Cube2024', otp, regionId: 'cn' },
      lang: 'zh',
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await api('GET', '/api/user', { token: res.body.token });
    expect(me.body).toMatchObject({
      account: 'li_wei_zh',
      username: 'li_wei_zh',
      name: '李伟',
      email,
      regionId: 'CN',
      mobile: null,
      subscribeEmail: null,
      admin: false,
    });

    // The chosen account name, the e-mail and the password all sign in.
    for (const account of ['li_wei_zh', email.toUpperCase()]) {
      const signin = await api<{ token: string }>('POST', '/api/authn/signin', { body: { account, password: 'Cube2024' } });
      expect(signin.status).toBe(200);
      expect(signin.body.token).not.toBe(res.body.token);
    }
  });

  it('mails the code in English for an English buyer; the account defaults to the e-mail and subscribe subscribes it', async () => {
    const email = uniqueEmail('en');
    await api('GET', '/api/authn/signup/code', { query: { email }, lang: 'en' });
    const mail = await mailbox.next(email);
    expect(mail.from).toBe(MAIL_FROM);
    expect(mail.subject).toMatch(/^Your Cubeshop sign-up code: \d{6}$/);
    expect(mail.text).toContain('It is valid for 10 minutes');
    expect(mail.html).toContain('<html lang="en">');
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

    const res = await api<{ token: string }>('POST', '/api/authn/signup', {
      body: { email, name: 'Alex Smith', otp, regionId: 'US', subscribe: true, account: '', password: '' },
    });
    expect(res.status).toBe(200);
    const me = await api('GET', '/api/user', { token: res.body.token });
    expect(me.body).toMatchObject({ account: email, email, name: 'Alex Smith', regionId: 'US', subscribeEmail: email });
  });

  it('signs in with an e-mailed code, without any password', async () => {
    const email = uniqueEmail('codeonly');
    expect((await signupByEmail(email)).status).toBe(200);

    const sent = await api('GET', '/api/authn/signin/code', { query: { email }, lang: 'zh' });
    expect(sent.body).toEqual({ ok: true, resendAfter: 60, expiresIn: 600 });
    const mail = await mailbox.next(email);
    expect(mail.subject).toContain('登录验证码');
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    const res = await api<{ token: string }>('POST', '/api/authn/signin', { body: { email, otp } });
    expect(res.status).toBe(200);
    expect((await api('GET', '/api/user', { token: res.body.token })).body).toMatchObject({ email });

    // A buyer without a password cannot sign in with one.
    const bad = await api('POST', '/api/authn/signin', { body: { account: email, password: 'Anything1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toBe('Account or password is incorrect');
  });

  it('resets a forgotten password with a mailed code, ending every other session', async () => {
    const email = uniqueEmail('forgot');
    const first = await signupByEmail(email, { password: 'OldPass1' });
    const oldToken = first.body.token;

    expect((await api('GET', '/api/authn/password/code', { query: { email } })).status).toBe(200);
    const mail = await mailbox.next(email);
    expect(mail.subject).toContain('password reset code');
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

    const weak = await api('POST', '/api/authn/password', { body: { email, otp, password: 'alllowercase' } });
    expect(weak.status).toBe(400);
    expect(weak.body.desc).toBe('Password must mix at least two of: lowercase, uppercase, digits, symbols');

    const res = await api<{ ok: boolean; token: string }>('POST', '/api/authn/password', { body: { email, otp, password: 'NewPass2' } });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect((await api('GET', '/api/user', { token: oldToken })).status).toBe(401);
    expect((await api('GET', '/api/user', { token: res.body.token })).status).toBe(200);

    expect((await api('POST', '/api/authn/signin', { body: { account: email, password: 'OldPass1' } })).status).toBe(400);
    expect((await api('POST', '/api/authn/signin', { body: { account: email, password: 'NewPass2' } })).status).toBe(200);
  });

  it('subscribes a signed-in buyer to the newsletter with a mailed code, and unsubscribes', async () => {
    const email = uniqueEmail('news');
    const { token } = (await signupByEmail(email)).body;
    const newsletterAddress = uniqueEmail('letters');

    expect((await api('GET', '/api/user/subscribe/code', { query: { email: newsletterAddress } })).status).toBe(401);
    const sent = await api('GET', '/api/user/subscribe/code', { query: { email: newsletterAddress }, token, lang: 'zh' });
    expect(sent.status).toBe(200);
    const mail = await mailbox.next(newsletterAddress);
    expect(mail.from).toBe(MAIL_FROM);
    expect(mail.subject).toContain('订阅确认验证码');
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

    const wrong = await api('POST', '/api/user/subscribe', { body: { email: newsletterAddress, otp: otp === '000000' ? '111111' : '000000' }, token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.desc).toBe('The verification code is incorrect or has expired');

    const res = await api('POST', '/api/user/subscribe', { body: { email: newsletterAddress, otp }, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, subscribeEmail: newsletterAddress });
    expect((await api('GET', '/api/user', { token })).body.subscribeEmail).toBe(newsletterAddress);

    const off = await api('DELETE', '/api/user/subscribe', { token });
    expect(off.body).toEqual({ ok: true, subscribeEmail: null });
    expect((await api('GET', '/api/user', { token })).body.subscribeEmail).toBeNull();
    expect((await api('DELETE', '/api/user/subscribe')).status).toBe(401);
  });

  it('signs up and in by mainland mobile (+86) with an SMS code in the buyer language', async () => {
    const sms = captureSms(t);
    const mobile = uniqueMobile();
    const sent = await api('GET', '/api/authn/signup/code', { query: { mobile, country_code: '86' }, lang: 'zh' });
    expect(sent.status).toBe(200);
    expect(sms.sent.at(-1)).toMatchObject({ to: `+86${mobile}`, purpose: 'signup', locale: 'zh' });
    expect(sms.sent.at(-1)?.text).toContain('【Cubeshop】');

    const res = await api<{ token: string }>('POST', '/api/authn/signup', {
      body: { mobile, country_code: '+86', name: '王芳', otp: sms.lastCode(mobile), regionId: 'CN', subscribe: true },
    });
    expect(res.status).toBe(200);
    expect((await api('GET', '/api/user', { token: res.body.token })).body).toMatchObject({ account: mobile, mobile, email: null, subscribeEmail: null });

    await api('GET', '/api/authn/signin/code', { query: { mobile, country_code: '86' } });
    const signin = await api<{ token: string }>('POST', '/api/authn/signin', { body: { mobile, otp: sms.lastCode(mobile) } });
    expect(signin.status).toBe(200);
    expect((await api('POST', '/api/authn/signin', { body: { account: mobile, password: 'x' } })).status).toBe(400);

    const abroad = await api('GET', '/api/authn/signup/code', { query: { mobile: uniqueMobile(), country_code: '1' } });
    expect(abroad.status).toBe(400);
    expect(abroad.body.desc).toBe('Mobile sign-up and sign-in are for mainland China (+86) numbers only');
  });

  it('changes the password with the current one, and refuses a wrong current password', async () => {
    const email = uniqueEmail('change');
    const { token } = (await signupByEmail(email, { password: 'First123' })).body;
    const other = (await api<{ token: string }>('POST', '/api/authn/signin', { body: { account: email, password: 'First123' } })).body.token;

    const wrong = await api('PUT', '/api/user/reset-pwd', { body: { oldPassword: 'Nope1234', newPassword: 'Second123' }, token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.desc).toBe('Password update failed, please check your current password');
    const wrongZh = await api('PUT', '/api/user/reset-pwd', { body: { oldPassword: 'Nope1234', newPassword: 'Second123' }, token, lang: 'zh' });
    expect(wrongZh.body.desc).toBe('密码修改失败，请检查当前密码');

    const ok = await api('PUT', '/api/user/reset-pwd', { body: { oldPassword: 'First123', newPassword: 'Second123' }, token });
    expect(ok.status).toBe(200);
    expect((await api('GET', '/api/user', { token })).status).toBe(200);
    expect((await api('GET', '/api/user', { token: other })).status).toBe(401);
    expect((await api('POST', '/api/authn/signin', { body: { account: email, password: 'Second123' } })).status).toBe(200);
  });

  it('updates name, nickname and region, validated', async () => {
    const { token } = (await signupByEmail(uniqueEmail('profile'))).body;
    const res = await api('PUT', '/api/user', { body: { name: 'Zhang San', nickname: 'cuber', regionId: 'gb' }, token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Zhang San', nickname: 'cuber', regionId: 'GB' });
    expect((await api('GET', '/api/user', { token })).body).toMatchObject({ name: 'Zhang San', nickname: 'cuber', regionId: 'GB' });

    const unknown = await api('PUT', '/api/user', { body: { regionId: 'ZZ' }, token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.desc).toBe('Please choose a valid country or region');
    const blank = await api('PUT', '/api/user', { body: { name: ' '.repeat(3), nickname: 'x' }, token, lang: 'zh' });
    expect(blank.status).toBe(200); // a blank name counts as absent: the name stays
    expect(blank.body).toMatchObject({ name: 'Zhang San', nickname: 'x' });
    const long = await api('PUT', '/api/user', { body: { name: 'x'.repeat(51) }, token, lang: 'zh' });
    expect(long.status).toBe(400);
    expect(long.body.desc).toBe('最多 50 个字符');
    expect((await api('PUT', '/api/user', { body: { name: 'A' } })).status).toBe(401);
  });

  it('refuses duplicate e-mail, mobile and account names with a clear 400', async () => {
    const email = uniqueEmail('dup');
    expect((await signupByEmail(email, { account: 'dup_account_1' })).status).toBe(200);

    const again = await api('GET', '/api/authn/signup/code', { query: { email: email.toUpperCase() } });
    expect(again.status).toBe(400);
    expect(again.body.desc).toBe('This e-mail is already registered; sign in or reset your password');
    const post = await api('POST', '/api/authn/signup', { body: { email, name: 'X', otp: '123456', regionId: 'CN' }, lang: 'zh' });
    expect(post.body.desc).toBe('该邮箱已注册，请直接登录或找回密码');

    const other = uniqueEmail('dup2');
    await api('GET', '/api/authn/signup/code', { query: { email: other } });
    const otp = await mailbox.nextCode(other);
    const taken = await api('POST', '/api/authn/signup', { body: { email: other, name: 'Y', otp, regionId: 'CN', account: 'DUP_ACCOUNT_1' } });
    expect(taken.status).toBe(400);
    expect(taken.body.desc).toBe('This account name is taken; please choose another');
    // The taken name did not use up the code.
    const squat = await api('POST', '/api/authn/signup', { body: { email: other, name: 'Y', otp, regionId: 'CN', account: 'someone@else.com' } });
    expect(squat.body.desc).toBe('An account name that looks like an e-mail address or mobile number must be the one you sign up with');
    expect((await api('POST', '/api/authn/signup', { body: { email: other, name: 'Y', otp, regionId: 'CN', account: 'dup_account_2' } })).status).toBe(200);

    const sms = captureSms(t);
    const mobile = uniqueMobile();
    await api('GET', '/api/authn/signup/code', { query: { mobile } });
    expect((await api('POST', '/api/authn/signup', { body: { mobile, name: 'Z', otp: sms.lastCode(mobile), regionId: 'CN' } })).status).toBe(200);
    const mobileAgain = await api('GET', '/api/authn/signup/code', { query: { mobile } });
    expect(mobileAgain.body.desc).toBe('This mobile number is already registered; sign in or reset your password');
  });

  it('lets a user made with `npx cubeshop user create` sign in at once', async () => {
    const result = await runCommand(
      ['user', 'create', '--account', 'cli_staff_1', '--password', 'Staff123', '--email', 'cli.staff@example.com', '--admin'],
      t.services,
    );
    expect(result.code).toBe(0);
    const res = await api<{ token: string }>('POST', '/api/authn/signin', { body: { account: 'cli_staff_1', password: 'Staff123' } });
    expect(res.status).toBe(200);
    expect((await api('GET', '/api/user', { token: res.body.token })).body).toMatchObject({
      account: 'cli_staff_1',
      admin: true,
      email: 'cli.staff@example.com',
    });
    expect((await api('POST', '/api/authn/signin', { body: { account: 'cli.staff@example.com', password: 'Staff123' } })).status).toBe(200);
  });
});
