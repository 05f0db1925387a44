import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_CODES, type TCustomerDetail, type TCustomerList, type TStaffRole } from '@cubeshop/shared';
import { ChatTestClient, isEvent, sleep, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';
import { ADDRESS, orderPayload, shopClient, stockShop, type ShopCall, type ShopProducts } from '../../test/shop.js';

// Customers (docs/orders.md, Customers): staff list and search buyers, read a buyer's page, write
// notes, and disable an account, whose tokens and chat sockets end at once.
let cluster: ChatCluster;
let app: ChatInstance;
let products: ShopProducts;
const staff = {} as Record<TStaffRole, ShopCall>;
const tag = randomBytes(3).toString('hex');

async function buyer(name: string, extra: { email?: string; mobile?: string } = {}) {
  const user = await app.services.account.createUser({ account: `${name}_${tag}`, password: 'Secret12', name: `${name} ${tag}`, ...extra });
  const token = await app.services.authn.issueUserToken(user.id);
  return { user, token, call: shopClient(app, token) };
}

async function placeOrder(call: ShopCall, currency: 'CNY' | 'USD' = 'CNY'): Promise<number> {
  expect((await call('POST', '/api/cart/items', { body: { itemId: products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await call('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() }, currency });
  expect(placed.status).toBe(201);
  return placed.body.id as number;
}

async function closedWith(socket: ChatTestClient, timeout = 2_000): Promise<number> {
  const deadline = Date.now() + timeout;
  while (socket.closeCode === null && Date.now() < deadline) await sleep(20);
  return socket.closeCode ?? -1;
}

beforeAll(async () => {
  cluster = await startCluster({ count: 1 });
  app = cluster.instances[0]!;
  products = await stockShop(app);
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await app.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role });
    staff[role] = shopClient(app, await app.services.authn.issueUserToken(user.id));
  }
});
afterAll(async () => {
  await cluster?.close();
});

describe('customers: roles', () => {
  // Who may call what, written out by hand. 'ok': past the role check (any status but 401/403).
  type Who = TStaffRole | 'buyer' | 'anonymous';
  const ALL: Who[] = ['owner', 'sales', 'warehouse', 'catalog', 'service', 'buyer', 'anonymous'];
  const TABLE: { what: string; call: (c: ShopCall, id: number) => ReturnType<ShopCall>; allowed: Who[] }[] = [
    // Customer service chats; it does not read the customer list or anyone's contact data (roles.ts).
    { what: 'list customers', call: (c) => c('GET', '/api/admin/customers'), allowed: ['owner', 'sales'] },
    { what: 'open a customer', call: (c, id) => c('GET', `/api/admin/customers/${id}`), allowed: ['owner', 'sales'] },
    { what: 'add a note', call: (c, id) => c('POST', `/api/admin/customers/${id}/notes`, { body: { body: 'x' } }), allowed: ['owner', 'sales'] },
    { what: 'disable (bad body)', call: (c, id) => c('POST', `/api/admin/customers/${id}/disable`, { body: {} }), allowed: ['owner', 'sales'] },
    { what: 'enable', call: (c, id) => c('POST', `/api/admin/customers/${id}/enable`, { body: {} }), allowed: ['owner', 'sales'] },
  ];

  it('answers 401 to visitors, 403 to buyers, warehouse, catalog and service, and lets owner and sales through', async () => {
    const b = await buyer('roles');
    const callers: Record<Who, ShopCall> = { ...staff, buyer: b.call, anonymous: shopClient(app, undefined) };
    const problems: string[] = [];
    for (const row of TABLE) {
      for (const who of ALL) {
        const res = await row.call(callers[who], b.user.id);
        const expected = row.allowed.includes(who) ? 'ok' : who === 'anonymous' ? 401 : 403;
        const got = res.status === 401 || res.status === 403 ? res.status : 'ok';
        if (got !== expected) problems.push(`${row.what} as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(problems).toEqual([]);
    expect((await staff.sales('GET', '/api/admin/customers')).status).toBe(200);
    // The buyer was never disabled by a role without the right.
    expect((await b.call('GET', '/api/user')).status).toBe(200);
  });
});

describe('customers: list and search', () => {
  it('lists buyers newest first (no staff), finds part of an account, name, e-mail or mobile, or an order id, and pages', async () => {
    const ada = await buyer('ada', { email: `Ada.${tag}@Example.com` });
    const bob = await buyer('bob', { mobile: `139${String(Date.now()).slice(-8)}` });
    const orderId = await placeOrder(bob.call);

    const all = (await staff.owner<TCustomerList>('GET', '/api/admin/customers', { query: { recPerPage: 200 } })).body;
    expect(all.data.some((r) => r.account.startsWith('owner_'))).toBe(false);
    const ids = all.data.map((r) => r.id);
    expect(ids.indexOf(bob.user.id)).toBeLessThan(ids.indexOf(ada.user.id));

    const find = async (q: string) => (await staff.sales<TCustomerList>('GET', '/api/admin/customers', { query: { q } })).body.data.map((r) => r.id);
    expect(await find(`ada.${tag}@example`)).toEqual([ada.user.id]);
    expect(await find(`ADA_${tag}`)).toEqual([ada.user.id]);
    expect(await find(`bob ${tag}`)).toEqual([bob.user.id]);
    expect(await find(bob.user.mobile!.slice(3))).toEqual([bob.user.id]);
    expect(await find(String(orderId))).toEqual([bob.user.id]);
    // LIKE's wildcards are taken literally.
    expect(await find('%')).toEqual([]);
    expect(await find(`_${tag}`)).toEqual(expect.arrayContaining([ada.user.id, bob.user.id]));

    const page = (await staff.owner<TCustomerList>('GET', '/api/admin/customers', { query: { q: tag, recPerPage: 1, page: 2 } })).body;
    expect(page.pager).toMatchObject({ page: 2, recPerPage: 1 });
    expect(page.pager.recTotal).toBeGreaterThanOrEqual(2);
    expect(page.data).toHaveLength(1);
    expect((await staff.owner('GET', '/api/admin/customers', { query: { recPerPage: 500 } })).status).toBe(400);
  });

  it("shows each buyer's order count, money received per currency (payments minus refunds) and last order", async () => {
    const carol = await buyer('carol');
    const cny = await placeOrder(carol.call, 'CNY');
    const usd = await placeOrder(carol.call, 'USD');
    await placeOrder(carol.call, 'CNY');
    const pay = (id: number, body: Record<string, unknown>) =>
      staff.sales('POST', `/api/admin/orders/${id}/payments`, { body: { method: 'bankTransfer', ...body } });
    expect((await pay(cny, { kind: 'payment', amount: 100, currency: 'CNY' })).status).toBe(201);
    // A refund pays out what is owed back: cancelled, the order owes nothing and the 100 received are due back.
    expect((await staff.sales('POST', `/api/admin/orders/${cny}/transitions`, { body: { status: 'cancel', reason: 'buyer asked' } })).status).toBe(200);
    expect((await pay(cny, { kind: 'refund', amount: 30, currency: 'CNY' })).status).toBe(201);
    expect((await pay(usd, { kind: 'payment', amount: 12.5, currency: 'USD' })).status).toBe(201);

    const row = (await staff.owner<TCustomerList>('GET', '/api/admin/customers', { query: { q: `carol_${tag}` } })).body.data[0]!;
    expect(row).toMatchObject({
      id: carol.user.id,
      orderCount: 3,
      spent: [
        { currency: 'CNY', amount: 70 },
        { currency: 'USD', amount: 12.5 },
      ],
    });
    expect(row.lastOrderTime).not.toBeNull();

    const fresh = (await staff.owner<TCustomerList>('GET', '/api/admin/customers', { query: { q: `roles_${tag}` } })).body.data[0]!;
    expect(fresh).toMatchObject({ orderCount: 0, spent: [], lastOrderTime: null });
  });
});

describe("customers: a buyer's page", () => {
  it('has contacts, orders, addresses, chat history and notes; notes are audited and refused empty', async () => {
    const dan = await buyer('dan', { email: `dan.${tag}@example.com` });
    const orderId = await placeOrder(dan.call);
    expect((await dan.call('POST', '/api/address', { body: ADDRESS })).status).toBeLessThan(300);
    const actor = { uid: dan.user.id, uname: dan.user.name, agent: false, language: 'en' as const };
    const { group } = await app.services.chat.service.openForBuyer(actor);
    await app.services.chat.service.send(actor, { gid: group.gid, content: 'Where is my parcel?' });

    expect((await staff.sales('POST', `/api/admin/customers/${dan.user.id}/notes`, { body: { body: '  ' } })).status).toBe(400);
    const note = await staff.sales('POST', `/api/admin/customers/${dan.user.id}/notes`, { body: { body: 'Prefers DHL; wholesale prices agreed' } });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ body: 'Prefers DHL; wholesale prices agreed', author: 'sales person' });

    const page = await staff.sales<TCustomerDetail>('GET', `/api/admin/customers/${dan.user.id}`);
    expect(page.status).toBe(200);
    expect(page.body.customer).toMatchObject({ id: dan.user.id, email: `dan.${tag}@example.com`, orderCount: 1, disabledTime: null });
    expect(page.body.orders.map((o) => o.id)).toEqual([orderId]);
    expect(page.body.addresses[0]).toMatchObject({ deliveryCity: ADDRESS.deliveryCity });
    expect(page.body.chats[0]!.messages.some((m) => m.fromBuyer && m.content === 'Where is my parcel?')).toBe(true);
    expect(page.body.notes[0]).toMatchObject({ body: 'Prefers DHL; wholesale prices agreed' });
    expect(page.body.audit[0]).toMatchObject({ action: 'customer.note', actor: { role: 'sales' } });

    expect((await staff.owner('GET', '/api/admin/customers/999999999')).status).toBe(404);
    // A staff member is not a customer.
    const ownerId = (await staff.owner('GET', '/api/user')).body.id as number;
    expect((await staff.owner('GET', `/api/admin/customers/${ownerId}`)).status).toBe(404);
    expect((await staff.owner('POST', `/api/admin/customers/${ownerId}/disable`, { body: { reason: 'no' } })).status).toBe(404);
  });
});

describe('customers: disabling', () => {
  it("ends the buyer's tokens and chat sockets at once, refuses sign-in with a clear message, and enabling lets them sign in again", async () => {
    const eve = await buyer('eve', { email: `eve.${tag}@example.com` });
    const other = await buyer('frank');
    const socket = await ChatTestClient.connect(app.wsUrl, { token: eve.token, language: 'en' });
    await socket.waitFor(isEvent('session'));
    const bystander = await ChatTestClient.connect(app.wsUrl, { token: other.token, language: 'en' });
    await bystander.waitFor(isEvent('session'));
    expect((await eve.call('GET', '/api/user')).status).toBe(200);

    expect((await staff.sales('POST', `/api/admin/customers/${eve.user.id}/disable`, { body: { reason: ' ' } })).status).toBe(400);
    const disabled = await staff.sales<TCustomerDetail>('POST', `/api/admin/customers/${eve.user.id}/disable`, { body: { reason: 'Chargeback fraud' } });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.customer.disabledTime).not.toBeNull();
    expect(disabled.body.audit[0]).toMatchObject({
      action: 'customer.disable',
      note: 'Chargeback fraud',
      before: { disabled: false },
      after: { disabled: true },
    });

    expect((await eve.call('GET', '/api/user')).status).toBe(401);
    expect(await closedWith(socket)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    expect(await ChatTestClient.upgradeStatus(ChatTestClient.url(app.wsUrl, { token: eve.token }))).toBe(401);
    await sleep(100);
    expect(bystander.closeCode).toBeNull();
    bystander.ws.close();

    const signin = (lang: 'en' | 'zh', password = 'Secret12') =>
      shopClient(app, undefined)('POST', '/api/authn/signin', { body: { account: `eve_${tag}`, password }, lang });
    const refused = await signin('en');
    expect(refused.status).toBe(400);
    expect(refused.body.desc).toBe('This account has been disabled; please contact customer service');
    expect((await signin('zh')).body.desc).toBe('该账号已被停用，如有疑问请联系客服');
    // A wrong password does not learn that the account is disabled.
    expect((await signin('en', 'Wrong999')).body.desc).toBe('Account or password is incorrect');

    // Disabling again changes nothing (same time, no second entry).
    const again = await staff.owner<TCustomerDetail>('POST', `/api/admin/customers/${eve.user.id}/disable`, { body: { reason: 'again' } });
    expect(again.body.customer.disabledTime).toBe(disabled.body.customer.disabledTime);
    expect(again.body.audit.filter((a) => a.action === 'customer.disable')).toHaveLength(1);
    const listed = (await staff.owner<TCustomerList>('GET', '/api/admin/customers', { query: { q: `eve_${tag}` } })).body.data[0]!;
    expect(listed.disabledTime).toBe(disabled.body.customer.disabledTime);

    const enabled = await staff.owner<TCustomerDetail>('POST', `/api/admin/customers/${eve.user.id}/enable`, { body: {} });
    expect(enabled.status).toBe(200);
    expect(enabled.body.customer.disabledTime).toBeNull();
    expect(enabled.body.audit[0]).toMatchObject({ action: 'customer.enable', actor: { role: 'owner' } });
    // The old session stays ended; a new sign-in works.
    expect((await eve.call('GET', '/api/user')).status).toBe(401);
    const back = await signin('en');
    expect(back.status).toBe(200);
    expect((await shopClient(app, back.body.token as string)('GET', '/api/user')).status).toBe(200);
  });
});
