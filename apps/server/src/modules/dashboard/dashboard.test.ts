import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDays, shopDayOf, type TStaffOrderDetail, type TDashboard, type TOrderDetail, type TStaffRole } from '@cubeshop/shared';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// The sales dashboard (GET /api/admin/dashboard): its figures are those of the orders placed, per
// currency, by the money rule of orders.money.ts (owed = charged less credit notes); paid against
// unpaid follows the payments recorded; the range is checked; only owner and sales may read it.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let buyer: ShopCall;
let usdBuyer: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  const b = await t.services.account.createUser({ account: `dash_${randomBytes(3).toString('hex')}`, name: 'Dashboard Buyer' });
  const token = await t.services.authn.issueUserToken(b.id);
  buyer = shopClient(t, token, { currency: 'CNY' });
  usdBuyer = shopClient(t, token, { currency: 'USD', lang: 'en' });
});
afterAll(async () => {
  await t.close();
});

async function place(c: ShopCall, lines: { itemId: number; type?: string; quantity: number }[]): Promise<TOrderDetail> {
  for (const body of lines) expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

const dashboard = async (query = '') => {
  const res = await staff.owner<TDashboard>('GET', `/api/admin/dashboard${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const pay = (id: number, body: Record<string, unknown>) =>
  staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${id}/payments`, { body: { kind: 'payment', method: 'bankTransfer', ...body } });
const money = (v: number) => Math.round(v * 100);
const today = () => shopDayOf(Date.now());

describe('the sales dashboard', () => {
  it('counts the orders placed today per currency, paid against unpaid, and lowers revenue by a credit note and received money by its refund', async () => {
    const before = await dashboard();
    expect(before.to).toBe(today());
    expect(before.from).toBe(addShopDays(today(), -29));
    expect(before.days).toHaveLength(30);

    const cny = await place(buyer, [
      { itemId: t.products.cube, type: 'black', quantity: 2 },
      { itemId: t.products.wholesale, quantity: 12 },
    ]);
    const usd = await place(usdBuyer, [{ itemId: t.products.wholesale, quantity: 24 }]);
    expect([cny.currency, usd.currency]).toEqual(['CNY', 'USD']);

    // Placing an order drops the cached answer ('orders.changed'): the next read counts it.
    const placed = await dashboard();
    const day = placed.days.at(-1)!;
    const dayBefore = before.days.at(-1)!;
    expect(day.day).toBe(today());
    expect(day.orders.CNY - dayBefore.orders.CNY).toBe(1);
    expect(day.orders.USD - dayBefore.orders.USD).toBe(1);
    expect(money(day.revenue.CNY - dayBefore.revenue.CNY)).toBe(money(cny.money.owed));
    expect(money(day.revenue.USD - dayBefore.revenue.USD)).toBe(money(usd.money.owed));
    expect(money(placed.totals.revenue.USD - before.totals.revenue.USD)).toBe(money(usd.money.owed));
    // One buyer, first order ever today: one new buyer, not two.
    expect(placed.totals.newBuyers - before.totals.newBuyers).toBe(1);
    expect(placed.payment.unpaid.orders.CNY - before.payment.unpaid.orders.CNY).toBe(1);
    expect(money(placed.payment.unpaid.toPay.USD - before.payment.unpaid.toPay.USD)).toBe(money(usd.money.owed));
    // Best sellers: the wholesale product's 36 pieces, at the price charged in each currency.
    const wholesale = placed.topProducts.find((p) => p.itemId === t.products.wholesale)!;
    const wholesaleBefore = before.topProducts.find((p) => p.itemId === t.products.wholesale);
    expect(wholesale.units - (wholesaleBefore?.units ?? 0)).toBe(36);
    const usdLine = usd.items[0]!;
    expect(money(wholesale.revenue.USD - (wholesaleBefore?.revenue.USD ?? 0))).toBe(money(usdLine.actualPrice * 24));
    expect(placed.topBrands.length).toBeGreaterThan(0);
    expect(placed.topBrands.reduce((n, b) => n + b.units, 0)).toBe(placed.topProducts.reduce((n, p) => n + p.units, 0));

    // Paid in full: the USD order moves from unpaid to paid, with what it owes.
    expect((await pay(usd.id, { amount: usd.money.owed, currency: 'USD' })).body.paymentStatus).toBe('paid');
    const paid = await dashboard();
    expect(paid.payment.paid.orders.USD - placed.payment.paid.orders.USD).toBe(1);
    expect(paid.payment.unpaid.orders.USD - placed.payment.unpaid.orders.USD).toBe(-1);
    expect(money(paid.payment.paid.amount.USD - placed.payment.paid.amount.USD)).toBe(money(usd.money.owed));
    expect(money(paid.totals.received.USD - placed.totals.received.USD)).toBe(money(usd.money.owed));

    // A goodwill credit note lowers what the order owes (revenue); its refund lowers what was received.
    const credited = await staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${usd.id}/credits`, {
      body: { kind: 'goodwill', reason: 'Late delivery', amount: 5 },
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    const refunded = await pay(usd.id, { kind: 'refund', amount: 5, currency: 'USD' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body.order.money.owed).toBe(+(usd.money.owed - 5).toFixed(2));
    const after = await dashboard();
    expect(money(after.days.at(-1)!.revenue.USD - paid.days.at(-1)!.revenue.USD)).toBe(-500);
    expect(money(after.totals.received.USD - paid.totals.received.USD)).toBe(-500);
    expect(money(after.payment.paid.amount.USD)).toBe(money(paid.payment.paid.amount.USD) - 500);
    // The CNY figures did not move.
    expect(after.totals.revenue.CNY).toBe(paid.totals.revenue.CNY);

    // A cancelled order owes nothing: it still counts as placed, its revenue goes.
    const cancelled = await staff.sales('POST', `/api/admin/orders/${cny.id}/transitions`, { body: { status: 'cancel', reason: 'Buyer asked' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const gone = await dashboard();
    expect(gone.days.at(-1)!.orders.CNY).toBe(after.days.at(-1)!.orders.CNY);
    expect(money(after.days.at(-1)!.revenue.CNY - gone.days.at(-1)!.revenue.CNY)).toBe(money(cny.money.owed));
    expect(gone.payment.unpaid.orders.CNY - after.payment.unpaid.orders.CNY).toBe(-1);
  });

  it('answers the range asked for, day by day, and refuses a reversed range or one over 366 days', async () => {
    const to = today();
    const week = await dashboard(`?from=${addShopDays(to, -6)}&to=${to}`);
    expect(week.days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addShopDays(to, i - 6)));
    // Days before anything was sold are there, with zeros.
    const past = await dashboard(`?from=2020-01-01&to=2020-01-03`);
    expect(past.days).toEqual(
      ['2020-01-01', '2020-01-02', '2020-01-03'].map((day) => ({ day, orders: { CNY: 0, USD: 0 }, revenue: { CNY: 0, USD: 0 }, newBuyers: 0 })),
    );
    expect(past.totals.orders).toEqual({ CNY: 0, USD: 0 });
    expect(past.topProducts).toEqual([]);
    expect((await dashboard(`?from=2024-01-01&to=2024-12-31`)).days).toHaveLength(366);

    const longer = await staff.owner('GET', '/api/admin/dashboard?from=2024-01-01&to=2025-01-01');
    expect(longer.status).toBe(400);
    expect(longer.body.desc).toContain('366');
    const reversed = await staff.owner('GET', '/api/admin/dashboard?from=2024-02-02&to=2024-02-01');
    expect(reversed.status).toBe(400);
    expect((await staff.owner('GET', '/api/admin/dashboard?from=2024-02-30')).status).toBe(400);
  });

  it('is for the owner and sales only: 403 to other staff and buyers, 401 to visitors', async () => {
    for (const role of ['owner', 'sales'] as const) expect((await staff[role]('GET', '/api/admin/dashboard')).status).toBe(200);
    for (const role of ['warehouse', 'catalog', 'service'] as const) expect((await staff[role]('GET', '/api/admin/dashboard')).status).toBe(403);
    expect((await buyer('GET', '/api/admin/dashboard')).status).toBe(403);
    expect((await shopClient(t, undefined)('GET', '/api/admin/dashboard')).status).toBe(401);
  });

  it('shows what waits now: low stock from the stock screen, open after-sales requests, the chat queue', async () => {
    const now = await dashboard();
    const low = await staff.owner<{ pager: { recTotal: number } }>('GET', '/api/admin/stock?stockStatus=low&recPerPage=1');
    expect(now.lowStock.products).toBe(low.body.pager.recTotal);
    const open = await staff.owner<{ pager: { recTotal: number } }>('GET', '/api/admin/requests?status=open&recPerPage=1');
    expect(now.openRequests).toBe(open.body.pager.recTotal);
    expect(now.chat).toEqual({ waiting: 0, serving: 0 });
  });
});
