import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type TStaffOrderDetail, type TOrderDetail, type TRequestDecided, type TStaffRole } from '@cubeshop/shared';
import { pdfText, squeeze } from '../../test/pdf.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// An order's money after refunds, credits, edits and returns (docs/orders.md, Money after the
// order): owed = charged - credited, balance = owed - (paid - refunded), the same on the buyer's
// page, the staff page and the documents; amounts that break or mislead are refused; returned
// goods come back to stock.

let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
const tokens = {} as Record<TStaffRole | 'buyer', string>;
let buyer: ShopCall;
let usdBuyer: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  await t.app.ready();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    tokens[role] = await t.services.authn.issueUserToken(user.id);
    staff[role] = shopClient(t, tokens[role]);
  }
  const b = await t.services.account.createUser({ account: `money_${randomBytes(3).toString('hex')}`, name: 'Money Buyer' });
  tokens.buyer = await t.services.authn.issueUserToken(b.id);
  buyer = shopClient(t, tokens.buyer, { currency: 'CNY' });
  usdBuyer = shopClient(t, tokens.buyer, { currency: 'USD', lang: 'en' });
});
afterAll(async () => {
  await t.close();
});

async function place(c: ShopCall, lines: { itemId: number; type?: string; quantity: number }[], extra: Record<string, unknown> = {}): Promise<TOrderDetail> {
  for (const body of lines) expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload(extra), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

const admin = (c: ShopCall, id: number) => c<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`);
const pay = (id: number, body: Record<string, unknown>) =>
  staff.sales('POST', `/api/admin/orders/${id}/payments`, { body: { kind: 'payment', method: 'bankTransfer', ...body } });
const move = (id: number, body: Record<string, unknown>) => staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${id}/transitions`, { body });

async function shipAndDeliver(id: number): Promise<void> {
  expect((await move(id, { status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'DHL12345678' })).status).toBe(200);
  expect((await move(id, { status: 'delivery', logisticsStatus: 'outForDelivery' })).status).toBe(200);
  expect((await move(id, { logisticsStatus: 'delivered' })).status).toBe(200);
}

async function pdf(token: string, id: number, kind: string, lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}/documents/${kind}.pdf?lang=${lang}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

