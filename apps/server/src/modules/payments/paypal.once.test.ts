import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TOrderDetail } from '@cubeshop/shared';
import { startPayPalStandIn, type PayPalStandIn } from '../../test/paypal.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { createPayPalRepository, PAYPAL_WAITING } from './paypal.repository.js';
import { toPayPalValue } from './paypal.service.js';

// PayPal charges an order once (docs/orders.md, PayPal), against the stand-in through the real SDK:
// one open PayPal order per shop order (two tabs, two clicks at once), and a capture only while the
// order still owes the PayPal order's amount (re-read under the order's lock): not after staff
// recorded a payment or lowered a price, not twice for two returns at the same moment.
let paypal: PayPalStandIn;
let t: ShopApp;
let owner: ShopCall;

async function buyer() {
  const email = `pp1_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: 'Pat Payer', locale: 'en' });
  return shopClient(t, await t.services.authn.issueUserToken(user.id), { lang: 'en' });
}

async function placeOrder(c: ShopCall): Promise<TOrderDetail> {
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload({ payMethod: 'paypal' }), headers: { 'idempotency-key': randomUUID() }, currency: 'USD' });
  expect(placed.status).toBe(201);
  return (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

const checkout = (c: ShopCall, orderId: number) => c<{ paypalOrderId: string; approveUrl: string }>('POST', `/api/orders/${orderId}/paypal`);
const staffView = async (id: number) => (await owner<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body;
const minor = (major: number) => Math.round(major * 100);

/** The buyer comes back from PayPal (the return URL on our server): where they are sent. */
async function comeBack(returnUrl: string): Promise<string> {
  const u = new URL(returnUrl);
  const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

/** The order's stored PayPal orders that may still be captured. */
const openRows = async (orderId: number) =>
  (await createPayPalRepository(t.services.database.db).ofOrder(orderId)).filter((r) => [...PAYPAL_WAITING, 'CAPTURING'].includes(r.status));
const rowsOf = (orderId: number) => createPayPalRepository(t.services.database.db).ofOrder(orderId);
/** The PayPal orders the stand-in made for a shop order. */
const madeAtPayPal = (orderId: number) => [...paypal.orders.values()].filter((o) => o.referenceId === String(orderId));
const captureCalls = (paypalOrderId: string) => paypal.calls.filter((c) => c === `POST /v2/checkout/orders/${paypalOrderId}/capture`).length;

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  t = await createShopApp({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
    PUBLIC_ORIGIN: 'https://shop.example',
  });
  const user = await t.services.account.createUser({ account: `owner_${randomBytes(3).toString('hex')}`, name: 'Owner', role: 'owner' });
  owner = shopClient(t, await t.services.authn.issueUserToken(user.id));
});
afterAll(async () => {
  await t?.close();
  await paypal?.close();
});

describe('PayPal charges an order once', () => {
  it('two tabs checking out one order get the same PayPal order; both approve and come back: captured once, paid once', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const first = await checkout(c, order.id);
    const second = await checkout(c, order.id);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(madeAtPayPal(order.id)).toHaveLength(1);
    expect(await openRows(order.id)).toHaveLength(1);

    const captures = paypal.captureCount;
    const backA = await paypal.approve(first.body.paypalOrderId);
    const backB = await paypal.approve(second.body.paypalOrderId);
    expect(await comeBack(backA)).toBe(`/order/${order.id}?paypal=paid`);
    // The second tab: PayPal did not charge again, and the buyer is told so.
    expect(await comeBack(backB)).toBe(`/order/${order.id}?paypal=alreadyPaid`);
    expect(paypal.captureCount - captures).toBe(1);
    expect(captureCalls(first.body.paypalOrderId)).toBe(1);

    const staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(1);
    expect(staff.payments[0]).toMatchObject({ method: 'paypal', amount: order.balance, currency: 'USD' });
    expect(staff.paymentStatus).toBe('paid');
    expect(staff.balance).toBe(0);
    // Nothing left to pay: no third PayPal order.
    expect((await checkout(c, order.id)).status).toBe(409);
  });

  it('two checkouts at the same moment store one open PayPal order and both answer it; only that one is ever captured', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const answers = await Promise.all([checkout(c, order.id), checkout(c, order.id), checkout(c, order.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.approveUrl)).size).toBe(1);
    const open = await openRows(order.id);
    expect(open).toHaveLength(1);
    expect(open[0]!.paypalOrderId).toBe(answers[0].body.paypalOrderId);
    // Each request asked PayPal before any was stored (the race the unique index settles); the losers' PayPal orders are not ours.
    const made = madeAtPayPal(order.id);
    expect(made.length).toBeGreaterThan(1);

    const captures = paypal.captureCount;
    const outcomes: string[] = [];
    for (const asked of made) outcomes.push(await comeBack(await paypal.approve(asked.id)));
    expect(outcomes.filter((o) => o === `/order/${order.id}?paypal=paid`)).toHaveLength(1);
    expect(outcomes.filter((o) => o === '/my-order?paypal=failed')).toHaveLength(made.length - 1);
    expect(paypal.captureCount - captures).toBe(1);
    const staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(1);
    expect(staff.paymentStatus).toBe('paid');
  });

  it('does not capture after staff recorded the payment: the PayPal order is voided and the buyer told it was already paid', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const started = await checkout(c, order.id);
    const back = await paypal.approve(started.body.paypalOrderId);
    // Meanwhile the buyer also paid by bank transfer and staff recorded it.
    const recorded = await owner('POST', `/api/admin/orders/${order.id}/payments`, {
      body: { kind: 'payment', amount: order.balance, currency: 'USD', method: 'bankTransfer' },
    });
    expect(recorded.status).toBe(201);

    const captures = paypal.captureCount;
    expect(await comeBack(back)).toBe(`/order/${order.id}?paypal=alreadyPaid`);
    expect(paypal.captureCount).toBe(captures);
    expect(captureCalls(started.body.paypalOrderId)).toBe(0);
    expect(paypal.orders.get(started.body.paypalOrderId)!.status).toBe('APPROVED');
    expect(paypal.orders.get(started.body.paypalOrderId)!.capture).toBeUndefined();
    expect((await rowsOf(order.id)).map((r) => r.status)).toEqual(['VOIDED']);
    // Coming back again (a reload) still captures nothing.
    expect(await comeBack(back)).toBe(`/order/${order.id}?paypal=alreadyPaid`);
    expect(captureCalls(started.body.paypalOrderId)).toBe(0);

    const staff = await staffView(order.id);
    expect(staff.payments.map((p) => p.method)).toEqual(['bankTransfer']);
    expect(staff.paymentStatus).toBe('paid');
  });

  it('does not capture the old amount after staff lowered a price: the buyer is asked again, for the new amount', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const before = await checkout(c, order.id);
    const backBefore = await paypal.approve(before.body.paypalOrderId);
    expect(paypal.orders.get(before.body.paypalOrderId)!.amount.value).toBe(toPayPalValue(minor(order.balance)));

    const line = order.items[0]!;
    const repriced = await owner('PUT', `/api/admin/orders/${order.id}/lines/${line.id}`, { body: { actualPrice: Math.round((line.price - 1) * 100) / 100 } });
    expect(repriced.status).toBe(200);
    const now = (await c<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    expect(now.balance).toBeLessThan(order.balance);

    // The approved PayPal order asks for more than is owed now: not captured.
    const captures = paypal.captureCount;
    expect(await comeBack(backBefore)).toBe(`/order/${order.id}?paypal=amountChanged`);
    expect(paypal.captureCount).toBe(captures);
    expect(captureCalls(before.body.paypalOrderId)).toBe(0);

    // Paying again asks PayPal for the new balance, in a new PayPal order.
    const after = await checkout(c, order.id);
    expect(after.status).toBe(200);
    expect(after.body.paypalOrderId).not.toBe(before.body.paypalOrderId);
    expect(paypal.orders.get(after.body.paypalOrderId)!.amount).toEqual({ currency_code: 'USD', value: toPayPalValue(minor(now.balance)) });
    expect(await comeBack(await paypal.approve(after.body.paypalOrderId))).toBe(`/order/${order.id}?paypal=paid`);

    const staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(1);
    expect(staff.payments[0]!.amount).toBe(now.balance);
    expect(staff.paymentStatus).toBe('paid');
    expect(staff.balance).toBe(0);
  });

  it('replaces an open PayPal order whose amount is no longer owed when the buyer checks out again', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const before = await checkout(c, order.id);
    const line = order.items[0]!;
    expect(
      (await owner('PUT', `/api/admin/orders/${order.id}/lines/${line.id}`, { body: { actualPrice: Math.round((line.price - 2) * 100) / 100 } })).status,
    ).toBe(200);
    const after = await checkout(c, order.id);
    expect(after.body.paypalOrderId).not.toBe(before.body.paypalOrderId);
    expect(after.body.approveUrl).not.toBe(before.body.approveUrl);
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => [r.paypalOrderId, r.status])).toEqual([
      [before.body.paypalOrderId, 'VOIDED'],
      [after.body.paypalOrderId, 'PAYER_ACTION_REQUIRED'],
    ]);
    // The replaced one, approved late in the first tab, is never captured.
    const captures = paypal.captureCount;
    expect(await comeBack(await paypal.approve(before.body.paypalOrderId))).toBe(`/order/${order.id}?paypal=amountChanged`);
    expect(paypal.captureCount).toBe(captures);
    expect((await staffView(order.id)).payments).toHaveLength(0);
  });

  it("replaces an open PayPal order near PayPal's expiry instead of sending the buyer to it again", async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const before = await checkout(c, order.id);
    await t.services.database.db.execute(
      sql`update paypal_orders set created_at = now() - interval '150 minutes' where paypal_order_id = ${before.body.paypalOrderId}`,
    );
    const after = await checkout(c, order.id);
    expect(after.body.paypalOrderId).not.toBe(before.body.paypalOrderId);
    expect(paypal.orders.get(after.body.paypalOrderId)!.amount.value).toBe(toPayPalValue(minor(order.balance)));
    expect((await rowsOf(order.id)).map((r) => r.status)).toEqual(['VOIDED', 'PAYER_ACTION_REQUIRED']);
    // Approved late in an old tab: not captured, nothing charged twice.
    expect(await comeBack(await paypal.approve(before.body.paypalOrderId))).toBe(`/order/${order.id}?paypal=failed`);
    expect(captureCalls(before.body.paypalOrderId)).toBe(0);
    expect(await comeBack(await paypal.approve(after.body.paypalOrderId))).toBe(`/order/${order.id}?paypal=paid`);
    expect((await staffView(order.id)).payments).toHaveLength(1);
  });

  it('captures once when the buyer comes back twice at the same moment', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const started = await checkout(c, order.id);
    const back = await paypal.approve(started.body.paypalOrderId);
    const captures = paypal.captureCount;
    paypal.captureDelayMs = 300;
    let outcomes: string[];
    try {
      outcomes = await Promise.all([comeBack(back), comeBack(back)]);
    } finally {
      paypal.captureDelayMs = 0;
    }
    expect(outcomes.sort()).toEqual([`/order/${order.id}?paypal=alreadyPaid`, `/order/${order.id}?paypal=paid`]);
    expect(captureCalls(started.body.paypalOrderId)).toBe(1);
    expect(paypal.captureCount - captures).toBe(1);
    const staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(1);
    expect(staff.paymentStatus).toBe('paid');
  });

  it('does not capture for a cancelled order', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const started = await checkout(c, order.id);
    const back = await paypal.approve(started.body.paypalOrderId);
    expect((await owner('POST', `/api/admin/orders/${order.id}/transitions`, { body: { status: 'cancel', reason: 'out of stock' } })).status).toBe(200);
    expect(await comeBack(back)).toBe(`/order/${order.id}?paypal=orderCancelled`);
    expect(captureCalls(started.body.paypalOrderId)).toBe(0);
    expect((await rowsOf(order.id)).map((r) => r.status)).toEqual(['VOIDED']);
  });

  it('a checkout while the capture is under way is refused in both languages; afterwards nothing is due', async () => {
    const c = await buyer();
    const order = await placeOrder(c);
    const started = await checkout(c, order.id);
    const back = await paypal.approve(started.body.paypalOrderId);
    paypal.captureDelayMs = 400;
    try {
      const returning = comeBack(back);
      // Wait until the return has claimed the capture.
      await expect.poll(async () => (await rowsOf(order.id))[0]!.status, { interval: 20 }).toBe('CAPTURING');
      const en = await checkout(c, order.id);
      expect(en.status).toBe(409);
      expect(en.body).toMatchObject({ code: 'CONFLICT', desc: 'A PayPal payment of this order is being completed; please reload the page in a moment' });
      const zh = await c('POST', `/api/orders/${order.id}/paypal`, { lang: 'zh' });
      expect(zh.body.desc).toBe('该订单的 PayPal 付款正在完成中，请稍后刷新页面查看');
      expect(await returning).toBe(`/order/${order.id}?paypal=paid`);
    } finally {
      paypal.captureDelayMs = 0;
    }
    expect((await checkout(c, order.id)).status).toBe(409);
    expect((await staffView(order.id)).payments).toHaveLength(1);
  });
});
