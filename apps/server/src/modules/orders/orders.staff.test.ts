import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TStaffOrderList, TAuditList, TOrderDetail, TStaffRole } from '@cubeshop/shared';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// The staff side of orders (docs/orders.md, Back office): roles, the queue, transitions with the
// payment rule, actual quantities and prices, payments and refunds, and the audit trail.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let buyer: ShopCall;
let buyerEmail: string;

async function staffMember(role: TStaffRole): Promise<ShopCall> {
  const account = `${role}_${randomBytes(3).toString('hex')}`;
  const user = await t.services.account.createUser({ account, name: `${role} person`, role });
  return shopClient(t, await t.services.authn.issueUserToken(user.id));
}

/** A T/T order of the buyer: 2 black cubes and 12 wholesale pieces, in CNY. */
async function placeOrder(): Promise<TOrderDetail> {
  for (const body of [
    { itemId: t.products.cube, type: 'black', quantity: 2 },
    { itemId: t.products.wholesale, quantity: 12 },
  ]) {
    expect((await buyer('POST', '/api/cart/items', { body })).status).toBe(200);
  }
  const placed = await buyer('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  return (await buyer<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) staff[role] = await staffMember(role);
  buyerEmail = `buyer_${randomBytes(3).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: `buyer_${randomBytes(3).toString('hex')}`, email: buyerEmail, name: 'Buyer' });
  buyer = shopClient(t, await t.services.authn.issueUserToken(user.id));
});
afterAll(async () => {
  await t.close();
});

describe('staff roles', () => {
  // Who may call what: a table written out by hand (not derived from the code it checks).
  // 'ok' means the role gets past the role check (any status but 401/403).
  type Who = TStaffRole | 'buyer' | 'anonymous';
  const ALL: Who[] = ['owner', 'sales', 'warehouse', 'catalog', 'service', 'buyer', 'anonymous'];
  const TABLE: { what: string; call: (c: ShopCall, orderId: number, lineId: number) => ReturnType<ShopCall>; allowed: Who[] }[] = [
    { what: 'list the queue', call: (c) => c('GET', '/api/admin/orders'), allowed: ['owner', 'sales', 'warehouse'] },
    { what: 'open an order', call: (c, id) => c('GET', `/api/admin/orders/${id}`), allowed: ['owner', 'sales', 'warehouse'] },
    {
      what: 'pack: record a quantity',
      call: (c, id, line) => c('PUT', `/api/admin/orders/${id}/lines/${line}`, { body: { actualQuantity: 2 } }),
      allowed: ['owner', 'sales', 'warehouse'],
    },
    {
      what: 'change a price',
      call: (c, id, line) => c('PUT', `/api/admin/orders/${id}/lines/${line}`, { body: { actualPrice: 1 } }),
      allowed: ['owner', 'sales'],
    },
    {
      what: 'change the shipping fee',
      call: (c, id) => c('PUT', `/api/admin/orders/${id}/shipping-fee`, { body: { actualExpressFee: 100 } }),
      allowed: ['owner', 'sales'],
    },
    {
      what: 'ship (unpaid: refused by rule, not role)',
      call: (c, id) => c('POST', `/api/admin/orders/${id}/transitions`, { body: { status: 'outbound' } }),
      allowed: ['owner', 'sales', 'warehouse'],
    },
    { what: 'cancel', call: (c, id) => c('POST', `/api/admin/orders/${id}/transitions`, { body: { status: 'cancel' } }), allowed: ['owner', 'sales'] },
    {
      what: 'ship unpaid with a reason',
      call: (c, id) => c('POST', `/api/admin/orders/${id}/transitions`, { body: { status: 'outbound', shipUnpaid: true } }),
      allowed: ['owner', 'sales'],
    },
    {
      what: 'record a payment',
      call: (c, id) => c('POST', `/api/admin/orders/${id}/payments`, { body: { kind: 'payment', amount: 0, currency: 'CNY', method: 'bankTransfer' } }),
      allowed: ['owner', 'sales'],
    },
    { what: 'read the activity log', call: (c) => c('GET', '/api/admin/audit'), allowed: ['owner'] },
  ];

  it('answers 401 to visitors, 403 to buyers and to roles without the right, and lets the others through', async () => {
    const order = await placeOrder();
    const callers: Record<Who, ShopCall> = { ...staff, buyer, anonymous: shopClient(t, undefined) };
    const problems: string[] = [];
    for (const row of TABLE) {
      for (const who of ALL) {
        const res = await row.call(callers[who], order.id, order.items[0]!.id);
        const expected = row.allowed.includes(who) ? 'ok' : who === 'anonymous' ? 401 : 403;
        const got = res.status === 401 || res.status === 403 ? res.status : 'ok';
        if (got !== expected) problems.push(`${row.what} as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(problems).toEqual([]);
    // Nothing above was applied by a role without the right: the order is as placed.
    const after = (await staff.owner<TStaffOrderDetail>('GET', `/api/admin/orders/${order.id}`)).body;
    expect(after.order.status).toBe('confirm');
  });

  it('keeps the public admin flag for every staff role and names the role in user info', async () => {
    for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
      const me = await staff[role]('GET', '/api/user');
      expect(me.body).toMatchObject({ admin: true, role });
    }
    expect((await buyer('GET', '/api/user')).body).toMatchObject({ admin: false, role: null });
  });
});