describe('a return with a credit note, then its refund', () => {
  it('leaves balance 0 and nothing due either way; buyer, staff and the invoice show paid, credited and refunded', async () => {
    const order = await place(usdBuyer, [
      { itemId: t.products.wholesale, quantity: 24 },
      { itemId: t.products.cube, type: 'black', quantity: 2 },
    ]);
    expect(order.currency).toBe('USD');
    const total = order.money.owed;
    expect((await pay(order.id, { amount: total, currency: 'USD' })).body.paymentStatus).toBe('paid');
    await shipAndDeliver(order.id);
    const made = await usdBuyer<{ data: { id: number }[] }>('POST', `/api/orders/${order.id}/requests`, {
      body: { kind: 'return', reason: 'One cube arrived cracked' },
    });
    expect(made.status).toBe(201);
    const cube = order.items.find((l) => l.itemId === t.products.cube)!;
    const approved = await staff.sales<TRequestDecided>('POST', `/api/admin/requests/${made.body.data[0]!.id}/decision`, {
      body: { decision: 'approve', note: 'Returned: 1 cracked cube', credit: { lines: [{ lineId: cube.id, quantity: 1 }] } },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.refundDue).toBe(cube.actualPrice);

    // Before the refund: the order owes less, the shop owes the credit back.
    let staffView = (await admin(staff.sales, order.id)).body;
    expect(staffView).toMatchObject({ paymentStatus: 'refund_due', balance: -cube.actualPrice, due: +(total - cube.actualPrice).toFixed(2) });
    // More than the credit cannot be refunded; exactly the credit can.
    expect((await pay(order.id, { kind: 'refund', amount: +(cube.actualPrice + 0.01).toFixed(2), currency: 'USD' })).status).toBe(409);
    const refunded = await pay(order.id, { kind: 'refund', amount: cube.actualPrice, currency: 'USD', method: 'paypal' });
    expect(refunded.status).toBe(201);

    staffView = refunded.body;
    const mine = (await usdBuyer<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    const expected = {
      owed: +(total - cube.actualPrice).toFixed(2),
      paid: total,
      credited: cube.actualPrice,
      refunded: cube.actualPrice,
      balance: 0,
      toPay: 0,
      refundDue: 0,
    };
    expect(staffView.order.money).toMatchObject(expected);
    expect(mine.money).toEqual(staffView.order.money);
    expect(mine).toMatchObject({ paymentStatus: 'paid', balance: 0 });
    expect(staffView).toMatchObject({ paymentStatus: 'paid', balance: 0, due: expected.owed });
    expect(mine.credits).toHaveLength(1);
    expect(mine.credits[0]).toMatchObject({
      number: `CN-${order.id}-1`,
      kind: 'return',
      amount: cube.actualPrice,
      reason: 'Returned: 1 cracked cube',
      createdBy: null,
    });
    expect(staffView.order.credits[0]!.createdBy).toBe('sales person');
    expect(mine.payments.map((p) => [p.kind, p.orderAmount])).toEqual([
      ['payment', total],
      ['refund', cube.actualPrice],
    ]);

    // The commercial invoice says the same.
    const invoice = await pdf(tokens.buyer, order.id, 'invoice');
    const usd = (v: number) => squeeze(formatMoney(Math.round(v * 100), 'USD'));
    expect(invoice.compact).toContain(squeeze(`Credit note CN-${order.id}-1`) + usd(-cube.actualPrice));
    expect(invoice.compact).toContain(squeeze('Owed after credits (USD)') + usd(expected.owed));
    expect(invoice.compact).toContain('Paid' + usd(total));
    expect(invoice.compact).toContain('Refunded' + usd(cube.actualPrice));
    expect(invoice.compact).toContain('Balancedue' + usd(0));
  });

  it('a goodwill reduction lowers what an unpaid order owes; credits are checked against what the order comes to', async () => {
    const order = await place(buyer, [{ itemId: t.products.timer, quantity: 2 }]);
    const credit = (body: Record<string, unknown>, who: ShopCall = staff.sales) =>
      who<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/credits`, { body: { kind: 'goodwill', reason: 'Late delivery', ...body } });
    expect((await credit({ amount: 20 }, staff.warehouse)).status).toBe(403);
    // Lines are credited only once the goods left (before that, the packed quantity changes).
    expect((await credit({ lines: [{ lineId: order.items[0]!.id, quantity: 1 }] })).status).toBe(409);
    expect((await credit({ amount: 20.005 })).status).toBe(400);
    expect((await credit({ amount: order.money.owed + 0.01 })).status).toBe(409);
    const done = await credit({ amount: 20 });
    expect(done.status).toBe(201);
    expect(done.body.order.money).toMatchObject({
      credited: 20,
      owed: +(order.money.owed - 20).toFixed(2),
      toPay: +(order.money.owed - 20).toFixed(2),
      refundDue: 0,
    });
    expect(done.body.paymentStatus).toBe('unpaid');
    expect(done.body.audit[0]).toMatchObject({
      action: 'order.credit',
      note: 'Late delivery',
      after: { credit: `CN-${order.id}-1`, kind: 'goodwill', amount: 20, currency: 'CNY' },
    });
    // A price cut that would bring the order below what was credited is refused.
    expect((await staff.sales('PUT', `/api/admin/orders/${order.id}/shipping-fee`, { body: { actualExpressFee: 0 } })).status).toBe(200);
    const below = await staff.sales('PUT', `/api/admin/orders/${order.id}/lines/${order.items[0]!.id}`, { body: { actualPrice: 0 } });
    expect(below.status).toBe(409);
    expect(below.body.desc).toBe('The order would come to ¥0.00, less than the ¥20.00 already credited');
    const fee = await staff.sales<TStaffOrderDetail>('PUT', `/api/admin/orders/${order.id}/shipping-fee`, { body: { actualExpressFee: 30 } });
    expect(fee.body.order.money).toMatchObject({ credited: 20, owed: +(fee.body.order.money.charged.total - 20).toFixed(2) });
    // Paying what is now owed settles it; a cancelled order takes no credit.
    expect((await pay(order.id, { amount: fee.body.order.money.toPay, currency: 'CNY' })).body).toMatchObject({ paymentStatus: 'paid', balance: 0 });
    expect((await move(order.id, { status: 'cancel', reason: 'test' })).body).toMatchObject({ paymentStatus: 'refund_due', due: 0 });
    expect((await credit({ amount: 1 })).status).toBe(409);
  });
});

describe('what staff changed, as the buyer and the documents see it', () => {
  it('a price cut below what was paid: actual lines and totals first, ordered figures kept, the invoice says the refund due', async () => {
    const order = await place(usdBuyer, [
      { itemId: t.products.wholesale, quantity: 12 },
      { itemId: t.products.timer, quantity: 2 },
    ]);
    await pay(order.id, { amount: order.money.owed, currency: 'USD' });
    const line = order.items.find((l) => l.itemId === t.products.timer)!;
    const cut = +(line.actualPrice - 5).toFixed(2);
    const changed = await staff.sales<TStaffOrderDetail>('PUT', `/api/admin/orders/${order.id}/lines/${line.id}`, { body: { actualPrice: cut } });
    expect(changed.status).toBe(200);
    const mine = (await usdBuyer<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    const minusGoods = 10;
    const surcharge = mine.money.charged.surcharge;
    expect(mine.money.changed).toBe(true);
    expect(mine.money.ordered.total).toBe(order.money.owed);
    expect(mine.money.charged.goods).toBe(+(order.money.ordered.goods - minusGoods).toFixed(2));
    expect(mine.money.charged.total).toBe(+(mine.money.charged.goods + mine.money.charged.freight + surcharge).toFixed(2));
    expect(mine.items.find((l) => l.id === line.id)).toMatchObject({
      discountPrice: line.discountPrice,
      actualPrice: cut,
      actualAmount: +(cut * 2).toFixed(2),
    });
    expect(mine.money.refundDue).toBe(+(order.money.owed - mine.money.charged.total).toFixed(2));
    expect(mine.paymentStatus).toBe('refund_due');
    expect(mine.money).toEqual(changed.body.order.money);

    await move(order.id, { status: 'outbound', shipUnpaid: false });
    const invoice = await pdf(tokens.buyer, order.id, 'invoice');
    const usd = (v: number) => squeeze(formatMoney(Math.round(v * 100), 'USD'));
    expect(invoice.compact).toContain(squeeze('Total (USD)') + usd(mine.money.charged.total));
    expect(invoice.compact).toContain(squeeze('Refund due') + usd(mine.money.refundDue));
    expect(invoice.compact).not.toContain(squeeze('Balance due'));
    expect(invoice.compact).toContain(squeeze(`Ordered: ${formatMoney(Math.round(mine.money.ordered.total * 100), 'USD')}`));
  });

  it('weights on documents are those of what was packed', async () => {
    const order = await place(buyer, [{ itemId: t.products.timer, quantity: 4 }]);
    const line = order.items[0]!;
    const packed = await staff.warehouse<TStaffOrderDetail>('PUT', `/api/admin/orders/${order.id}/lines/${line.id}`, { body: { actualQuantity: 2 } });
    expect(packed.body.order).toMatchObject({ totalGw: 1.2, actualTotalGw: 0.6, actualTotalNw: 0.5, actualTotalVolume: 0.002 });
    const list = await pdf(tokens.sales, order.id, 'packing-list');
    expect(list.compact).toContain(squeeze('Total gross weight 0.6000 kg'));
    expect(list.compact).not.toContain(squeeze('1.2000 kg'));
  });
});

describe('amounts that break or mislead', () => {
  it('refuses more decimals than the currency has, conversions to nothing, and asks before a payment far above what is owed', async () => {
    const cny = await place(buyer, [{ itemId: t.products.sticker, quantity: 3 }]);
    const usd = await place(usdBuyer, [{ itemId: t.products.sticker, quantity: 3 }]);
    const tooPrecise = await pay(cny.id, { amount: 0.004, currency: 'CNY' });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.desc).toContain('2 decimals');
    expect((await pay(cny.id, { amount: 1.005, currency: 'CNY' })).status).toBe(400);
    expect((await pay(cny.id, { amount: '1.005', currency: 'CNY' })).status).toBe(400);
    const nothing = await pay(usd.id, { amount: 0.01, currency: 'CNY' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.desc).toContain('less than 0.01 USD');
    const huge = await pay(cny.id, { amount: 100_000_000, currency: 'CNY' });
    expect(huge.status).toBe(409);
    expect(huge.body.details).toMatchObject({ toPay: cny.money.owed });
    expect((await admin(staff.sales, cny.id)).body.payments).toEqual([]);
    const zh = await staff.sales('POST', `/api/admin/orders/${cny.id}/payments`, {
      body: { kind: 'payment', method: 'cash', amount: 1_000, currency: 'CNY' },
      lang: 'zh',
    });
    expect(zh.body.desc).toContain('多于尚欠');
    // 0.1 + 0.2 style floats are exact cents, not refused.
    expect((await pay(cny.id, { amount: 0.1 + 0.2, currency: 'CNY' })).status).toBe(201);
    expect((await staff.sales('PUT', `/api/admin/orders/${cny.id}/lines/${cny.items[0]!.id}`, { body: { actualPrice: 1.005 } })).status).toBe(400);
    expect((await staff.sales('PUT', `/api/admin/orders/${cny.id}/shipping-fee`, { body: { actualExpressFee: 12.345 } })).status).toBe(400);
  });

  it('names payment statuses as words in refusals, never as codes', async () => {
    const order = await place(buyer, [{ itemId: t.products.sticker, quantity: 2 }]);
    await pay(order.id, { amount: 1, currency: 'CNY' });
    const en = await staff.warehouse('POST', `/api/admin/orders/${order.id}/transitions`, { body: { status: 'outbound' } });
    expect(en.body.desc).toContain('(partly paid, ¥');
    expect(en.body.desc).not.toContain('partially_paid');
    const zh = await staff.warehouse('POST', `/api/admin/orders/${order.id}/transitions`, { body: { status: 'outbound' }, lang: 'zh' });
    expect(zh.body.desc).toContain('部分付款');
  });
});

describe('stock through packing, shipping, returns and cancellation', () => {
  const levels = async (itemId: number) => (await t.services.stock.levels([itemId])).get(itemId) ?? [];

  it('packed quantities move the reservation before the goods leave; returned goods come back on hand once confirmed', async () => {
    await t.services.stock.setOnHand(t.products.cube, [
      { typeCode: 'black', onHand: 10 },
      { typeCode: 'stickerless', onHand: 5 },
    ]);
    const order = await place(buyer, [{ itemId: t.products.cube, type: 'black', quantity: 4 }]);
    const line = order.items[0]!;
    expect(await levels(t.products.cube)).toContainEqual({ typeCode: 'black', onHand: 10, reserved: 4 });
    const pack = (q: number, who: ShopCall = staff.warehouse) =>
      who<TStaffOrderDetail>('PUT', `/api/admin/orders/${order.id}/lines/${line.id}`, { body: { actualQuantity: q } });
    expect((await pack(3)).status).toBe(200);
    expect(await levels(t.products.cube)).toContainEqual({ typeCode: 'black', onHand: 10, reserved: 3 });
    const short = await pack(11);
    expect(short.status).toBe(409);
    expect((short.body as unknown as { desc: string }).desc).toContain('Only 10');
    expect((await pack(6)).status).toBe(200);
    expect(await levels(t.products.cube)).toContainEqual({ typeCode: 'black', onHand: 10, reserved: 6 });
    await pay(order.id, { amount: (await admin(staff.sales, order.id)).body.order.money.toPay, currency: 'CNY' });
    // Nothing left the warehouse yet: nothing to receive back.
    expect((await staff.warehouse('POST', `/api/admin/orders/${order.id}/restock`, { body: { lines: [{ lineId: line.id, quantity: 1 }] } })).status).toBe(409);
    await shipAndDeliver(order.id);
    expect(await levels(t.products.cube)).toContainEqual({ typeCode: 'black', onHand: 4, reserved: 0 });
    expect((await pack(5)).status).toBe(409);

    const restock = (q: number, who: ShopCall = staff.warehouse) =>
      who<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/restock`, { body: { lines: [{ lineId: line.id, quantity: q }], note: 'box 1' } });
    expect((await restock(1, staff.catalog)).status).toBe(403);
    expect((await restock(7)).status).toBe(409);
    const back = await restock(2);
    expect(back.status).toBe(201);
    expect(back.body.order.items[0]).toMatchObject({ returnedQuantity: 2 });
    expect(back.body.audit[0]).toMatchObject({ action: 'order.restock', note: 'box 1', actor: { role: 'warehouse' } });
    expect(await levels(t.products.cube)).toContainEqual({ typeCode: 'black', onHand: 6, reserved: 0 });
    const more = await restock(5);
    expect(more.status).toBe(409);
    expect((more.body as unknown as { desc: string }).desc).toContain('at most 4 more');
    expect((await restock(4)).status).toBe(201);
    expect(await levels(t.products.cube)).toContainEqual({ typeCode: 'black', onHand: 10, reserved: 0 });
  });

  it('a cancelled order that already left gives back what the warehouse confirms; one that never left gives its reservation back', async () => {
    await t.services.stock.setOnHand(t.products.timer, [{ typeCode: '', onHand: 20 }]);
    const stayed = await place(buyer, [{ itemId: t.products.timer, quantity: 4 }]);
    expect(await levels(t.products.timer)).toContainEqual({ typeCode: '', onHand: 20, reserved: 4 });
    await move(stayed.id, { status: 'cancel', reason: 'changed mind' });
    expect(await levels(t.products.timer)).toContainEqual({ typeCode: '', onHand: 20, reserved: 0 });
    expect(
      (await staff.warehouse('POST', `/api/admin/orders/${stayed.id}/restock`, { body: { lines: [{ lineId: stayed.items[0]!.id, quantity: 1 }] } })).status,
    ).toBe(409);

    const left = await place(buyer, [{ itemId: t.products.timer, quantity: 6 }]);
    await pay(left.id, { amount: left.money.owed, currency: 'CNY' });
    expect((await move(left.id, { status: 'outbound' })).status).toBe(200);
    expect(await levels(t.products.timer)).toContainEqual({ typeCode: '', onHand: 14, reserved: 0 });
    const cancelled = await move(left.id, { status: 'cancel', reason: 'parcel refused at the gate' });
    expect(cancelled.body).toMatchObject({ paymentStatus: 'refund_due', balance: -left.money.owed });
    expect(await levels(t.products.timer)).toContainEqual({ typeCode: '', onHand: 14, reserved: 0 });
    expect(
      (await staff.warehouse('POST', `/api/admin/orders/${left.id}/restock`, { body: { lines: [{ lineId: left.items[0]!.id, quantity: 6 }] } })).status,
    ).toBe(201);
    expect(await levels(t.products.timer)).toContainEqual({ typeCode: '', onHand: 20, reserved: 0 });
  });

  it('restocking a product whose stock is not tracked records the return and leaves it untracked', async () => {
    const order = await place(buyer, [{ itemId: t.products.big, quantity: 1 }]);
    await pay(order.id, { amount: order.money.owed, currency: 'CNY' });
    await move(order.id, { status: 'outbound' });
    const back = await staff.warehouse<TStaffOrderDetail>('POST', `/api/admin/orders/${order.id}/restock`, {
      body: { lines: [{ lineId: order.items[0]!.id, quantity: 1 }] },
    });
    expect(back.status).toBe(201);
    expect(back.body.order.items[0]!.returnedQuantity).toBe(1);
    expect(await levels(t.products.big)).toEqual([]);
  });
});
