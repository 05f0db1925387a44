import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_CODES, type TAuditList, type TPasswordLinkInfo, type TStaffList, type TStaffMember, type TStaffRole } from '@cubeshop/shared';
import { isDomainError } from '../../lib/app-error.js';
import { ChatTestClient, isEvent, sleep, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';
import { startMailbox, type Mailbox, type ReceivedMail } from '../../test/mailbox.js';
import { shopClient, type ShopCall } from '../../test/shop.js';

// Staff accounts (docs/accounts.md, Staff accounts): the owner invites by e-mail (real SMTP), the
// mailed link sets the password, roles change, accounts are disabled and passwords reset, each
// ending the person's sessions and chat sockets at once; the owner cannot remove themselves and
// every change is audited.
let mailbox: Mailbox;
let cluster: ChatCluster;
let app: ChatInstance;
const staff = {} as Record<TStaffRole, ShopCall>;
const ids = {} as Record<TStaffRole, number>;
const tag = randomBytes(3).toString('hex');
const anonymous = () => shopClient(app, undefined);

const email = (label: string) => `${label}.${tag}.${randomBytes(2).toString('hex')}@example.com`;

/** The link in a password link mail, and its token (the fragment). */
function linkOf(mail: ReceivedMail): { url: string; token: string } {
  const url = /(https?:\/\/\S+\/set-password#[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!url) throw new Error(`no link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${url}"`);
  return { url, token: url.slice(url.indexOf('#') + 1) };
}

async function signin(account: string, password: string, lang: 'en' | 'zh' = 'en') {
  return anonymous()('POST', '/api/authn/signin', { body: { account, password }, lang });
}

/** Invites someone and sets the password with the mailed link; the person's token and id. */
async function onboard(role: TStaffRole, locale: 'en' | 'zh' = 'en') {
  const address = email(role);
  const invited = await staff.owner<TStaffMember>('POST', '/api/admin/staff', { body: { email: address, name: `${role} ${tag}`, role, locale } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const { token: link } = linkOf(await mailbox.next(address, 10_000));
  const set = await anonymous()('POST', '/api/authn/password/link', { body: { token: link, password: 'Staff2468' } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { id: invited.body.id, email: address, token: set.body.token as string, call: shopClient(app, set.body.token as string) };
}

async function closedWith(socket: ChatTestClient, timeout = 3_000): Promise<number> {
  const deadline = Date.now() + timeout;
  while (socket.closeCode === null && Date.now() < deadline) await sleep(20);
  return socket.closeCode ?? -1;
}

const auditOf = async (id: number) =>
  (await staff.owner<TAuditList>('GET', '/api/admin/audit', { query: { entity: 'staff', entityId: String(id) } })).body.data;

beforeAll(async () => {
  mailbox = await startMailbox();
  cluster = await startCluster({ count: 1, env: { SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' } });
  app = cluster.instances[0]!;
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await app.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role, password: 'Secret12' });
    ids[role] = user.id;
    staff[role] = shopClient(app, await app.services.authn.issueUserToken(user.id));
  }
});
afterAll(async () => {
  await cluster?.close();
  await mailbox?.close();
});

describe('staff accounts: who may', () => {
  it('answers the owner only: 401 to visitors, 403 to every other role and to buyers, before reading the body', async () => {
    const buyer = await app.services.account.createUser({ account: `buyer_${tag}`, password: 'Secret12' });
    const callers = { ...staff, buyer: shopClient(app, await app.services.authn.issueUserToken(buyer.id)), anonymous: anonymous() };
    const problems: string[] = [];
    for (const [who, call] of Object.entries(callers)) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/staff', undefined],
        ['POST', '/api/admin/staff', {}],
        ['PUT', `/api/admin/staff/${ids.sales}`, {}],
      ] as const) {
        const res = await call(method, url, body === undefined ? {} : { body });
        const expected = who === 'owner' ? (method === 'GET' ? 200 : 400) : who === 'anonymous' ? 401 : 403;
        if (res.status !== expected) problems.push(`${method} ${url} as ${who}: ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
    // Nobody was disabled by a refused call.
    expect((await staff.sales('GET', '/api/user')).status).toBe(200);
    const list = (await staff.owner<TStaffList>('GET', '/api/admin/staff')).body.data;
    expect(list.find((m) => m.id === ids.sales)).toMatchObject({ role: 'sales', disabledTime: null, passwordSet: true });
    expect(list.some((m) => m.id === buyer.id)).toBe(false);
    expect((await staff.owner('PUT', `/api/admin/staff/${buyer.id}`, { body: { role: 'sales' } })).status).toBe(404);
  });
});

describe('staff accounts: inviting', () => {
  it('mails a link in the chosen language; it sets the password once, and the person signs in with the role', async () => {
    const address = email('Ada');
    const invited = await staff.owner<TStaffMember>('POST', '/api/admin/staff', { body: { email: address, name: 'Ada Sales', role: 'sales', locale: 'en' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body).toMatchObject({
      account: address,
      email: address,
      name: 'Ada Sales',
      role: 'sales',
      locale: 'en',
      passwordSet: false,
      lastSigninTime: null,
      disabledTime: null,
    });

    const mail = await mailbox.next(address, 10_000);
    expect(mail.subject).toBe('You are invited to the Cubeshop back office');
    expect(mail.text).toContain('owner person invited you to the Cubeshop back office as Sales');
    expect(mail.text).toContain(`Your account is: ${address}`);
    const { url, token } = linkOf(mail);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/set-password#/);
    // No secret in the outbox: the row names the person, the token exists only in the mail (and hashed).
    expect(JSON.stringify(await app.services.outbox.pending())).not.toContain(token);

    // Before a password is set nobody signs in with one.
    expect((await signin(address, 'Staff2468')).status).toBe(400);
    const info = await anonymous()<TPasswordLinkInfo>('POST', '/api/authn/password/link/check', { body: { token } });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ purpose: 'invite', account: address, name: 'Ada Sales', role: 'sales' });

    // The password rules apply and a refused password does not use up the link.
    expect((await anonymous()('POST', '/api/authn/password/link', { body: { token, password: 'short' } })).status).toBe(400);
    const set = await anonymous()('POST', '/api/authn/password/link', { body: { token, password: 'Staff2468' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const me = await shopClient(app, set.body.token as string)('GET', '/api/user');
    expect(me.body).toMatchObject({ account: address, admin: true, role: 'sales' });

    const again = await anonymous()('POST', '/api/authn/password/link', { body: { token, password: 'Other2468' } });
    expect(again.status).toBe(400);
    expect(again.body.desc).toMatch(/^This link no longer works/);
    expect((await anonymous()('POST', '/api/authn/password/link/check', { body: { token }, lang: 'zh' })).body.desc).toMatch(/^该链接已失效/);

    const signed = await signin(address, 'Staff2468');
    expect(signed.status).toBe(200);
    expect((await shopClient(app, signed.body.token as string)('GET', '/api/admin/orders')).status).toBe(200);
    expect((await shopClient(app, signed.body.token as string)('GET', '/api/admin/staff')).status).toBe(403);

    const row = (await staff.owner<TStaffList>('GET', '/api/admin/staff')).body.data.find((m) => m.id === invited.body.id)!;
    expect(row).toMatchObject({ passwordSet: true });
    expect(row.lastSigninTime).not.toBeNull();
    expect(await auditOf(invited.body.id)).toMatchObject([
      { action: 'staff.invite', actor: { id: ids.owner, role: 'owner' }, after: { email: address, name: 'Ada Sales', role: 'sales' } },
    ]);
  });

  it("writes the invitation in Chinese when asked or when no language is given (the shop's default)", async () => {
    for (const locale of ['zh', undefined]) {
      const address = email('wang');
      const res = await staff.owner<TStaffMember>('POST', '/api/admin/staff', {
        body: { email: address, name: '王仓库', role: 'warehouse', ...(locale ? { locale } : {}) },
      });
      expect(res.status).toBe(201);
      expect(res.body.locale).toBe('zh');
      const mail = await mailbox.next(address, 10_000);
      expect(mail.subject).toBe('【Cubeshop】邀请您加入商城后台');
      expect(mail.text).toContain('王仓库，您好！');
      expect(mail.text).toContain('以「仓库」身份加入 Cubeshop 商城后台');
      linkOf(mail);
    }
  });

  it('an invitee is found by name at once, though the same name was just searched for and found nobody', async () => {
    const name = `Invitee ${tag}${randomBytes(2).toString('hex')}`;
    // The search is kept for a few seconds per instance; the invitation must drop it once committed.
    expect(await app.services.account.idsContaining(name)).toEqual([]);
    const invited = await staff.owner<TStaffMember>('POST', '/api/admin/staff', { body: { email: email('invitee'), name, role: 'sales', locale: 'en' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(await app.services.account.idsContaining(name)).toEqual([invited.body.id]);
  });

  it("refuses an e-mail that already has an account, and bad input, in the caller's language", async () => {
    const address = email('dup');
    expect((await staff.owner('POST', '/api/admin/staff', { body: { email: address, name: 'X', role: 'sales' } })).status).toBe(201);
    const twice = await staff.owner('POST', '/api/admin/staff', { body: { email: address.toUpperCase(), name: 'Y', role: 'catalog' } });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'CONFLICT', details: { field: 'email' } });
    expect(twice.body.desc).toMatch(/already belongs to an account/);
    expect((await staff.owner('POST', '/api/admin/staff', { body: { email: address, name: 'Y', role: 'catalog' }, lang: 'zh' })).body.desc).toMatch(
      /该邮箱已属于一个账号/,
    );
    expect((await staff.owner('POST', '/api/admin/staff', { body: { email: 'not-an-email', name: 'Y', role: 'sales' } })).status).toBe(400);
    expect((await staff.owner('POST', '/api/admin/staff', { body: { email: email('z'), name: 'Y', role: 'boss' } })).status).toBe(400);
    await mailbox.next(address, 10_000);
  });
});

describe('staff accounts: changes end sessions at once', () => {
  it('disabling ends the session (next request 401) and closes the chat socket; enabling lets them sign in again', async () => {
    const eve = await onboard('sales');
    const socket = await ChatTestClient.connect(app.wsUrl, { token: eve.token, language: 'en' });
    await socket.waitFor(isEvent('session'));
    const bystander = await ChatTestClient.connect(app.wsUrl, { token: (await onboard('service')).token, language: 'en' });
    await bystander.waitFor(isEvent('session'));
    expect((await eve.call('GET', '/api/admin/orders')).status).toBe(200);

    const disabled = await staff.owner<TStaffMember>('PUT', `/api/admin/staff/${eve.id}`, { body: { disabled: true } });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.disabledTime).not.toBeNull();
    expect((await eve.call('GET', '/api/admin/orders')).status).toBe(401);
    expect(await closedWith(socket)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    expect(await ChatTestClient.upgradeStatus(ChatTestClient.url(app.wsUrl, { token: eve.token }))).toBe(401);
    await sleep(100);
    expect(bystander.closeCode).toBeNull();
    bystander.ws.close();

    const refused = await signin(eve.email, 'Staff2468');
    expect(refused.status).toBe(400);
    expect(refused.body.desc).toBe('This account has been disabled; please contact customer service');
    // Disabling again changes nothing and writes nothing.
    expect((await staff.owner<TStaffMember>('PUT', `/api/admin/staff/${eve.id}`, { body: { disabled: true } })).body.disabledTime).toBe(
      disabled.body.disabledTime,
    );

    expect((await staff.owner<TStaffMember>('PUT', `/api/admin/staff/${eve.id}`, { body: { disabled: false } })).body.disabledTime).toBeNull();
    expect((await eve.call('GET', '/api/user')).status).toBe(401);
    expect((await signin(eve.email, 'Staff2468')).status).toBe(200);
    const audit = await auditOf(eve.id);
    expect(audit.map((a) => a.action)).toEqual(['staff.enable', 'staff.disable', 'staff.invite']);
    expect(audit[1]).toMatchObject({ actor: { id: ids.owner, role: 'owner' }, before: { disabled: false }, after: { disabled: true } });
  });

  it('another role ends the session and socket; the next sign-in has the new role', async () => {
    const sam = await onboard('catalog');
    const socket = await ChatTestClient.connect(app.wsUrl, { token: sam.token, language: 'en' });
    await socket.waitFor(isEvent('session'));
    expect((await sam.call('GET', '/api/admin/items')).status).toBe(200);

    const changed = await staff.owner<TStaffMember>('PUT', `/api/admin/staff/${sam.id}`, { body: { role: 'warehouse' } });
    expect(changed.body.role).toBe('warehouse');
    expect((await sam.call('GET', '/api/admin/items')).status).toBe(401);
    expect(await closedWith(socket)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    const again = shopClient(app, (await signin(sam.email, 'Staff2468')).body.token as string);
    expect((await again('GET', '/api/user')).body.role).toBe('warehouse');
    expect((await again('GET', '/api/admin/items')).status).toBe(403);
    expect((await auditOf(sam.id))[0]).toMatchObject({ action: 'staff.role', before: { role: 'catalog' }, after: { role: 'warehouse' } });
  });

  it('a forced reset ends the sessions, clears the password and mails a link in their language that sets a new one', async () => {
    const li = await onboard('sales', 'zh');
    const reset = await staff.owner<TStaffMember>('PUT', `/api/admin/staff/${li.id}`, { body: { resetPassword: true } });
    expect(reset.status).toBe(200);
    expect(reset.body.passwordSet).toBe(false);
    expect((await li.call('GET', '/api/user')).status).toBe(401);
    expect((await signin(li.email, 'Staff2468')).status).toBe(400);

    const mail = await mailbox.next(li.email, 10_000);
    expect(mail.subject).toBe('【Cubeshop】请设置新密码');
    const { token } = linkOf(mail);
    expect((await anonymous()<TPasswordLinkInfo>('POST', '/api/authn/password/link/check', { body: { token } })).body.purpose).toBe('reset');
    expect((await anonymous()('POST', '/api/authn/password/link', { body: { token, password: 'Fresh2468' } })).status).toBe(200);
    expect((await signin(li.email, 'Fresh2468')).status).toBe(200);
    expect((await auditOf(li.id))[0]).toMatchObject({ action: 'staff.passwordReset', actor: { role: 'owner' } });
  });
});

describe('staff accounts: the owner stays', () => {
  it('refuses the owner disabling, demoting or resetting themselves (409, both languages); nothing changes', async () => {
    const demote = await staff.owner('PUT', `/api/admin/staff/${ids.owner}`, { body: { role: 'sales' } });
    expect(demote.status).toBe(409);
    expect(demote.body.desc).toBe('You cannot disable your own account or give up your own owner role; ask another owner to do it');
    const disable = await staff.owner('PUT', `/api/admin/staff/${ids.owner}`, { body: { disabled: true }, lang: 'zh' });
    expect(disable.status).toBe(409);
    expect(disable.body.desc).toBe('不能停用自己的账号或更改自己的店主角色；请让另一位店主操作');
    expect((await staff.owner('PUT', `/api/admin/staff/${ids.owner}`, { body: { resetPassword: true } })).status).toBe(409);
    expect((await staff.owner('GET', '/api/user')).body.role).toBe('owner');
    expect(await auditOf(ids.owner)).toEqual([]);
  });

  it('keeps the last active owner when two owners remove each other at once', async () => {
    // A shop of its own: here these two are the only owners.
    const shop = await startCluster({ count: 1 });
    try {
      const services = shop.instances[0]!.services;
      const make = (n: string) => services.account.createUser({ account: `own${n}_${tag}`, name: `Owner ${n}`, role: 'owner' });
      const [a, b] = [await make('a'), await make('b')];
      const actor = (u: { id: number; name: string }) => ({ id: u.id, name: u.name, role: 'owner' as const });
      // Both requests passed the role check before either change was made.
      const results = await Promise.allSettled([
        services.staff.change(actor(a), b.id, { role: 'sales' }),
        services.staff.change(actor(b), a.id, { disabled: true }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected')!;
      expect(isDomainError(refused.reason) && refused.reason.messageKey).toBe('staffLastOwner');
      const owners = (await services.staff.list()).data.filter((m) => m.role === 'owner' && m.disabledTime === null);
      expect(owners).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });
});

describe('staff accounts: sending the invitation again', () => {
  it('mails a fresh link in the person’s language; the older unused link stops working; audited', async () => {
    const address = email('resend');
    const invited = await staff.owner<TStaffMember>('POST', '/api/admin/staff', { body: { email: address, name: '李销售', role: 'sales', locale: 'zh' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const first = linkOf(await mailbox.next(address, 10_000));

    // Only the owner may; somebody unknown is 404.
    expect((await staff.sales('POST', `/api/admin/staff/${invited.body.id}/invitation`)).status).toBe(403);
    expect((await staff.owner('POST', '/api/admin/staff/999999999/invitation')).status).toBe(404);

    const again = await staff.owner<TStaffMember>('POST', `/api/admin/staff/${invited.body.id}/invitation`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ id: invited.body.id, passwordSet: false });
    const mail = await mailbox.next(address, 10_000);
    expect(mail.subject).toBe('【Cubeshop】邀请您加入商城后台');
    expect(mail.text).toContain('以「销售」身份加入 Cubeshop 商城后台');
    const second = linkOf(mail);
    expect(second.token).not.toBe(first.token);

    const old = await anonymous()('POST', '/api/authn/password/link', { body: { token: first.token, password: 'Staff2468' } });
    expect(old.status).toBe(400);
    expect(old.body.desc).toMatch(/^This link no longer works/);
    const set = await anonymous()('POST', '/api/authn/password/link', { body: { token: second.token, password: 'Staff2468' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await signin(address, 'Staff2468')).status).toBe(200);

    const trail = await auditOf(invited.body.id);
    expect(trail.map((e) => e.action).sort()).toEqual(['staff.invite', 'staff.reinvite']);
    expect(trail.find((e) => e.action === 'staff.reinvite')).toMatchObject({
      actor: { id: ids.owner, role: 'owner' },
      after: { email: address, locale: 'zh' },
    });
  });

  it('refuses someone who already set a password (a forced reset is for them) and a disabled account, in the caller’s language', async () => {
    const person = await onboard('catalog');
    const url = `/api/admin/staff/${person.id}/invitation`;
    const en = await staff.owner('POST', url);
    expect(en.status).toBe(409);
    expect(en.body.desc).toContain('already set a password');
    expect(en.body.desc).toContain('Force a password reset');
    const zh = await staff.owner('POST', url, { lang: 'zh' });
    expect(zh.status).toBe(409);
    expect(zh.body.desc).toContain('强制重置密码');

    const address = email('off');
    const invited = await staff.owner<TStaffMember>('POST', '/api/admin/staff', {
      body: { email: address, name: 'Off Duty', role: 'warehouse', locale: 'en' },
    });
    await mailbox.next(address, 10_000);
    expect((await staff.owner('PUT', `/api/admin/staff/${invited.body.id}`, { body: { disabled: true } })).status).toBe(200);
    const disabled = await staff.owner('POST', `/api/admin/staff/${invited.body.id}/invitation`);
    expect(disabled.status).toBe(409);
    expect(disabled.body.desc).toMatch(/disabled/);

    expect((await auditOf(person.id)).some((e) => e.action === 'staff.reinvite')).toBe(false);
    expect((await auditOf(invited.body.id)).some((e) => e.action === 'staff.reinvite')).toBe(false);
  });
});
