import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditList, TStaffRole, TStockSheet } from '@cubeshop/shared';
import { createShopApp, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// The stock screen of the back office (docs/catalog.md, Stock): GET /api/admin/stock lists products
// on sale with every style's pieces for the roles with stock.manage (the warehouse has no product
// list of its own), filters by state (low stock), and a count set with a reason keeps the reason
// as the audit entry's note.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
const tag = randomBytes(3).toString('hex');

async function product(name: string, extra: { types?: { code: string; zh: string; en: string }[]; lowStockAt?: number } = {}): Promise<number> {
  const ids = await t.services.catalog.writes.slugIds();
  const [id] = await t.services.catalog.writes.addItems([
    {
      supplierId: [...ids.suppliers.values()][0]!,
      categoryId: [...ids.categories.values()][0]!,
      nameZh: `${name}（中）`,
      nameEn: name,
      priceFen: 1_000,
      nwG: 50,
      gwG: 60,
      volumeCm3: 100,
      ...extra,
    },
  ]);
  return id!;
}

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
});
afterAll(() => t.close());

describe('GET /api/admin/stock', () => {
  it('is for the roles that count stock only', async () => {
    for (const role of ['owner', 'catalog', 'warehouse'] as const) expect((await staff[role]('GET', '/api/admin/stock')).status, role).toBe(200);
    for (const role of ['sales', 'service'] as const) expect((await staff[role]('GET', '/api/admin/stock')).status, role).toBe(403);
    expect((await shopClient(t, undefined)('GET', '/api/admin/stock')).status).toBe(401);
  });

  it('lists every style with its pieces and state, finds by name and keeps only low stock when asked', async () => {
    const styled = await product(`Shelf Cube ${tag}`, {
      types: [
        { code: 'red', zh: '红色', en: 'Red' },
        { code: 'blue', zh: '蓝色', en: 'Blue' },
      ],
      lowStockAt: 10,
    });
    const plain = await product(`Shelf Plain ${tag}`);
    const untracked = await product(`Shelf Loose ${tag}`);
    expect((await staff.warehouse('PUT', `/api/admin/items/${styled}/stock`, { body: { lines: [{ typeCode: 'red', onHand: 3 }] } })).status).toBe(200);
    expect((await staff.warehouse('PUT', `/api/admin/items/${plain}/stock`, { body: { lines: [{ typeCode: '', onHand: 80 }] } })).status).toBe(200);

    const all = await staff.warehouse<TStockSheet>('GET', '/api/admin/stock', { query: { keyword: `Shelf ${tag}` } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const byId = new Map(all.body.data.map((r) => [r.id, r]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([styled, plain, untracked].sort((a, b) => a - b));
    expect(byId.get(styled)).toMatchObject({
      nameEn: `Shelf Cube ${tag}`,
      tracked: true,
      lowStockAt: 10,
      stockStatus: 'low',
      styles: [
        { code: 'red', zh: '红色', en: 'Red', onHand: 3, reserved: 0, available: 3, stockStatus: 'low' },
        // A style of a tracked product without a row has none.
        { code: 'blue', zh: '蓝色', en: 'Blue', onHand: 0, reserved: 0, available: 0, stockStatus: 'out_of_stock' },
      ],
    });
    expect(byId.get(plain)).toMatchObject({
      tracked: true,
      stockStatus: 'in_stock',
      styles: [{ code: '', onHand: 80, available: 80, stockStatus: 'in_stock' }],
    });
    expect(byId.get(untracked)).toMatchObject({ tracked: false, stockStatus: 'in_stock', styles: [{ code: '', onHand: 0 }] });
    // No prices on the warehouse's view.
    expect(JSON.stringify(all.body)).not.toMatch(/"price"/);

    const low = await staff.warehouse<TStockSheet>('GET', '/api/admin/stock', { query: { keyword: `Shelf ${tag}`, stockStatus: 'low' } });
    expect(low.body.data.map((r) => r.id)).toEqual([styled]);
    expect(low.body.pager.recTotal).toBe(1);
  });

  it('keeps the reason of a count as the audit note', async () => {
    const id = await product(`Recount Cube ${tag}`);
    const res = await staff.warehouse('PUT', `/api/admin/items/${id}/stock`, {
      body: { lines: [{ typeCode: '', onHand: 12 }], reason: '  Monthly recount  ' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const audit = (await staff.owner<TAuditList>('GET', '/api/admin/audit', { query: { entity: 'item', recPerPage: 200 } })).body;
    const entry = audit.data.find((e) => e.action === 'stock.adjust' && e.entityId === String(id));
    expect(entry?.note).toBe('Monthly recount');
    expect(entry?.after).toEqual({ '': { onHand: 12, reserved: 0 } });
    const tooLong = await staff.warehouse('PUT', `/api/admin/items/${id}/stock`, { body: { lines: [{ typeCode: '', onHand: 1 }], reason: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(400);
  });
});
