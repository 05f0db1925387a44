import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TStaffOrderList, TOrderDetail, TStaffRole } from '@cubeshop/shared';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { pdfText, squeeze } from '../../test/pdf.js';
import { TEST_DB_KIND } from '../../test/harness.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Split shipments (docs/orders.md, Split shipments): an order leaves in parcels; it is partly
// shipped until every packed piece has left, then outbound; the buyer sees each parcel with its
// tracking link and packing list and gets one mail per parcel, however many workers deliver.

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: ShopApp;
let mailbox: Mailbox;
const staff = {} as Record<TStaffRole, ShopCall>;

beforeAll(async () => {
  const port = await freePort();
  mailbox = await startMailbox(port);
  t = await createShopApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' });
  await t.app.ready();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  // The cube's black type is counted in stock (the others are not tracked).
  await t.services.stock.setOnHand(t.products.cube, [{ typeCode: 'black', onHand: 50 }]);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function buyer(locale: 'zh' | 'en') {
  const email = `parcel_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: locale === 'zh' ? '王芳' : 'Ann Parcel', locale });
  const token = await t.services.authn.issueUserToken(user.id);
  return { email, token, call: shopClient(t, token, { lang: locale }) };
}

/** A T/T order in CNY: 4 black cubes and 12 wholesale pieces; paid in full unless told. */
async function order(c: ShopCall, paid = true): Promise<TOrderDetail> {
  for (const body of [
    { itemId: t.products.cube, type: 'black', quantity: 4 },
    { itemId: t.products.wholesale, quantity: 12 },
  ]) {
    expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
  }
  const placed = await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  const detail = (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
  if (paid) {
    const pay = await staff.sales('POST', `/api/admin/orders/${detail.id}/payments`, {
      body: { kind: 'payment', amount: detail.money.toPay, currency: 'CNY', method: 'bankTransfer' },
    });
    expect(pay.status).toBe(201);
  }
  return detail;
}

const lineOf = (o: TOrderDetail, itemId: number) => o.items.find((l) => l.itemId === itemId)!;
const cubeStock = async () => (await t.services.stock.levels([t.products.cube])).get(t.products.cube)!.find((l) => l.typeCode === 'black')!;
const mailsTo = (email: string) => mailbox.messages.filter((m) => m.rcptTo.includes(email));

describe(`split shipments (${TEST_DB_KIND})`, () => {
  it('ships an order in two parcels: partly shipped after the first, outbound after the second, one mail each', async () => {
    const en = await buyer('en');
    const o = await order(en.call);
    const cube = lineOf(o, t.products.cube);
    const wholesale = lineOf(o, t.products.wholesale);
    const stockBefore = await cubeStock();

    // Parcel 1: the 4 cubes and 5 of the 12 wholesale pieces.
    const first = await staff.warehouse<TStaffOrderDetail>('POST', `/api/admin/orders/${o.id}/shipments`, {
      body: {
        carrier: 'dhl',
        trackingNumber: 'JD0146000001',
        lines: [
          { lineId: cube.id, quantity: 4 },
          { lineId: wholesale.id, quantity: 5 },
        ],
      },
    });
    expect(first.status).toBe(201);
    expect(first.body.order.status).toBe('confirm');
    expect(first.body.order.fulfillment).toBe('partial');
    expect(first.body.order.shipments).toHaveLength(1);
    expect(Object.fromEntries(first.body.order.items.map((l) => [l.itemId, l.shippedQuantity]))).toEqual({ [t.products.cube]: 4, [t.products.wholesale]: 5 });
    // The cubes left the shelf and their reservation ended, as when a whole order leaves.
    expect(await cubeStock()).toEqual({ typeCode: 'black', onHand: stockBefore.onHand - 4, reserved: stockBefore.reserved - 4 });

    // The buyer sees the parcel: carrier, tracking link, its lines, its packing list.
    const seen = (await en.call<TOrderDetail>('GET', `/api/orders/${o.id}`)).body;
    expect(seen.fulfillment).toBe('partial');
    expect(seen.shipments).toHaveLength(1);
    const parcel = seen.shipments[0]!;
    expect(parcel).toMatchObject({ number: 1, carrier: 'dhl', trackingNumber: 'JD0146000001', pieces: 9 });
    expect(parcel.trackingUrl).toContain('tracking-id=JD0146000001');
    expect(Object.fromEntries(parcel.lines.map((l) => [l.name, l.quantity]))).toEqual({ 'Orbit 3x3 Magnetic Cube': 4, 'Orbit Wholesale 3x3': 5 });
    const pdf = await t.app.inject({ method: 'GET', url: parcel.packingListUrl, headers: { authorization: `Bearer ${en.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="packing-list-${o.id}-1.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text.compact).toContain(squeeze(`PL-${o.id}-1`));
    expect(text.compact).toContain(squeeze('JD0146000001'));
    expect(text.compact).toContain(squeeze('C/NO. 1'));
    // The whole order's packing list waits for the order to leave; the parcel's does not.
    expect((await en.call('GET', `/api/orders/${o.id}/documents/packing-list.pdf`)).status).toBe(409);

    // The queue marks it and finds it with the "partly shipped" filter.
    const queue = await staff.warehouse<TStaffOrderList>('GET', '/api/admin/orders', { query: { fulfillment: 'partial', status: 'confirm' } });
    expect(queue.status).toBe(200);
    expect(queue.body.data.find((r) => r.id === o.id)?.fulfillment).toBe('partial');
    expect(queue.body.data.every((r) => r.fulfillment === 'partial')).toBe(true);

    // More than is left of a line is refused, in the caller's language, and changes nothing.
    const tooMany = { carrier: 'sf', trackingNumber: 'SF1000000002', lines: [{ lineId: wholesale.id, quantity: 8 }] };
    const refusedEn = await staff.warehouse('POST', `/api/admin/orders/${o.id}/shipments`, { body: tooMany });
    expect(refusedEn.status).toBe(409);
    expect(refusedEn.body.desc).toBe('Orbit Wholesale 3x3: at most 7 more pieces can leave (packed less already shipped)');
    expect(refusedEn.body.details).toMatchObject({ lineId: wholesale.id, max: 7 });
    const refusedZh = await staff.warehouse('POST', `/api/admin/orders/${o.id}/shipments`, { body: tooMany, lang: 'zh' });
    expect(refusedZh.body.desc).toContain('最多还能发出 7 件');
    // Packed pieces that left cannot be unpacked.
    const unpack = await staff.warehouse('PUT', `/api/admin/orders/${o.id}/lines/${cube.id}`, { body: { actualQuantity: 3 } });
    expect(unpack.status).toBe(409);
    expect(unpack.body.desc).toContain('4 pieces have left in parcels');

    // Parcel 2: the rest. The order goes outbound with this parcel's carrier and tracking number.
    const second = await staff.warehouse<TStaffOrderDetail>('POST', `/api/admin/orders/${o.id}/shipments`, {
      body: { carrier: 'sf', trackingNumber: 'SF1000000002', lines: [{ lineId: wholesale.id, quantity: 7 }] },
    });
    expect(second.status).toBe(201);
    expect(second.body.order.status).toBe('outbound');
    expect(second.body.order.fulfillment).toBe('shipped');
    expect(second.body.order.trackingNumber).toBe('SF1000000002');
    expect(second.body.carrier).toBe('sf');
    expect(second.body.order.shipments.map((s) => [s.number, s.trackingNumber, s.pieces])).toEqual([
      [1, 'JD0146000001', 9],
      [2, 'SF1000000002', 7],
    ]);
    expect(second.body.audit.filter((a) => a.action === 'order.shipment')).toHaveLength(2);
    expect(await cubeStock()).toEqual({ typeCode: 'black', onHand: stockBefore.onHand - 4, reserved: stockBefore.reserved - 4 });
    // Nothing is left: a third parcel is refused.
    const third = await staff.warehouse('POST', `/api/admin/orders/${o.id}/shipments`, {
      body: { carrier: 'sf', trackingNumber: 'SF1000000003', lines: [{ lineId: cube.id, quantity: 1 }] },
    });
    expect(third.status).toBe(409);

    // One mail per parcel: what is in it, what is still to come, the tracking link. No "whole order shipped" mail.
    await expect.poll(() => mailsTo(en.email).filter((m) => m.subject.startsWith('Parcel')).length, { timeout: 15_000 }).toBe(2);
    const one = mailsTo(en.email).find((m) => m.subject === `Parcel 1 of your order ${o.id} has shipped`)!;
    expect(one.text).toContain('left our warehouse with DHL Express');
    expect(one.text).toContain('- Orbit 3x3 Magnetic Cube (Black) × 4');
    expect(one.text.replace(/\r\n/g, '\n')).toContain('Still to come in a later parcel:\n- Orbit Wholesale 3x3 × 7');
    expect(one.text).toContain('tracking-id=JD0146000001');
    const two = mailsTo(en.email).find((m) => m.subject === `Parcel 2 of your order ${o.id} has shipped`)!;
    expect(two.text).toContain('This was the last parcel');
    expect(mailsTo(en.email).some((m) => m.subject === `Your order ${o.id} has shipped`)).toBe(false);

    // The outbox passing again, several passes at once, sends nothing more (each parcel's row is
    // claimed once; two instances claiming rows: outbox.instances.pg.test.ts).
    await Promise.all([t.services.outbox.flush(), t.services.outbox.flush(), t.services.outbox.flush()]);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      mailsTo(en.email)
        .filter((m) => m.subject.startsWith('Parcel'))
        .map((m) => m.subject)
        .sort(),
    ).toEqual([`Parcel 1 of your order ${o.id} has shipped`, `Parcel 2 of your order ${o.id} has shipped`]);
  });

  it('keeps the single ship action: one parcel with everything left, the buyer mailed once in their language', async () => {
    const zh = await buyer('zh');
    const o = await order(zh.call);
    const ship = await staff.warehouse<TStaffOrderDetail>('POST', `/api/admin/orders/${o.id}/transitions`, { body: { status: 'outbound', carrier: 'ups' } });
    expect(ship.status).toBe(200);
    expect(ship.body.order.fulfillment).toBe('shipped');
    expect(ship.body.order.shipments).toHaveLength(1);
    expect(ship.body.order.shipments[0]).toMatchObject({ number: 1, carrier: 'ups', trackingNumber: null, pieces: 16 });
    // The tracking number given later is the parcel's.
    expect((await staff.warehouse('POST', `/api/admin/orders/${o.id}/transitions`, { body: { trackingNumber: '1Z999AA10123456784' } })).status).toBe(200);
    const seen = (await zh.call<TOrderDetail>('GET', `/api/orders/${o.id}`)).body;
    expect(seen.shipments[0]).toMatchObject({ carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    expect(seen.shipments[0]!.trackingUrl).toContain('1Z999AA10123456784');
    await expect.poll(() => mailsTo(zh.email).some((m) => m.subject === `订单 ${o.id} 已发货`), { timeout: 15_000 }).toBe(true);
    expect(mailsTo(zh.email).filter((m) => m.subject.includes('发货'))).toHaveLength(1);
  });

  it('refuses a parcel of a cancelled or unpaid order, and lets only sales ship unpaid with a reason', async () => {
    const en = await buyer('en');
    const unpaid = await order(en.call, false);
    const cube = lineOf(unpaid, t.products.cube);
    const body = { carrier: 'fedex', trackingNumber: 'FX1000000001', lines: [{ lineId: cube.id, quantity: 1 }] };
    const refused = await staff.warehouse('POST', `/api/admin/orders/${unpaid.id}/shipments`, { body });
    expect(refused.status).toBe(409);
    expect(refused.body.desc).toContain('not paid');
    expect((await staff.warehouse('POST', `/api/admin/orders/${unpaid.id}/shipments`, { body: { ...body, shipUnpaid: true, reason: 'trusted' } })).status).toBe(
      403,
    );
    expect((await staff.sales('POST', `/api/admin/orders/${unpaid.id}/shipments`, { body: { ...body, shipUnpaid: true } })).status).toBe(400);
    const sales = await staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${unpaid.id}/shipments`, {
      body: { ...body, shipUnpaid: true, reason: 'Trusted wholesaler' },
    });
    expect(sales.status).toBe(201);
    expect(sales.body.order.fulfillment).toBe('partial');
    expect(sales.body.audit.find((a) => a.action === 'order.shipment')?.note).toBe('Trusted wholesaler');

    // Cancelling a partly shipped order gives back only what is still reserved; it ships no more.
    const before = await cubeStock();
    expect((await staff.sales('POST', `/api/admin/orders/${unpaid.id}/transitions`, { body: { status: 'cancel', reason: 'Buyer asked' } })).status).toBe(200);
    expect(await cubeStock()).toEqual({ typeCode: 'black', onHand: before.onHand, reserved: before.reserved - 3 });
    for (const lang of ['en', 'zh'] as const) {
      const cancelled = await staff.sales('POST', `/api/admin/orders/${unpaid.id}/shipments`, { body: { ...body, shipUnpaid: true, reason: 'x' }, lang });
      expect(cancelled.status).toBe(409);
      expect(cancelled.body.desc).toBe(lang === 'en' ? 'The order is cancelled and cannot ship' : '订单已取消，不能发货');
    }
    // A malformed tracking number is a 400 on the field.
    const other = await order(en.call);
    const bad = await staff.warehouse('POST', `/api/admin/orders/${other.id}/shipments`, {
      body: { ...body, lines: [{ lineId: lineOf(other, t.products.cube).id, quantity: 1 }], trackingNumber: 'no spaces!' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ field: 'trackingNumber' });
  });

  it('answers 401 without a token and 403 to buyers and to roles that do not ship, before reading the body', async () => {
    const en = await buyer('en');
    const o = await order(en.call);
    const url = `/api/admin/orders/${o.id}/shipments`;
    expect((await shopClient(t, undefined)('POST', url, { body: {} })).status).toBe(401);
    for (const who of [en.call, staff.catalog, staff.service]) expect((await who('POST', url, { body: {} })).status).toBe(403);
    for (const who of [staff.owner, staff.sales, staff.warehouse]) expect((await who('POST', url, { body: {} })).status).toBe(400);
    // Another buyer cannot read this order's parcel packing list.
    const stranger = await buyer('en');
    expect((await stranger.call('GET', `/api/orders/${o.id}/documents/packing-list.pdf`, { query: { shipment: 1 } })).status).toBe(404);
  });
});
