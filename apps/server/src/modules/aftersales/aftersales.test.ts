import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TStaffRequestList, TOrderDetail, TOrderRequests, TRequestDecided, TStaffRole } from '@cubeshop/shared';
import { orderEvents } from '../../db/schema/orders.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// After-sales requests (docs/orders.md, After-sales): a buyer asks to cancel (before outbound) or
// return (within 7 days of delivery) with a reason and photos; sales staff approve or refuse; the
// buyer is mailed (real SMTP) and sees the decision. Time is controlled through the delivered
// event's timestamp in the order's history.

let t: ShopApp;
let mailbox: Mailbox;
const staff = {} as Record<TStaffRole, ShopCall>;
const staffTokens = {} as Record<TStaffRole, string>;
const DAY = 86_400_000;

interface Buyer {
  email: string;
  token: string;
  call: ShopCall;
}

async function newBuyer(locale: 'zh' | 'en' = 'en'): Promise<Buyer> {
  const email = `as_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: locale === 'zh' ? '王芳' : 'Ann Buyer', locale });
  const token = await t.services.authn.issueUserToken(user.id);
  return { email, token, call: shopClient(t, token, { lang: locale }) };
}

async function placeOrder(b: Buyer): Promise<TOrderDetail> {
  expect((await b.call('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await b.call('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  return (await b.call<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

const move = (id: number, body: Record<string, unknown>) => staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${id}/transitions`, { body });
const pay = (id: number, amount: number) =>
  staff.sales('POST', `/api/admin/orders/${id}/payments`, { body: { kind: 'payment', amount, currency: 'CNY', method: 'bankTransfer' } });

/** Paid, shipped and delivered; the delivery is moved `daysAgo` into the past. */
async function delivered(b: Buyer, daysAgo = 0): Promise<TOrderDetail> {
  const order = await placeOrder(b);
  expect((await pay(order.id, order.totalAmount)).status).toBe(201);
  expect((await move(order.id, { status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'SF12345678' })).status).toBe(200);
  expect((await move(order.id, { status: 'delivery', logisticsStatus: 'outForDelivery' })).status).toBe(200);
  expect((await move(order.id, { logisticsStatus: 'delivered' })).status).toBe(200);
  if (daysAgo) await deliveredAgo(order.id, daysAgo);
  return order;
}

async function deliveredAgo(orderId: number, days: number): Promise<void> {
  await t.services.database.db
    .update(orderEvents)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'logistics'), eq(orderEvents.toValue, 'delivered')));
}

