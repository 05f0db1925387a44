import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SEARCH_LIMIT, type TStaffSearchResult, type TStaffRole } from '@cubeshop/shared';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// The back office search box (docs/orders.md, Staff search): GET /api/admin/search?q= answers
// orders, customers and products at once, the newest ADMIN_SEARCH_LIMIT of each with the staff
// page each opens, only the kinds the caller's role may read.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let buyerCall: ShopCall;
const tag = randomBytes(3).toString('hex');
let tomId: number;
let wangId: number;
const tomOrders: number[] = [];
let wangOrder: number;

async function buyer(input: { account: string; name: string; email: string }): Promise<{ id: number; call: ShopCall }> {
  const user = await t.services.account.createUser(input);
  return { id: user.id, call: shopClient(t, await t.services.authn.issueUserToken(user.id)) };
}

async function order(call: ShopCall, address: Record<string, string>): Promise<number> {
  expect((await call('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 1 } })).status).toBe(200);
  const placed = await call('POST', '/api/orders', { body: orderPayload(address), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  return placed.body.id;
}

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  const tom = await buyer({ account: `kestrel_${tag}`, name: 'Tom Smith', email: `t.smith.${tag}@example.com` });
  tomId = tom.id;
  buyerCall = tom.call;
  // One more order than the box shows.
  for (let i = 0; i <= ADMIN_SEARCH_LIMIT; i++) tomOrders.push(await order(tom.call, { deliveryUser: 'Tom Smith', deliveryCompany: 'Tom Cubes Ltd' }));
  const wang = await buyer({ account: `wxm_${tag}`, name: '王小明', email: `wxm.${tag}@example.cn` });
  wangId = wang.id;
  wangOrder = await order(wang.call, { deliveryUser: '王小明', deliveryCompany: '小明魔方店' });
});
afterAll(async () => {
  await t.close();
});

const search = (who: ShopCall, q: string, lang: 'en' | 'zh' = 'en') => who<TStaffSearchResult>('GET', '/api/admin/search', { query: { q }, lang });

describe('GET /api/admin/search', () => {
  it('answers only the kinds each role may read', async () => {
    const KINDS: Record<TStaffRole, string[]> = {
      owner: ['orders', 'customers', 'products'],
      sales: ['orders', 'customers'],
      warehouse: ['orders'],
      catalog: ['products'],
      service: [],
    };
    for (const [role, kinds] of Object.entries(KINDS) as [TStaffRole, string[]][]) {
      const res = await search(staff[role], 'tom');
      expect(res.status, role).toBe(200);
      expect(res.headers['cache-control'], role).toBe('private, no-store');
      expect(
        res.body.sections.map((s) => s.kind),
        role,
      ).toEqual(kinds);
    }
  });

  it('refuses buyers (403) and visitors (401) before looking at the query', async () => {
    expect((await search(buyerCall, 'tom')).status).toBe(403);
    expect((await buyerCall('GET', '/api/admin/search')).status).toBe(403);
    expect((await shopClient(t, undefined)('GET', '/api/admin/search', { query: { q: 'tom' } })).status).toBe(401);
    expect((await staff.sales('GET', '/api/admin/search')).status).toBe(400);
    expect((await search(staff.sales, 'x'.repeat(101))).status).toBe(400);
  });

  it('finds orders and customers by a name fragment, newest first, at most the limit, each with its staff page', async () => {
    const { body } = await search(staff.owner, 'tom');
    const orders = body.sections.find((s) => s.kind === 'orders')!;
    expect(orders.hits.map((h) => h.id)).toEqual(tomOrders.slice(1).reverse());
    expect(orders.more).toBe(true);
    expect(orders.all).toBe('/admin/orders?q=tom');
    const first = orders.hits[0]!;
    expect(first).toMatchObject({ link: `/admin/orders/${first.id}`, status: 'confirm', title: `${first.id} · Tom Smith` });
    expect(first.detail).toContain('Tom Cubes Ltd');
    expect(first.detail).toContain(`kestrel_${tag}`);
    const customers = body.sections.find((s) => s.kind === 'customers')!;
    expect(customers).toMatchObject({ more: false, all: '/admin/customers?q=tom' });
    expect(customers.hits).toEqual([
      { id: tomId, title: 'Tom Smith', detail: `kestrel_${tag} · t.smith.${tag}@example.com`, link: `/admin/customers/${tomId}` },
    ]);
    expect(body.sections.find((s) => s.kind === 'products')!.hits).toEqual([]);
  });

  it('finds by a Chinese name fragment, a company and an order number fragment, and nothing of another buyer', async () => {
    const hitsOf = async (q: string) => Object.fromEntries((await search(staff.sales, q)).body.sections.map((s) => [s.kind, s.hits.map((h) => h.id)]));
    expect(await hitsOf('小明')).toEqual({ orders: [wangOrder], customers: [wangId] });
    expect(await hitsOf('cubes ltd')).toEqual({ orders: tomOrders.slice(1).reverse(), customers: [tomId] });
    expect(await hitsOf(String(wangOrder).slice(2))).toEqual({ orders: [wangOrder], customers: [wangId] });
    expect(await hitsOf('魔方店 smith')).toEqual({ orders: [], customers: [] });
  });

  it('finds products as the product list does, archived too, named in the request language', async () => {
    const { body } = await search(staff.catalog, 'orbit', 'zh');
    const [products] = body.sections;
    expect(products!.kind).toBe('products');
    expect(products!.hits).toHaveLength(ADMIN_SEARCH_LIMIT);
    expect(products!.more).toBe(true);
    expect(products!.all).toBe('/admin/items?keyword=orbit');
    for (const hit of products!.hits) {
      expect(hit.link).toBe(`/admin/items/${hit.id}`);
      expect(hit.title).toMatch(/^轨道/);
      expect(hit.detail).toContain(`#${hit.id}`);
    }
    const cube = (await search(staff.catalog, String(t.products.cube))).body.sections[0]!.hits;
    expect(cube.map((h) => h.id)).toContain(t.products.cube);
  });
});
