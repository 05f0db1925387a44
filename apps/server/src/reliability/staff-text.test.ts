import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TOrderDetail } from '@cubeshop/shared';
import { startMailbox, type Mailbox } from '../test/mailbox.js';
import { pdfText } from '../test/pdf.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../test/shop.js';

// Staff text never reaches the buyer (docs/security.md, What is defended; docs/orders.md, Notes
// and messages): the reason staff give for shipping an unpaid order, a note given with a status
// change (CLI --note) and internal notes stay with staff. The buyer's order JSON, every mail the
// buyer receives (with its attachments) and every document (whoever downloads it) are read back
// whole and searched for the staff text. What is meant for the buyer (the cancellation reason, a
// message) still reaches them.

const SHIP_REASON = `buyer is a known fraudster ${randomBytes(3).toString('hex')}`;
const STATUS_NOTE = `courier bribed at the depot ${randomBytes(3).toString('hex')}`;
const INTERNAL_NOTE = `do not trust this one ${randomBytes(3).toString('hex')}`;
const CANCEL_REASON = `Out of stock ${randomBytes(3).toString('hex')}`;
const MESSAGE = `Your parcel left today ${randomBytes(3).toString('hex')}`;
const STAFF_ONLY = [SHIP_REASON, STATUS_NOTE, INTERNAL_NOTE];

let t: ShopApp;
let mailbox: Mailbox;
let sales: ShopCall;
let salesToken: string;
let buyer: ShopCall;
let buyerToken: string;
let buyerEmail: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createShopApp({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' });
  await t.app.ready();
  const staff = await t.services.account.createUser({ account: `sales_${randomBytes(3).toString('hex')}`, name: 'Sales', role: 'sales' });
  salesToken = await t.services.authn.issueUserToken(staff.id);
  sales = shopClient(t, salesToken);
  buyerEmail = `buyer_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: buyerEmail, email: buyerEmail, name: 'Buyer', locale: 'en' });
  buyerToken = await t.services.authn.issueUserToken(user.id);
  buyer = shopClient(t, buyerToken);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function place(): Promise<TOrderDetail> {
  expect((await buyer('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await buyer('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  return (await buyer<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

/** A document's text as the PDF reader sees it. */
async function documentText(token: string, id: number, kind: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${id}/documents/${kind}.pdf`,
    headers: { authorization: `Bearer ${token}`, 'x-lang-type': 'en' },
  });
  expect(res.statusCode).toBe(200);
  return (await pdfText(res.rawPayload)).text;
}

describe('staff text stays with staff', () => {
  it("keeps the ship-unpaid reason, status notes and internal notes out of the buyer's JSON, mail and documents", async () => {
    const shipped = await place();
    const cancelled = await place();

    // Staff ship the first order unpaid with a reason, note a logistics change and add an internal note and a message.
    const ship = await sales('POST', `/api/admin/orders/${shipped.id}/transitions`, { body: { status: 'outbound', shipUnpaid: true, reason: SHIP_REASON } });
    expect(ship.status, JSON.stringify(ship.body)).toBe(200);
    await t.services.orders.changeStatus(shipped.id, { status: 'delivery', logistics: 'inTransit', note: STATUS_NOTE });
    expect((await sales('POST', `/api/admin/orders/${shipped.id}/notes`, { body: { kind: 'note', body: INTERNAL_NOTE } })).status).toBe(201);
    expect((await sales('POST', `/api/admin/orders/${shipped.id}/notes`, { body: { kind: 'message', body: MESSAGE } })).status).toBe(201);
    // The second is cancelled with a reason the buyer is told.
    expect((await sales('POST', `/api/admin/orders/${cancelled.id}/transitions`, { body: { status: 'cancel', reason: CANCEL_REASON } })).status).toBe(200);

    // Staff still read all of it.
    const staffView = await sales<TStaffOrderDetail>('GET', `/api/admin/orders/${shipped.id}`);
    const staffJson = JSON.stringify(staffView.body);
    for (const text of STAFF_ONLY) expect(staffJson).toContain(text);
    expect(staffView.body.order.history.map((e) => e.note)).toEqual(expect.arrayContaining([SHIP_REASON, STATUS_NOTE]));
    const cli = await t.services.orders.staffDetail(shipped.id, 'en');
    expect(cli?.history.map((e) => e.note)).toEqual(expect.arrayContaining([SHIP_REASON, STATUS_NOTE]));

    // The buyer's order, list and order lines carry none of it.
    const mine = await buyer<TOrderDetail>('GET', `/api/orders/${shipped.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.history.length).toBeGreaterThanOrEqual(3);
    expect(mine.body.messages.map((m) => m.body)).toEqual([MESSAGE]);
    const answers = [
      JSON.stringify(mine.body),
      JSON.stringify((await buyer('GET', `/api/orders/${cancelled.id}`)).body),
      JSON.stringify((await buyer('GET', '/api/orders')).body),
      JSON.stringify((await buyer('GET', '/api/order/items')).body),
      JSON.stringify((await buyer('GET', `/api/orders/${shipped.id}/requests`)).body),
    ];
    for (const answer of answers) for (const text of STAFF_ONLY) expect(answer).not.toContain(text);

    // What is for the buyer still reaches them: the cancellation reason and the message.
    const gone = await buyer<TOrderDetail>('GET', `/api/orders/${cancelled.id}`);
    expect(gone.body.cancelReason).toBe(CANCEL_REASON);
    expect(gone.body.history.find((e) => e.to === 'cancel')?.note).toBe(CANCEL_REASON);

    // Every document, downloaded by the buyer and by staff (who send them on to the buyer).
    for (const token of [buyerToken, salesToken]) {
      for (const kind of ['proforma', 'invoice', 'packing-list']) {
        const text = await documentText(token, shipped.id, kind);
        expect(text).toContain(String(shipped.id));
        for (const staffText of STAFF_ONLY) expect(text).not.toContain(staffText);
      }
    }

    // Every mail the buyer gets (placed x2 with the proforma attached, shipped, the message, cancelled).
    await expect.poll(async () => (await t.services.outbox.pending()).waiting, { timeout: 20_000, interval: 100 }).toBe(0);
    const mails = mailbox.messages.filter((m) => m.rcptTo.includes(buyerEmail));
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([`Your order ${shipped.id} has shipped`, `Order ${cancelled.id} was cancelled`]));
    expect(mails.some((m) => m.text.includes(MESSAGE))).toBe(true);
    expect(mails.some((m) => m.text.includes(CANCEL_REASON))).toBe(true);
    for (const mail of mails) {
      for (const text of STAFF_ONLY) {
        expect(mail.subject + mail.text + mail.html).not.toContain(text);
      }
      for (const file of mail.attachments) {
        const body = file.contentType.includes('pdf') ? (await pdfText(file.content)).text : file.content.toString('utf8');
        for (const text of STAFF_ONLY) expect(body).not.toContain(text);
      }
    }
    expect(mails.flatMap((m) => m.attachments).length).toBeGreaterThanOrEqual(2);
  });
});
