import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderList, TCustomerList, TStaffRole } from '@cubeshop/shared';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Staff search (docs/orders.md, Staff search): the order queue's q and the customer list's q find
// by any part, in any case, of the buyer's account, name, e-mail and mobile, and of each order's
// number, receiver, company and phone (Chinese too), each word anywhere; nothing of another
// buyer's. Three buyers: Tom (names and company on the order, contacts on the account), 王小明
// (Chinese name and shop), Ada (the other buyer).
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
const tag = randomBytes(3).toString('hex');
const people = {
  tom: { account: `kestrel_${tag}`, name: 'Tom Smith', email: `t.smith.${tag}@tomcubes.example`, mobile: '13911112222' },
  wang: { account: `wxm_${tag}`, name: '王小明', email: `wxm.${tag}@example.cn`, mobile: '13833334444' },
  ada: { account: `ada_${tag}`, name: 'Ada Lovelace', email: `ada.${tag}@example.com`, mobile: '13755556666' },
};
type Who = keyof typeof people;
const ids = {} as Record<Who, number>;
const orderOf = {} as Record<Who, number>;

async function buyerWithOrder(who: Who, address: Record<string, string>): Promise<void> {
  const user = await t.services.account.createUser(people[who]);
  ids[who] = user.id;
  const buyer = shopClient(t, await t.services.authn.issueUserToken(user.id));
  expect((await buyer('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 1 } })).status).toBe(200);
  const placed = await buyer('POST', '/api/orders', { body: orderPayload(address), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  orderOf[who] = placed.body.id;
}

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  // Tom's order goes to "Tom Smith, Tom Cubes Ltd"; the account knows him as kestrel_...
  await buyerWithOrder('tom', { deliveryUser: 'Tom Smith', deliveryCompany: 'Tom Cubes Ltd', deliveryPhone: '+44 20 7946 0958' });
  await buyerWithOrder('wang', { deliveryUser: '王小明', deliveryCompany: '小明魔方店', deliveryPhone: '+86 21 6688 1234' });
  await buyerWithOrder('ada', { deliveryUser: 'Ada Lovelace', deliveryCompany: 'Analytical Engines Ltd', deliveryPhone: '+1 (415) 555-0100' });
});
afterAll(async () => {
  await t.close();
});

const queue = async (q: string) => {
  const res = await staff.warehouse<TStaffOrderList>('GET', '/api/admin/orders', { query: { q } });
  expect(res.status, q).toBe(200);
  return res.body;
};
const customers = async (q: string) => {
  const res = await staff.sales<TCustomerList>('GET', '/api/admin/customers', { query: { q } });
  expect(res.status, q).toBe(200);
  return res.body;
};

describe('staff search', () => {
  // What a staff member types, and whose order (and which customer) it must find; nobody else's.
  const FINDS: [what: string, q: () => string, who: Who][] = [
    ['a first name, lower case', () => 'tom', 'tom'],
    ['the company on the order', () => 'Tom Cubes Ltd', 'tom'],
    ['the company, other case, words apart', () => 'CUBES tom', 'tom'],
    ['first and last name', () => 'Tom Smith', 'tom'],
    ['full-width letters (NFKC)', () => 'ＴＯＭ ＳＭＩＴＨ', 'tom'],
    ['part of the phone as written', () => '7946 0958', 'tom'],
    ['part of the phone as digits', () => '2079460958', 'tom'],
    ['part of the e-mail', () => `smith.${tag}@tomc`, 'tom'],
    ['part of the account name', () => 'kestrel', 'tom'],
    ['the account mobile', () => '1391111', 'tom'],
    ['part of the order number', () => String(orderOf.tom).slice(1), 'tom'],
    ['the whole order number', () => String(orderOf.tom), 'tom'],
    ['a Chinese given name', () => '小明', 'wang'],
    ['the Chinese shop name', () => '魔方店', 'wang'],
    ['a Chinese name and the mobile', () => '王 3833', 'wang'],
    ["another buyer's surname", () => 'lovelace', 'ada'],
  ];

  it.each(FINDS)('finds the order and the customer by %s', async (_what, q, who) => {
    const list = await queue(q());
    expect(list.data.map((r) => r.id)).toEqual([orderOf[who]]);
    expect(list.counts.all).toBe(1);
    expect(list.data[0]!.buyer.id).toBe(ids[who]);
    const found = await customers(q());
    expect(found.data.map((c) => c.id)).toEqual([ids[who]]);
    expect(found.pager.recTotal).toBe(1);
  });

  it("finds nothing for a term of nobody's, nor for LIKE's own wildcards, nor across two buyers' words", async () => {
    for (const q of ['nobody-like-this', '%', 'tom lovelace', '小明 smith']) {
      expect((await queue(q)).data, q).toEqual([]);
      expect((await customers(q)).data, q).toEqual([]);
    }
  });

  it('finds a buyer who signed up a moment ago, and shows and finds a renamed buyer by the new name at once', async () => {
    // Names and search results are kept a short while (account.service): a new or changed user drops them.
    const newcomer = { account: `quokka_${tag}`, name: 'Quinn Newman', email: `quokka.${tag}@example.com` };
    expect((await queue('quokka')).data).toEqual([]);
    const user = await t.services.account.createUser(newcomer);
    const buyer = shopClient(t, await t.services.authn.issueUserToken(user.id));
    expect((await buyer('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 1 } })).status).toBe(200);
    const placed = await buyer('POST', '/api/orders', { body: orderPayload({ deliveryUser: 'Front Desk' }), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    const found = await queue('quokka');
    expect(found.data.map((r) => r.id)).toEqual([placed.body.id]);
    expect(found.data[0]!.buyer.name).toBe('Quinn Newman');

    expect((await buyer('PUT', '/api/user', { body: { name: 'Quinn Okafor' } })).status).toBe(200);
    expect((await queue('quokka')).data[0]!.buyer.name).toBe('Quinn Okafor');
    expect((await queue('okafor')).data.map((r) => r.id)).toEqual([placed.body.id]);
  });

  it('keeps the other filters: a buyer search within a status tab', async () => {
    expect((await staff.owner<TStaffOrderList>('GET', '/api/admin/orders', { query: { q: 'tom', status: 'confirm' } })).body.data.map((r) => r.id)).toEqual([
      orderOf.tom,
    ]);
    expect((await staff.owner<TStaffOrderList>('GET', '/api/admin/orders', { query: { q: 'tom', status: 'complete' } })).body.data).toEqual([]);
  });

  it('refuses a role without orders.read (403) on the queue and without customers.read on the customer list', async () => {
    for (const role of ['catalog', 'service'] as const) {
      expect((await staff[role]('GET', '/api/admin/orders', { query: { q: 'tom' } })).status, role).toBe(403);
    }
    for (const role of ['warehouse', 'catalog', 'service'] as const) {
      expect((await staff[role]('GET', '/api/admin/customers', { query: { q: 'tom' } })).status, role).toBe(403);
    }
  });
});