describe('payments, shipping and adjustments', () => {
  it('ships only a paid order, unless sales records an override with a reason', async () => {
    const order = await placeOrder();
    const ship = (c: ShopCall, body: Record<string, unknown>) => c<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/transitions`, { body });
    const refused = await ship(staff.warehouse, { status: 'outbound' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT' });
    expect((await staff.warehouse('POST', `/api/admin/orders/${order.id}/transitions`, { body: { status: 'outbound' }, lang: 'zh' })).body.desc).toContain(
      '尚未付清',
    );
    expect((await ship(staff.warehouse, { status: 'outbound', shipUnpaid: true, reason: 'regular buyer' })).status).toBe(403);
    expect((await ship(staff.sales, { status: 'outbound', shipUnpaid: true })).status).toBe(400);
    const shipped = await ship(staff.sales, { status: 'outbound', shipUnpaid: true, reason: 'regular buyer, pays on arrival' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.order.status).toBe('outbound');
    expect(shipped.body.paymentStatus).toBe('unpaid');
    expect(shipped.body.audit[0]).toMatchObject({
      action: 'order.shipUnpaid',
      note: 'regular buyer, pays on arrival',
      actor: { role: 'sales', name: 'sales person' },
    });
  });

  it('computes the balance and payment status from payments and refunds, converting currencies at the order rate', async () => {
    const order = await placeOrder();
    const total = order.totalAmount;
    const pay = (body: Record<string, unknown>) =>
      staff.sales('POST', `/api/admin/orders/${order.id}/payments`, { body: { method: 'bankTransfer', currency: 'CNY', ...body } });
    const first = await pay({ kind: 'payment', amount: 100, reference: 'TT-001' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ paymentStatus: 'partially_paid', balance: +(total - 100).toFixed(2) });
    // 10 USD at the order's 7.1 CNY/USD
    const second = await pay({ kind: 'payment', amount: 10, currency: 'USD' });
    expect(second.body.payments[1]).toMatchObject({ amount: 10, currency: 'USD', orderAmount: 71, recordedBy: 'sales person' });
    expect(second.body.balance).toBeCloseTo(total - 171, 2);
    const rest = +(total - 171).toFixed(2);
    const paid = await pay({ kind: 'payment', amount: rest });
    expect(paid.body).toMatchObject({ paymentStatus: 'paid', balance: 0 });
    // The buyer sees the same.
    const mine = (await buyer<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    expect(mine).toMatchObject({ paymentStatus: 'paid', balance: 0 });

    // Nothing is owed back on a paid order: a refund needs a credit note (or an overpayment) first.
    const nothingDue = await pay({ kind: 'refund', amount: 50 });
    expect(nothingDue.status).toBe(409);
    expect(nothingDue.body.desc).toContain('credit note');
    // A payment beyond what is owed needs the staff member's confirmation, then the excess is a refund due.
    const over = await pay({ kind: 'payment', amount: 30 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'CONFLICT', details: { toPay: 0, amount: 30 } });
    const confirmed = await pay({ kind: 'payment', amount: 30, confirmOverpayment: true });
    expect(confirmed.body).toMatchObject({ paymentStatus: 'refund_due', balance: -30 });
    expect((await pay({ kind: 'refund', amount: 30.01 })).status).toBe(409);
    const back = await pay({ kind: 'refund', amount: 30 });
    expect(back.body).toMatchObject({ paymentStatus: 'paid', balance: 0 });
    expect(back.body.order.money).toMatchObject({ owed: total, paid: +(total + 30).toFixed(2), refunded: 30, balance: 0, refundDue: 0, toPay: 0 });
    expect(back.body.audit.map((a: { action: string }) => a.action)).toEqual([
      'order.refund',
      'order.payment',
      'order.payment',
      'order.payment',
      'order.payment',
    ]);
  });

  it('owes nothing on a cancelled order: money received shows as a refund due until it is refunded', async () => {
    const order = await placeOrder();
    const pay = (kind: string, amount: number) =>
      staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/payments`, { body: { kind, amount, method: 'bankTransfer', currency: 'CNY' } });
    expect((await pay('payment', 100)).status).toBe(201);
    const cancelled = await staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/transitions`, {
      body: { status: 'cancel', reason: 'buyer asked' },
    });
    expect(cancelled.body).toMatchObject({ paymentStatus: 'refund_due', balance: -100, due: 0 });
    expect((await buyer<TOrderDetail>('GET', `/api/orders/${order.id}`)).body.balance).toBe(-100);
    const refunded = await pay('refund', 100);
    expect(refunded.body).toMatchObject({ paymentStatus: 'refunded', balance: 0 });
    const queue = await staff.sales<TStaffOrderList>('GET', '/api/admin/orders', { query: { q: String(order.id) } });
    expect(queue.body.data.find((o) => o.id === order.id)?.balance).toBe(0);
  });

  it('records packed quantities and actual prices; the buyer sees both figures and the new balance', async () => {
    const order = await placeOrder();
    const line = order.items.find((l) => l.quantity === 12)!;
    const packed = await staff.warehouse<TStaffOrderDetail>('PUT', `/api/admin/orders/${order.id}/lines/${line.id}`, { body: { actualQuantity: 10 } });
    expect(packed.status).toBe(200);
    const lineAfter = packed.body.order.items.find((l) => l.id === line.id)!;
    expect(lineAfter).toMatchObject({
      quantity: 12,
      actualQuantity: 10,
      discountPrice: line.discountPrice,
      actualAmount: +(line.discountPrice * 10).toFixed(2),
    });
    expect(packed.body.order.quantity).toBe(14);
    expect(packed.body.order.actualQuantity).toBe(12);
    const goods = order.items.reduce((sum, l) => sum + (l.id === line.id ? l.discountPrice * 10 : l.amount), 0);
    expect(packed.body.order.actualGoodsAmount).toBeCloseTo(goods, 2);
    const surcharge = Math.round((goods + order.expressFee) * order.surchargePercent) / 100;
    expect(packed.body.due).toBeCloseTo(goods + order.expressFee + surcharge, 2);

    const repriced = await staff.sales<TStaffOrderDetail>('PUT', `/api/admin/orders/${order.id}/lines/${line.id}`, { body: { actualPrice: 5 } });
    expect(repriced.body.order.items.find((l) => l.id === line.id)).toMatchObject({ actualPrice: 5, actualAmount: 50 });
    const fee = await staff.sales<TStaffOrderDetail>('PUT', `/api/admin/orders/${order.id}/shipping-fee`, { body: { actualExpressFee: 80 } });
    expect(fee.body.order.actualExpressFee).toBe(80);
    const mine = (await buyer<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    expect(mine.totalAmount).toBe(order.totalAmount);
    expect(mine.actualTotalPrice).toBe(fee.body.due);
    expect(mine.balance).toBe(fee.body.due);
    expect(fee.body.audit.map((a) => a.action)).toEqual(['order.shippingFee', 'order.line', 'order.line']);
    expect(fee.body.audit[2]).toMatchObject({ before: { actualQuantity: 12 }, after: { actualQuantity: 10 }, actor: { role: 'warehouse' } });
  });

  it('runs a paid order through outbound with tracking and carrier to complete, with a public tracking link', async () => {
    const order = await placeOrder();
    await staff.sales('POST', `/api/admin/orders/${order.id}/payments`, {
      body: { kind: 'payment', amount: order.totalAmount, currency: 'CNY', method: 'bankTransfer' },
    });
    const go = (body: Record<string, unknown>) => staff.warehouse<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/transitions`, { body });
    expect((await go({ carrier: 'dhl' })).status).toBe(409);
    const out = await go({ status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'JD0146000123', carrier: 'dhl' });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ carrier: 'dhl', trackingUrl: expect.stringContaining('tracking-id=JD0146000123') });
    expect((await go({ status: 'complete' })).status).toBe(409);
    expect((await go({ status: 'delivery', logisticsStatus: 'outForDelivery' })).status).toBe(200);
    expect((await go({ logisticsStatus: 'delivered' })).status).toBe(200);
    const done = await go({ status: 'complete' });
    expect(done.body.order.status).toBe('complete');
    const mine = (await buyer<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    expect(mine).toMatchObject({ status: 'complete', trackingNumber: 'JD0146000123', carrier: 'dhl', trackingUrl: out.body.trackingUrl });
    expect(mine.history.map((h) => h.type)).toEqual(['created', 'status', 'logistics', 'tracking', 'status', 'logistics', 'logistics', 'status']);
    expect((await staff.warehouse('PUT', `/api/admin/orders/${order.id}/lines/${order.items[0]!.id}`, { body: { actualQuantity: 1 } })).status).toBe(409);
  });

  it('cancels with a reason only, and a cancelled order takes refunds but no payments', async () => {
    const order = await placeOrder();
    const cancel = (body: Record<string, unknown>) =>
      staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/transitions`, { body: { status: 'cancel', ...body } });
    expect((await cancel({})).status).toBe(400);
    const done = await cancel({ reason: 'buyer asked' });
    expect(done.body).toMatchObject({ cancelReason: 'buyer asked', order: { status: 'cancel', cancelReason: 'buyer asked' } });
    expect(
      (await staff.sales('POST', `/api/admin/orders/${order.id}/payments`, { body: { kind: 'payment', amount: 1, currency: 'CNY', method: 'cash' } })).status,
    ).toBe(409);
  });
});

describe('bank transfer details', () => {
  it('shows the shop setting on T/T orders with the order id as reference, and not on others', async () => {
    const bank = { accountName: 'Cube Co', bank: 'Test Bank', bankAddress: null, swift: 'TESTCNSZ', accountNumber: '1234 5678' };
    await t.services.settings.set('bankTransfer', bank);
    const tt = await placeOrder();
    expect(tt.bankTransfer).toEqual({ ...bank, reference: String(tt.id) });
    expect((await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${tt.id}`)).body.order.bankTransfer).toEqual({ ...bank, reference: String(tt.id) });
    expect((await buyer('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
    const placed = await buyer('POST', '/api/orders', { body: orderPayload({ payMethod: 'paypal' }), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    expect((await buyer<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body.bankTransfer).toBeNull();
  });
});

describe('the order queue', () => {
  it('counts a new order and a staff change at once, although counts are reused for a few seconds', async () => {
    const counts = async () => (await staff.owner<TStaffOrderList>('GET', '/api/admin/orders', { query: { recPerPage: 1 } })).body.counts;
    const before = await counts();
    const order = await placeOrder();
    const placed = await counts();
    expect(placed.all).toBe(before.all + 1);
    expect(placed.confirm).toBe(before.confirm + 1);
    await staff.sales('POST', `/api/admin/orders/${order.id}/transitions`, { body: { status: 'cancel', reason: 'count check' } });
    const cancelled = await counts();
    expect([cancelled.confirm, cancelled.cancel]).toEqual([placed.confirm - 1, placed.cancel + 1]);
  });

  it('filters, searches by order id, buyer e-mail, tracking number and product id, counts per status and pages', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    await staff.sales('POST', `/api/admin/orders/${b.id}/payments`, {
      body: { kind: 'payment', amount: b.totalAmount, currency: 'CNY', method: 'bankTransfer' },
    });
    await staff.warehouse('POST', `/api/admin/orders/${b.id}/transitions`, { body: { status: 'outbound', trackingNumber: 'QUEUE-TRACK-42' } });
    const list = (query: Record<string, string | number>) => staff.warehouse<TStaffOrderList>('GET', '/api/admin/orders', { query });
    const ids = (res: { body: TStaffOrderList }) => res.body.data.map((r) => r.id);

    expect(ids(await list({ q: String(a.id) }))).toEqual([a.id]);
    expect(ids(await list({ q: 'QUEUE-TRACK-42' }))).toEqual([b.id]);
    const byBuyer = await list({ q: buyerEmail.toUpperCase() });
    expect(ids(byBuyer)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(byBuyer.body.data[0]!.buyer.email).toBe(buyerEmail);
    expect(ids(await list({ q: String(t.products.wholesale), status: 'outbound' }))).toContain(b.id);
    expect(ids(await list({ q: 'nobody-like-this' }))).toEqual([]);

    const paid = await list({ paymentStatus: 'paid', q: buyerEmail });
    expect(ids(paid)).toContain(b.id);
    expect(ids(paid)).not.toContain(a.id);
    const counts = (await list({ q: buyerEmail })).body.counts;
    expect(counts.outbound).toBeGreaterThanOrEqual(1);
    expect(counts.all).toBe(
      Object.entries(counts)
        .filter(([k]) => k !== 'all')
        .reduce((s, [, n]) => s + n, 0),
    );

    const oldest = await list({ sort: 'oldest', recPerPage: 1 });
    const newest = await list({ sort: 'newest', recPerPage: 1, page: 1 });
    expect(oldest.body.data[0]!.id).toBeLessThan(newest.body.data[0]!.id);
    expect(newest.body.pager.recTotal).toBe(newest.body.counts.all);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(ids(await list({ from: today, to: today, q: String(a.id) }))).toEqual([a.id]);
    expect(ids(await list({ from: '2001-01-01', to: '2001-01-31' }))).toEqual([]);
    expect(ids(await list({ country: 'US', amountMin: 0, amountMax: 1_000_000, q: String(a.id) }))).toEqual([a.id]);
    expect(ids(await list({ country: 'DE', q: String(a.id) }))).toEqual([]);
    expect((await list({ recPerPage: 201 })).status).toBe(400);
    expect((await list({ status: 'shipped' })).status).toBe(400);
  });

  it('shows every staff change on the activity page, newest first', async () => {
    const order = await placeOrder();
    await staff.sales('POST', `/api/admin/orders/${order.id}/payments`, { body: { kind: 'payment', amount: 1, currency: 'CNY', method: 'cash' } });
    const log = await staff.owner<TAuditList>('GET', '/api/admin/audit', { query: { entity: 'order' } });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({ action: 'order.payment', entity: 'order', entityId: String(order.id), actor: { role: 'sales' } });
  });
});