const png = async (color = '#c00') =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createShopApp({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' });
  await t.app.ready();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    staffTokens[role] = await t.services.authn.issueUserToken(user.id);
    staff[role] = shopClient(t, staffTokens[role]);
  }
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

describe('cancellation requests', () => {
  it('are allowed only before the order is outbound, one open at a time', async () => {
    const b = await newBuyer();
    const order = await placeOrder(b);
    const state = await b.call<TOrderRequests>('GET', `/api/orders/${order.id}/requests`);
    expect(state.body).toEqual({ data: [], canRequest: { cancel: true, return: false, returnUntil: null } });

    expect((await b.call('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'cancel', reason: '   ' } })).status).toBe(400);
    const made = await b.call<TOrderRequests>('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'cancel', reason: '  Ordered the wrong colour  ' } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject([{ kind: 'cancel', reason: 'Ordered the wrong colour', status: 'open', photos: [], decisionNote: null }]);
    expect(made.body.canRequest).toMatchObject({ cancel: false, return: false });

    const again = await b.call('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'cancel', reason: 'again' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', details: { reason: 'alreadyOpen' }, desc: expect.stringContaining('already has an open request') });

    const shipped = await placeOrder(b);
    expect((await move(shipped.id, { status: 'outbound', shipUnpaid: true, reason: 'trusted' })).status).toBe(200);
    const late = await b.call('POST', `/api/orders/${shipped.id}/requests`, { body: { kind: 'cancel', reason: 'too slow' }, lang: 'zh' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ details: { reason: 'outbound' }, desc: expect.stringContaining('已出库') });
    expect((await b.call<TOrderRequests>('GET', `/api/orders/${shipped.id}/requests`)).body.canRequest.cancel).toBe(false);
  });

  it('approved by sales cancels the order with the buyer reason, says a refund is due, is audited and mailed', async () => {
    const b = await newBuyer('zh');
    const order = await placeOrder(b);
    expect((await pay(order.id, 100)).status).toBe(201);
    const made = await b.call<TOrderRequests>('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'cancel', reason: '买错了型号' } });
    const requestId = made.body.data[0]!.id;

    const queue = await staff.sales<TStaffRequestList>('GET', '/api/admin/requests');
    expect(queue.status).toBe(200);
    expect(queue.body.data.find((r) => r.id === requestId)).toMatchObject({
      kind: 'cancel',
      reason: '买错了型号',
      buyer: { email: b.email },
      order: { status: 'confirm', netPaid: 100 },
    });

    const decided = await staff.sales<TRequestDecided>('POST', `/api/admin/requests/${requestId}/decision`, {
      body: { decision: 'approve', note: '已为您取消' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      request: { status: 'approved', decisionNote: '已为您取消', decidedBy: 'sales person', order: { status: 'cancel' } },
      refundDue: 100,
    });

    const admin = (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${order.id}`)).body;
    expect(admin.order.status).toBe('cancel');
    expect(admin.cancelReason).toBe('买错了型号');
    expect(admin.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['order.cancel', 'request.approve', 'request.create']));
    expect(admin.audit.find((a) => a.action === 'request.approve')).toMatchObject({
      actor: { role: 'sales' },
      note: '已为您取消',
      after: { request: requestId, status: 'approved' },
    });

    const seen = (await b.call<TOrderRequests>('GET', `/api/orders/${order.id}/requests`)).body;
    expect(seen.data[0]).toMatchObject({ status: 'approved', decisionNote: '已为您取消' });
    expect(seen.canRequest).toEqual({ cancel: false, return: false, returnUntil: null });

    const mail = await mailbox.next(b.email, 10_000);
    const all = [mail, ...(await Promise.all([mailbox.next(b.email, 10_000), mailbox.next(b.email, 10_000), mailbox.next(b.email, 10_000)]))];
    const decision = all.find((m) => m.subject.includes('取消订单申请已通过'))!;
    expect(decision.subject).toBe(`订单 ${order.id} 的取消订单申请已通过`);
    expect(decision.text).toContain('客服说明：已为您取消');
    expect(decision.text).toContain('退款');

    // Decided once only.
    expect((await staff.sales('POST', `/api/admin/requests/${requestId}/decision`, { body: { decision: 'refuse', note: 'x' } })).status).toBe(409);
  });
});

describe('return requests', () => {
  it('open once delivered and close 7 days after delivery', async () => {
    const b = await newBuyer();
    const order = await placeOrder(b);
    const early = await b.call('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'return', reason: 'broken' } });
    expect(early.status).toBe(409);
    expect(early.body.details).toMatchObject({ reason: 'notDelivered' });

    const old = await delivered(b, 8);
    const state = (await b.call<TOrderRequests>('GET', `/api/orders/${old.id}/requests`)).body.canRequest;
    expect(state).toMatchObject({ cancel: false, return: false });
    expect(Date.parse(state.returnUntil!)).toBeLessThan(Date.now());
    const late = await b.call('POST', `/api/orders/${old.id}/requests`, { body: { kind: 'return', reason: 'broken' } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ details: { reason: 'returnWindowOver' }, desc: 'The 7-day return period after delivery is over' });

    const recent = await delivered(b, 6);
    const open = (await b.call<TOrderRequests>('GET', `/api/orders/${recent.id}/requests`)).body.canRequest;
    expect(open.return).toBe(true);
    expect(Date.parse(open.returnUntil!) - Date.now()).toBeGreaterThan(0.9 * DAY);
    expect(Date.parse(open.returnUntil!) - Date.now()).toBeLessThan(1.1 * DAY);
    expect((await b.call('POST', `/api/orders/${recent.id}/requests`, { body: { kind: 'return', reason: 'Two pieces arrived cracked' } })).status).toBe(201);

    // Completed orders count from delivery too.
    const done = await delivered(b, 2);
    expect((await move(done.id, { status: 'complete' })).status).toBe(200);
    expect((await b.call<TOrderRequests>('GET', `/api/orders/${done.id}/requests`)).body.canRequest.return).toBe(true);
  });

  it('keeps photos re-encoded and shows them only to the buyer and staff', async () => {
    const b = await newBuyer();
    const other = await newBuyer();
    const order = await delivered(b, 1);
    const jpeg = `data:image/jpeg;base64,${(
      await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a0' } })
        .jpeg()
        .toBuffer()
    ).toString('base64')}`;
    const made = await b.call<TOrderRequests>('POST', `/api/orders/${order.id}/requests`, {
      body: { kind: 'return', reason: 'Cracked', photos: [await png(), jpeg] },
    });
    expect(made.status).toBe(201);
    const photos = made.body.data[0]!.photos;
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatch(new RegExp(`^/api/orders/${order.id}/requests/\\d+/photos/0$`));

    const get = (token: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const own = await get(b.token, photos[0]!);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');
    expect((await get(other.token, photos[0]!)).statusCode).toBe(404);
    expect((await get(undefined, photos[0]!)).statusCode).toBe(401);
    expect((await get(staffTokens.warehouse, photos[1]!)).statusCode).toBe(200);
    expect((await get(staffTokens.catalog, photos[1]!)).statusCode).toBe(404);
    expect((await get(b.token, photos[1]!.replace(/\/1$/, '/5'))).statusCode).toBe(404);
    // Not a public file either.
    expect((await get(undefined, `/uploads/requests/${'0'.repeat(64)}.webp`)).statusCode).toBe(404);
  });

  it('refuses what is not a JPG, PNG or WebP image, too large a photo, and too many', async () => {
    const b = await newBuyer();
    const order = await delivered(b);
    const ask = (photos: string[]) => b.call('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'return', reason: 'bad', photos } });
    const text = `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`;
    const gif = `data:image/gif;base64,${(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
        .gif()
        .toBuffer()
    ).toString('base64')}`;
    const notImage = await ask([await png(), text]);
    expect(notImage.status).toBe(400);
    expect(notImage.body.desc).toBe('Photo 2 is not a JPG, PNG or WebP image');
    expect((await ask([gif])).status).toBe(400);
    const huge = `data:image/png;base64,${randomBytes(2 * 1024 * 1024 + 10).toString('base64')}`;
    const big = await ask([huge]);
    expect(big.status).toBe(413);
    expect(big.body.desc).toBe('Photo 1 is larger than 2 MB');
    const seven = await Promise.all(Array.from({ length: 7 }, (_, i) => png(`#${i}${i}${i}`)));
    expect((await ask(seven)).status).toBe(400);
    // Nothing was recorded by the refused attempts.
    expect((await b.call<TOrderRequests>('GET', `/api/orders/${order.id}/requests`)).body.data).toEqual([]);
  });

  it('refused with a note: the buyer reads it, is mailed, and may ask again', async () => {
    const b = await newBuyer();
    const order = await delivered(b);
    const made = await b.call<TOrderRequests>('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'return', reason: 'Do not like it' } });
    const id = made.body.data[0]!.id;
    expect((await staff.sales('POST', `/api/admin/requests/${id}/decision`, { body: { decision: 'refuse' } })).status).toBe(400);
    const refused = await staff.owner<TRequestDecided>('POST', `/api/admin/requests/${id}/decision`, {
      body: { decision: 'refuse', note: 'Opened cubes cannot be returned' },
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ request: { status: 'refused' }, refundDue: 0 });
    const seen = (await b.call<TOrderRequests>('GET', `/api/orders/${order.id}/requests`)).body;
    expect(seen.data[0]).toMatchObject({ status: 'refused', decisionNote: 'Opened cubes cannot be returned' });
    expect(seen.canRequest.return).toBe(true);
    const mails: string[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await mailbox.next(b.email, 10_000);
      mails.push(m.subject);
      if (m.subject.includes('request')) {
        expect(m.subject).toBe(`Your return request for order ${order.id} was declined`);
        expect(m.text).toContain('Note from our staff: Opened cubes cannot be returned');
        break;
      }
    }
    expect(mails.some((s) => s.includes('declined'))).toBe(true);
    // The order itself is unchanged; approving a return credits the returned pieces, and that credit is the refund due.
    expect((await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${order.id}`)).body.order.status).toBe('delivery');
    const second = await b.call<TOrderRequests>('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'return', reason: 'Cracked plastic' } });
    const line = order.items[0]!;
    // A credit goes only with approving a return.
    expect(
      (await staff.sales('POST', `/api/admin/requests/${second.body.data[0]!.id}/decision`, { body: { decision: 'refuse', note: 'x', credit: { amount: 1 } } }))
        .status,
    ).toBe(400);
    const approved = await staff.sales<TRequestDecided>('POST', `/api/admin/requests/${second.body.data[0]!.id}/decision`, {
      body: { decision: 'approve', note: 'Sorry about the cracked cube', credit: { lines: [{ lineId: line.id, quantity: 1 }] } },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      request: { status: 'approved', order: { status: 'delivery', credited: line.actualPrice } },
      refundDue: line.actualPrice,
      creditId: expect.any(Number),
    });
    const credited = (await b.call<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    expect(credited.credits).toEqual([
      expect.objectContaining({
        kind: 'return',
        amount: line.actualPrice,
        reason: 'Sorry about the cracked cube',
        requestId: second.body.data[0]!.id,
        createdBy: null,
        lines: [expect.objectContaining({ lineId: line.id, quantity: 1 })],
      }),
    ]);
    expect(credited.money).toMatchObject({
      credited: line.actualPrice,
      owed: +(order.totalAmount - line.actualPrice).toFixed(2),
      refundDue: line.actualPrice,
      balance: -line.actualPrice,
    });
    expect(credited.items[0]!.creditedQuantity).toBe(1);
    const after = (await b.call<TOrderRequests>('GET', `/api/orders/${order.id}/requests`)).body;
    expect(after.canRequest.return).toBe(false);
    expect((await b.call('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'return', reason: 'more' } })).body.details).toMatchObject({
      reason: 'returned',
    });
  });
});

describe('access', () => {
  it('answers 404 to other buyers, 401 without sign-in, and 403 to roles that may not decide', async () => {
    const b = await newBuyer();
    const other = await newBuyer();
    const order = await placeOrder(b);
    expect((await other.call('GET', `/api/orders/${order.id}/requests`)).status).toBe(404);
    expect((await other.call('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'cancel', reason: 'mine now' } })).status).toBe(404);
    expect((await shopClient(t, undefined)('GET', `/api/orders/${order.id}/requests`)).status).toBe(401);
    const made = await b.call<TOrderRequests>('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'cancel', reason: 'changed my mind' } });
    const id = made.body.data[0]!.id;
    for (const who of ['warehouse', 'catalog', 'service'] as const) {
      expect((await staff[who]('POST', `/api/admin/requests/${id}/decision`, { body: { decision: 'approve' } })).status).toBe(403);
      expect((await staff[who]('GET', '/api/admin/requests')).status).toBe(403);
    }
    expect((await b.call('POST', `/api/admin/requests/${id}/decision`, { body: { decision: 'approve' } })).status).toBe(403);
    expect((await b.call('GET', '/api/admin/requests')).status).toBe(403);
    expect((await staff.warehouse('GET', `/api/admin/orders/${order.id}/requests`)).status).toBe(200);
    expect((await staff.catalog('GET', `/api/admin/orders/${order.id}/requests`)).status).toBe(403);
    // Nothing was decided by them.
    expect((await b.call<TOrderRequests>('GET', `/api/orders/${order.id}/requests`)).body.data[0]!.status).toBe('open');
    expect((await staff.sales('POST', '/api/admin/requests/999999/decision', { body: { decision: 'approve' } })).status).toBe(404);
  });
});
