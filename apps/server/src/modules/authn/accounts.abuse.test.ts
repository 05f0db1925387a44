import { randomBytes } from 'node:crypto';
import type { TLocale } from '@cubeshop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signinSources } from '../../db/schema/index.js';
import { advanceClock, apiClient, randomIp, uniqueEmail, type ApiClient, type CallResult } from '../../test/accounts.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { sourceOf } from './limits.js';
import { createOtpRepository } from './otp.repository.js';

let mailbox: Mailbox;
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
});
beforeEach(() => {
  api = apiClient(t); // a fresh client address per test
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

async function registered(password = 'Right123'): Promise<string> {
  const email = uniqueEmail('abuse');
  await api('GET', '/api/authn/signup/code', { query: { email } });
  const otp = await mailbox.nextCode(email);
  const res = await api('POST', '/api/authn/signup', { body: { email, name: 'Tester', otp, regionId: 'CN', password } });
  expect(res.status).toBe(200);
  return email;
}

const signin = (account: string, password: string, ip: string, lang: TLocale = 'en') =>
  api('POST', '/api/authn/signin', { body: { account, password }, ip, lang });
const retryAfterOf = (res: CallResult) => (res.body.details as { retryAfter: number }).retryAfter;

/**
 * A guess spread over many addresses: one wrong password from each new address until 16 have
 * failed; whenever the account answers "slowed", the test clock jumps past the pause. Afterwards the
 * account's lane for unknown addresses is closed for 60 s.
 */
async function distributedGuess(account: string) {
  for (let failed = 0; failed < 16;) {
    const res = await signin(account, `Guess${failed}abc`, randomIp());
    if (res.status === 400) {
      failed++;
    } else {
      expectSlowed(res);
      advanceClock(t, 61_000);
    }
  }
}

/** Slowed, not locked: 429 with a retry-after of at most 60 s and the sentence that offers a code. */
function expectSlowed(res: CallResult, lang: TLocale = 'en') {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('TOO_MANY_REQUESTS');
  const retryAfter = retryAfterOf(res);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  expect(res.body.desc).toBe(
    lang === 'en'
      ? `This account is seeing many failed sign-ins; please try again in ${retryAfter} s or sign in with a one-time code`
      : `该账号近期登录失败次数过多，请 ${retryAfter} 秒后再试，或使用验证码登录`,
  );
}

describe(`one-time codes and sign-in under abuse (${TEST_DB_KIND})`, () => {
  it('refuses the sixth try even with the right code', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/authn/signin', { body: { email, otp: wrongCode(otp) } });
      expect(res.status).toBe(400);
      expect(res.body.desc).toBe('The verification code is incorrect or has expired');
    }
    const sixth = await api('POST', '/api/authn/signin', { body: { email, otp }, lang: 'zh' });
    expect(sixth.status).toBe(400);
    expect(sixth.body.desc).toBe('验证码错误次数过多，请重新获取验证码');
  });

  it('accepts the right code on the fifth try', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    for (let i = 0; i < 4; i++) expect((await api('POST', '/api/authn/signin', { body: { email, otp: wrongCode(otp) } })).status).toBe(400);
    expect((await api('POST', '/api/authn/signin', { body: { email, otp } })).status).toBe(200);
  });

  it('refuses a new code within 60 s with the seconds left, and sends one after', async () => {
    const email = uniqueEmail('resend');
    expect((await api('GET', '/api/authn/signup/code', { query: { email } })).status).toBe(200);
    const first = await mailbox.nextCode(email);
    advanceClock(t, 15_000);
    const early = await api('GET', '/api/authn/signup/code', { query: { email } });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      code: 'BAD_REQUEST',
      desc: 'A code was sent a moment ago; you can ask for a new one in 45 s',
      details: { retryAfter: 45 },
    });
    const zh = await api('GET', '/api/authn/signup/code', { query: { email }, lang: 'zh' });
    expect(zh.body.desc).toBe('验证码已发送，请 45 秒后再重新获取');

    advanceClock(t, 46_000);
    expect((await api('GET', '/api/authn/signup/code', { query: { email } })).status).toBe(200);
    const second = await mailbox.nextCode(email);
    // The new code replaces the old one.
    const body = { email, name: 'R', regionId: 'CN' };
    if (first !== second) expect((await api('POST', '/api/authn/signup', { body: { ...body, otp: first } })).status).toBe(400);
    expect((await api('POST', '/api/authn/signup', { body: { ...body, otp: second } })).status).toBe(200);
  });

  it('refuses an expired code (10 minutes) and accepts one just inside the time', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    advanceClock(t, 600_001);
    const late = await api('POST', '/api/authn/signin', { body: { email, otp } });
    expect(late.status).toBe(400);
    expect(late.body.desc).toBe('The verification code is incorrect or has expired');

    await api('GET', '/api/authn/signin/code', { query: { email } });
    const fresh = await mailbox.nextCode(email);
    advanceClock(t, 599_000);
    expect((await api('POST', '/api/authn/signin', { body: { email, otp: fresh } })).status).toBe(200);
  });

  it('does not take a used code again', async () => {
    const email = await registered();
    await api('GET', '/api/authn/signin/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    expect((await api('POST', '/api/authn/signin', { body: { email, otp } })).status).toBe(200);
    const again = await api('POST', '/api/authn/signin', { body: { email, otp } });
    expect(again.status).toBe(400);
    expect(again.body.desc).toBe('The verification code is incorrect or has expired');
  });

  it('stores codes hashed, bound to their purpose', async () => {
    const email = uniqueEmail('hashed');
    await api('GET', '/api/authn/signup/code', { query: { email } });
    const otp = await mailbox.nextCode(email);
    const row = await createOtpRepository(t.services.database.db).find('signup', email.toLowerCase());
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(otp);
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 600_000);
    // A sign-up code does not sign in or reset a password.
    expect((await api('POST', '/api/authn/password', { body: { email, otp, password: 'Whatever1' } })).status).toBe(400);
  });

  it('answers 401 for a revoked token', async () => {
    const email = await registered('Token123');
    const { token } = (await api<{ token: string }>('POST', '/api/authn/signin', { body: { account: email, password: 'Token123' } })).body;
    expect((await api('GET', '/api/user', { token })).status).toBe(200);
    expect((await api('POST', '/api/authn/signout', { token })).status).toBe(200);
    const after = await api('GET', '/api/user', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 'UNAUTHORIZED', desc: 'Please log in first' });
  });

  it('reads the same for an unknown account and a wrong password, in both languages', async () => {
    const email = await registered('Known123');
    for (const lang of ['en', 'zh'] as const) {
      const unknown = await api('POST', '/api/authn/signin', { body: { account: 'nobody_here_1', password: 'Known123' }, lang, ip: randomIp() });
      const wrong = await api('POST', '/api/authn/signin', { body: { account: email, password: 'Wrong123' }, lang, ip: randomIp() });
      expect(unknown.status).toBe(400);
      expect(wrong.status).toBe(400);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body.desc).toBe(lang === 'en' ? 'Account or password is incorrect' : '账号或密码错误');
    }
  });

  it('answers a code request for an unknown e-mail like a known one and sends nothing', async () => {
    const known = await registered();
    const unknown = uniqueEmail('ghost');
    const a = await api('GET', '/api/authn/signin/code', { query: { email: known } });
    const b = await api('GET', '/api/authn/signin/code', { query: { email: unknown } });
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    await mailbox.nextCode(known);
    await expect(mailbox.next(unknown, 500)).rejects.toThrow(/no mail/);
    // Asking again too soon reads the same for both, and so does a wrong code.
    const a2 = await api('GET', '/api/authn/signin/code', { query: { email: known } });
    const b2 = await api('GET', '/api/authn/signin/code', { query: { email: unknown } });
    expect(b2.body).toEqual(a2.body);
    const wa = await api('POST', '/api/authn/signin', { body: { email: known, otp: '123456' } });
    const wb = await api('POST', '/api/authn/signin', { body: { email: unknown, otp: '123456' } });
    expect(wb.body).toEqual(wa.body);
    // Password reset codes behave the same way.
    const ra = await api('GET', '/api/authn/password/code', { query: { email: known } });
    const rb = await api('GET', '/api/authn/password/code', { query: { email: unknown } });
    expect(rb.body).toEqual(ra.body);
    await mailbox.nextCode(known);
    await expect(mailbox.next(unknown, 300)).rejects.toThrow(/no mail/);
  });

  it('locks the account for the address that failed 5 times in 15 minutes only (429 with retry-after, en and zh)', async () => {
    const email = await registered('Locked123');
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) expect((await signin(email, `Wrong${i}abc`, stranger)).status).toBe(400);
    const locked = await signin(email, 'Locked123', stranger);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(locked.body.desc).toMatch(/^Too many failed sign-in attempts; please try again in 1[45] min$/);
    const retryAfter = retryAfterOf(locked);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(locked.headers['retry-after']).toBe(String(retryAfter));
    const lockedZh = await signin(email, 'Locked123', stranger, 'zh');
    expect(lockedZh.status).toBe(429);
    expect(lockedZh.body.desc).toMatch(/^登录失败次数过多，请 1[45] 分钟后再试$/);
    // Another name for the same user is locked too at that address; an unknown name is locked the same way after 5 failures.
    expect((await signin(email.toUpperCase(), 'Locked123', stranger)).status).toBe(429);
    const ghostIp = randomIp();
    for (let i = 0; i < 5; i++) expect((await signin('ghost_account', 'Nope1234', ghostIp)).status).toBe(400);
    const ghost = await signin('ghost_account', 'Nope1234', ghostIp);
    expect(ghost.status).toBe(429);
    expect(ghost.body.desc).toBe(locked.body.desc);
    // The stranger locked only themselves: from any other address the owner signs in.
    expect((await signin(email, 'Locked123', randomIp())).status).toBe(200);
  });

  it("does not let a stranger's 20 wrong passwords stop the owner at an address they signed in from before", async () => {
    const email = await registered('Owner1234');
    const home = randomIp();
    expect((await signin(email, 'Owner1234', home)).status).toBe(200);
    const stranger = randomIp();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await signin(email, `Guess${i}abc`, stranger));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    for (const res of answers.slice(5)) {
      expect(res.status).toBe(429);
      expect(res.body.desc).toMatch(/^Too many failed sign-in attempts/);
      expect(retryAfterOf(res)).toBeGreaterThan(800);
    }
    expect((await signin(email, 'Owner1234', home)).status).toBe(200);
    // Through a home router the owner's devices move within the same IPv4 address: known too.
    expect((await signin(email, 'Owner1234', `::ffff:${home}`)).status).toBe(200);
  });

  it('slows a distributed guess account-wide (a short retry-after, never the 15-minute lock), for known and unknown names alike', async () => {
    const email = await registered('Spread123');
    const ghost = `ghost_${randomBytes(4).toString('hex')}`;
    for (const account of [email, ghost]) {
      await distributedGuess(account);
      for (const lang of ['en', 'zh'] as const) expectSlowed(await signin(account, 'Spread123', randomIp(), lang), lang);
    }
  });

  it('at most slows the owner at a new address under attack; after a one-time code there the password works at once', async () => {
    const email = await registered('Owner1234');
    await distributedGuess(email);
    const fresh = randomIp();
    expectSlowed(await signin(email, 'Owner1234', fresh));

    expect((await api('GET', '/api/authn/signin/code', { query: { email }, ip: fresh })).status).toBe(200);
    const otp = await mailbox.nextCode(email);
    expect((await api('POST', '/api/authn/signin', { body: { email, otp }, ip: fresh })).status).toBe(200);
    expect((await signin(email, 'Owner1234', fresh)).status).toBe(200);
    // Strangers are still slowed meanwhile; once the pause is over the right password works from anywhere.
    expectSlowed(await signin(email, 'Guess999x', randomIp()));
    advanceClock(t, 61_000);
    expect((await signin(email, 'Owner1234', randomIp())).status).toBe(200);
  });

  it('makes an address known by a password reset with a code, and clears its own failures', async () => {
    const email = await registered('Before123');
    const here = randomIp();
    for (let i = 0; i < 5; i++) expect((await signin(email, `Forgot${i}x`, here)).status).toBe(400);
    expect((await signin(email, 'Before123', here)).status).toBe(429);
    await distributedGuess(email);
    expect((await api('GET', '/api/authn/password/code', { query: { email }, ip: here })).status).toBe(200);
    const otp = await mailbox.nextCode(email);
    expect((await api('POST', '/api/authn/password', { body: { email, otp, password: 'After1234' }, ip: here })).status).toBe(200);
    expect((await signin(email, 'After1234', here)).status).toBe(200);
    expectSlowed(await signin(email, 'After1234', randomIp()));
  });

  it('counts wrong current passwords on reset-pwd per account and address', async () => {
    const email = await registered('Change123');
    const { token } = (await signin(email, 'Change123', randomIp())).body as { token: string };
    const here = randomIp();
    const change = (oldPassword: string, ip: string) => api('PUT', '/api/user/reset-pwd', { body: { oldPassword, newPassword: 'Change456' }, token, ip });
    for (let i = 0; i < 5; i++) expect((await change(`Nope${i}abc`, here)).status).toBe(400);
    const locked = await change('Change123', here);
    expect(locked.status).toBe(429);
    expect(locked.body.desc).toMatch(/^Too many failed sign-in attempts/);
    expect((await signin(email, 'Change123', here)).status).toBe(429);
    expect((await change('Change123', randomIp())).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const email = await registered('Six123456');
    const net = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 1; i <= 5; i++) expect((await signin(email, `Wrong${i}abc`, `${net}::${i}`)).status).toBe(400);
    expect((await signin(email, 'Six123456', `${net}:ffff:1:2:3`)).status).toBe(429);
    expect((await signin(email, 'Six123456', `2001:db8:${randomBytes(2).toString('hex')}:1::1`)).status).toBe(200);
    expect(sourceOf('2001:DB8:0:0:1::7')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceOf('10.1.2.3')).toBe('10.1.2.3');
  });

  it('stores known addresses only as hashes and forgets them after 90 days', async () => {
    const email = await registered('Known1234');
    const home = randomIp();
    expect((await signin(email, 'Known1234', home)).status).toBe(200);
    const userId = await t.services.account.findIdByLogin(email);
    const rows = await t.services.database.db
      .select()
      .from(signinSources)
      .where(eq(signinSources.userId, userId ?? -1));
    expect(rows).toHaveLength(2); // the sign-up address and home
    for (const row of rows) {
      expect(row.sourceHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.sourceHash).not.toContain(home);
    }
    advanceClock(t, 91 * 24 * 3600_000);
    await distributedGuess(email);
    expectSlowed(await signin(email, 'Known1234', home));
  });

  it('limits codes per address (10 an hour) and per client address (30 an hour)', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 10; i++) {
      expect((await api('GET', '/api/authn/signup/code', { query: { email }, ip: randomIp() })).status).toBe(200);
      advanceClock(t, 61_000);
    }
    const limited = await api('GET', '/api/authn/signup/code', { query: { email }, ip: randomIp() });
    expect(limited.status).toBe(429);
    expect(limited.body.desc).toMatch(/^Too many codes were requested for this address; please try again in \d+ min$/);
    expect((limited.body.details as { retryAfter: number }).retryAfter).toBeGreaterThan(0);

    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await api('GET', '/api/authn/signup/code', { query: { email: uniqueEmail('ip') }, ip })).status).toBe(200);
    const byIp = await api('GET', '/api/authn/signup/code', { query: { email: uniqueEmail('ip') }, ip, lang: 'zh' });
    expect(byIp.status).toBe(429);
    expect(byIp.body.desc).toMatch(/^获取验证码过于频繁，请 \d+ 分钟后再试$/);
  });

  it('reports a failed delivery and lets the buyer ask again at once', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const call = apiClient(broken);
      const email = uniqueEmail('bounce');
      const res = await call('GET', '/api/authn/signup/code', { query: { email } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'UNAVAILABLE', desc: 'Failed to send verification code, please try again later' });
      expect((await call('GET', '/api/authn/signup/code', { query: { email } })).status).toBe(503); // not "wait 60 s"
    } finally {
      await broken.close();
    }
  });
});
