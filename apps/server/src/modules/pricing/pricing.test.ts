import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffRole } from '@cubeshop/shared';
import { createBuyer, createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Price tiers and customer groups (docs/catalog.md, Prices: tiers and customer groups): the
// storefront shows tiers, the cart prices each line at its tier, the order keeps it; staff keep
// groups, and a buyer in a group sees the group's prices on lists, detail, cart and order, while
// anonymous visitors and other buyers keep the shop's prices.
let t: ShopApp;
let tiered: number;
const staff = {} as Record<TStaffRole, ShopCall>;
const anonymous = () => shopClient(t, undefined);

beforeAll(async () => {
  t = await createShopApp();
  const { categoryId, supplierId } = (await t.services.catalog.query.itemsForPricing([t.products.cube])).get(t.products.cube)! as unknown as {
    categoryId?: number;
    supplierId: number;
  };
  void categoryId;
  const cat = (await anonymous()('GET', `/api/items/${t.products.cube}`)).body.categoryId as number;
  [tiered] = (await t.services.catalog.writes.addItems([
    {
      supplierId,
      categoryId: cat,
      nameZh: '轨道 阶梯价魔方',
      nameEn: 'Orbit Tiered Cube',
      priceFen: 1_000,
      priceTiers: [
        { minQuantity: 48, priceFen: 800 },
        { minQuantity: 12, priceFen: 900 },
      ],
      nwG: 80,
      gwG: 100,
      volumeCm3: 150,
    },
  ])) as [number];
  for (const role of ['owner', 'sales', 'catalog', 'warehouse', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomUUID().slice(0, 6)}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
});
afterAll(async () => {
  await t?.close();
});

async function buyer(name: string) {
  const b = await createBuyer(t, name);
  return { ...b, call: shopClient(t, b.token) };
}

describe('price tiers', () => {
  it('lists the tiers on lists and detail, in the display currency, by quantity', async () => {
    const detail = await anonymous()('GET', `/api/items/${tiered}`);
    expect(detail.body.priceTiers).toEqual([
      { minQuantity: 12, price: 9 },
      { minQuantity: 48, price: 8 },
    ]);
    const usd = await anonymous()('GET', `/api/items/${tiered}`, { currency: 'USD' });
    expect(usd.body.priceTiers).toEqual([
      { minQuantity: 12, price: 1.27 },
      { minQuantity: 48, price: 1.13 },
    ]);
    const list = await anonymous()('GET', '/api/items', { query: { keyword: 'Tiered' } });
    expect(list.body.data.find((p: { id: number }) => p.id === tiered).priceTiers).toHaveLength(2);
    const plain = await anonymous()('GET', `/api/items/${t.products.timer}`);
    expect(plain.body.priceTiers).toEqual([]);
  });

  it('prices a cart line at its tier, shows the saving, and the order keeps the tier', async () => {
    const b = await buyer('tiers');
    const added = await b.call('POST', '/api/cart/items', { body: { itemId: tiered, quantity: 11 } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ discountPrice: 10, amount: 110, tierMinQuantity: null, tierSaving: 0 });
    const more = await b.call('POST', '/api/cart/items', { body: { itemId: tiered, quantity: 1 } });
    expect(more.body).toMatchObject({ quantity: 12, discountPrice: 9, amount: 108, tierMinQuantity: 12, tierSaving: 12 });
    const info = await b.call('GET', '/api/cart/info');
    expect(info.body).toMatchObject({ goodsAmount: 108, tierSaving: 12, discount: 12 });
    const usdLine = (await b.call('GET', '/api/cart/items', { currency: 'USD' })).body.data[0];
    expect(usdLine).toMatchObject({ discountPrice: 1.27, tierMinQuantity: 12 });
    expect(usdLine.tierSaving).toBeCloseTo((1.41 - 1.27) * 12, 6);

    const placed = await b.call('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    const order = await b.call('GET', `/api/orders/${placed.body.id}`);
    expect(order.body.items[0]).toMatchObject({ itemId: tiered, quantity: 12, discountPrice: 9, amount: 108, tierMinQuantity: 12 });
    expect(order.body.goodsAmount ?? order.body.items[0].amount).toBe(108);
  });

  it('prices 48 pieces at the 48+ tier', async () => {
    const b = await buyer('tiers48');
    const added = await b.call('POST', '/api/cart/items', { body: { itemId: tiered, quantity: 50 } });
    expect(added.body).toMatchObject({ discountPrice: 8, amount: 400, tierMinQuantity: 48, tierSaving: 100 });
  });
});

describe('customer groups', () => {
  it('lets owner and catalog manage groups; sales and service may not', async () => {
    for (const role of ['sales', 'service', 'warehouse'] as const) {
      expect((await staff[role]('GET', '/api/admin/customer-groups')).status).toBe(403);
    }
    expect((await anonymous()('GET', '/api/admin/customer-groups')).status).toBe(401);
    expect((await staff.catalog('GET', '/api/admin/customer-groups')).status).toBe(200);
    // Assigning a buyer is customers.manage: catalog may not.
    const b = await buyer('norole');
    expect((await staff.catalog('PUT', `/api/admin/customers/${b.id}/group`, { body: { groupId: null } })).status).toBe(403);
    expect((await staff.sales('GET', `/api/admin/customers/${b.id}/group`)).status).toBe(200);
    // Customer service reads no customer's page, its group included.
    expect((await staff.service('GET', `/api/admin/customers/${b.id}/group`)).status).toBe(403);
  });

  it('creates, validates, updates and audits a group; a group in use cannot be deleted', async () => {
    const bad = await staff.owner('POST', '/api/admin/customer-groups', { body: { code: 'Bad Code', nameZh: '', nameEn: 'x', discountPercent: 120 } });
    expect(bad.status).toBe(400);
    const created = await staff.catalog('POST', '/api/admin/customer-groups', {
      body: { code: 'trade', nameZh: '同行', nameEn: 'Trade', discountPercent: 5, position: 3 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'trade', discountPercent: 5, memberCount: 0, isDefault: false });
    const dup = await staff.owner('POST', '/api/admin/customer-groups', { body: { code: 'trade', nameZh: '同行', nameEn: 'Trade', discountPercent: 5 } });
    expect(dup.status).toBe(409);
    const id = created.body.id as number;
    const updated = await staff.owner('PUT', `/api/admin/customer-groups/${id}`, {
      body: { code: 'trade', nameZh: '同行', nameEn: 'Trade partners', discountPercent: 7, position: 3 },
    });
    expect(updated.body).toMatchObject({ nameEn: 'Trade partners', discountPercent: 7 });

    const b = await buyer('inuse');
    expect((await staff.sales('PUT', `/api/admin/customers/${b.id}/group`, { body: { groupId: id } })).body).toMatchObject({ groupId: id, effective: { id } });
    const refused = await staff.owner('DELETE', `/api/admin/customer-groups/${id}`, { lang: 'zh' });
    expect(refused.status).toBe(409);
    expect(refused.body.desc).toContain('不能删除');
    await staff.sales('PUT', `/api/admin/customers/${b.id}/group`, { body: { groupId: null } });
    expect((await staff.owner('DELETE', `/api/admin/customer-groups/${id}`)).status).toBe(200);
    expect((await staff.owner('DELETE', `/api/admin/customer-groups/${id}`)).status).toBe(404);

    const audit = await staff.owner('GET', '/api/admin/audit', { query: { recPerPage: 50 } });
    const actions = (audit.body.data as { action: string; entityId: string }[])
      .filter((e) => e.entityId === String(id) || e.entityId === String(b.id))
      .map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['group.create', 'group.update', 'group.delete', 'customer.group']));
  });

  it('shows a buyer their group price on lists, detail, cart and order; others and anonymous keep the shop price', async () => {
    const vip = await staff.owner('POST', '/api/admin/customer-groups', { body: { code: 'vip-test', nameZh: '贵宾', nameEn: 'VIP', discountPercent: 15 } });
    const groupId = vip.body.id as number;
    // An own price for the timer (199 → 150); the percentage for the rest.
    const prices = await staff.catalog('PUT', `/api/admin/customer-groups/${groupId}/prices`, { body: { set: [{ itemId: t.products.timer, price: 150 }] } });
    expect(prices.body.data).toEqual([{ itemId: t.products.timer, name: 'Orbit Timer', price: 150, shopPrice: 199 }]);
    expect((await staff.catalog('PUT', `/api/admin/customer-groups/${groupId}/prices`, { body: { set: [{ itemId: 987_654_321, price: 1 }] } })).status).toBe(
      400,
    );

    const member = await buyer('vipbuyer');
    const other = await buyer('plainbuyer');
    // Warm the shared caches with the anonymous view first.
    await anonymous()('GET', `/api/items/${tiered}`);
    await anonymous()('GET', '/api/items', { query: { keyword: 'Orbit' } });
    await staff.sales('PUT', `/api/admin/customers/${member.id}/group`, { body: { groupId } });

    const mine = await member.call('GET', `/api/items/${tiered}`);
    expect(mine.body).toMatchObject({ price: 10, discountPrice: 8.5, basePrice: 8.5 });
    // 12+ at 9 no longer beats 8.50; 48+ at 8 does.
    expect(mine.body.priceTiers).toEqual([{ minQuantity: 48, price: 8 }]);
    const timer = await member.call('GET', `/api/items/${t.products.timer}`);
    expect(timer.body.discountPrice).toBe(150);
    const list = await member.call('GET', '/api/items', { query: { keyword: 'Orbit' } });
    const byId = new Map((list.body.data as { id: number; discountPrice: number }[]).map((p) => [p.id, p.discountPrice]));
    expect(byId.get(tiered)).toBe(8.5);
    expect(byId.get(t.products.timer)).toBe(150);

    await member.call('POST', '/api/favorites', { body: { itemId: t.products.timer } });
    const favourites = await member.call('GET', '/api/favorites');
    expect(favourites.body.data.find((p: { id: number }) => p.id === t.products.timer)?.discountPrice).toBe(150);

    for (const call of [anonymous(), other.call]) {
      expect((await call('GET', `/api/items/${tiered}`)).body).toMatchObject({ discountPrice: 10 });
      const l = await call('GET', '/api/items', { query: { keyword: 'Orbit' } });
      expect((l.body.data as { id: number; discountPrice: number }[]).find((p) => p.id === t.products.timer)?.discountPrice).toBe(199);
    }

    await member.call('POST', '/api/cart/items', { body: { itemId: tiered, quantity: 12 } });
    await member.call('POST', '/api/cart/items', { body: { itemId: t.products.timer, quantity: 2 } });
    const lines = (await member.call('GET', '/api/cart/items')).body.data as { itemId: number; discountPrice: number; tierMinQuantity: number | null }[];
    expect(lines.find((l) => l.itemId === tiered)).toMatchObject({ discountPrice: 8.5, tierMinQuantity: null });
    expect(lines.find((l) => l.itemId === t.products.timer)).toMatchObject({ discountPrice: 150 });
    const placed = await member.call('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    const order = await member.call('GET', `/api/orders/${placed.body.id}`);
    const items = order.body.items as { itemId: number; discountPrice: number }[];
    expect(items.find((l) => l.itemId === tiered)?.discountPrice).toBe(8.5);
    expect(items.find((l) => l.itemId === t.products.timer)?.discountPrice).toBe(150);

    // Removing the own price and the membership: the shop's prices again.
    await staff.catalog('PUT', `/api/admin/customer-groups/${groupId}/prices`, { body: { remove: [t.products.timer] } });
    expect((await member.call('GET', `/api/items/${t.products.timer}`)).body.discountPrice).toBe(169.15);
    await staff.sales('PUT', `/api/admin/customers/${member.id}/group`, { body: { groupId: null } });
    expect((await member.call('GET', `/api/items/${t.products.timer}`)).body.discountPrice).toBe(199);
  });

  it('gives buyers nobody assigned the default group, and keeps at most one default', async () => {
    const a = await staff.owner('POST', '/api/admin/customer-groups', {
      body: { code: 'def-a', nameZh: '默认甲', nameEn: 'Default A', discountPercent: 10, isDefault: true },
    });
    const b = await staff.owner('POST', '/api/admin/customer-groups', {
      body: { code: 'def-b', nameZh: '默认乙', nameEn: 'Default B', discountPercent: 20, isDefault: true },
    });
    const groups = (await staff.owner('GET', '/api/admin/customer-groups')).body.data as { id: number; isDefault: boolean }[];
    expect(groups.filter((g) => g.isDefault).map((g) => g.id)).toEqual([b.body.id]);
    const someone = await buyer('defaulted');
    expect((await someone.call('GET', `/api/items/${tiered}`)).body.discountPrice).toBe(8);
    expect((await anonymous()('GET', `/api/items/${tiered}`)).body.discountPrice).toBe(10);
    expect((await staff.owner('DELETE', `/api/admin/customer-groups/${b.body.id}`)).status).toBe(409);
    // Back to no default, so the other tests keep the shop's prices.
    await staff.owner('PUT', `/api/admin/customer-groups/${b.body.id}`, {
      body: { code: 'def-b', nameZh: '默认乙', nameEn: 'Default B', discountPercent: 20, isDefault: false },
    });
    expect((await staff.owner('DELETE', `/api/admin/customer-groups/${b.body.id}`)).status).toBe(200);
    expect((await staff.owner('DELETE', `/api/admin/customer-groups/${a.body.id}`)).status).toBe(200);
    expect((await someone.call('GET', `/api/items/${tiered}`)).body.discountPrice).toBe(10);
  });
});
