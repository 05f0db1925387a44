import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TOrderDetail, TStaffRole } from '@cubeshop/shared';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Staff notes on an order (docs/orders.md, Back office): internal notes stay with staff; a
// message to the buyer is e-mailed in the buyer's language and shown on the buyer's order page.
let t: ShopApp;
let mailbox: Mailbox;
const staff = {} as Record<TStaffRole, ShopCall>;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createShopApp({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' });
  await t.app.ready();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

async function buyerWithOrder(locale: 'zh' | 'en') {
  const email = `notes_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: 'Buyer', locale });
  const call = shopClient(t, await t.services.authn.issueUserToken(user.id), { lang: locale });
  expect((await call('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await call('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  return { email, call, orderId: placed.body.id as number };
}

describe('order notes and messages', () => {
  it('keeps internal notes from the buyer and e-mails and shows messages', async () => {
    const { email, call, orderId } = await buyerWithOrder('zh');
    const note = await staff.warehouse<TStaffOrderDetail>('POST', `/api/admin/orders/${orderId}/notes`, {
      body: { kind: 'note', body: '  two cartons, fragile  ' },
    });
    expect(note.status).toBe(201);
    expect(note.body.notes).toEqual([expect.objectContaining({ kind: 'note', body: 'two cartons, fragile', author: 'warehouse person' })]);

    const message = await staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${orderId}/notes`, {
      body: { kind: 'message', body: '您好，黑色缺货，\n可以换白色吗？' },
    });
    expect(message.status).toBe(201);
    expect(message.body.notes.map((n) => n.kind)).toEqual(['note', 'message']);
    expect(message.body.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['order.note', 'order.message']));

    // The buyer sees the message, never the note.
    const seen = await call<TOrderDetail>('GET', `/api/orders/${orderId}`);
    expect(seen.body.messages).toEqual([expect.objectContaining({ body: '您好，黑色缺货，\n可以换白色吗？' })]);
    expect(JSON.stringify(seen.body)).not.toContain('fragile');

    await expect
      .poll(() => mailbox.messages.filter((m) => m.rcptTo.includes(email)).map((m) => m.subject), { timeout: 10_000 })
      .toContain(`关于订单 ${orderId} 的新消息`);
    const mail = mailbox.messages.find((m) => m.subject === `关于订单 ${orderId} 的新消息`)!;
    expect(mail.text).toContain('可以换白色吗？');
    expect(mailbox.messages.filter((m) => m.rcptTo.includes(email) && m.text.includes('fragile'))).toEqual([]);
  });

  it('lets only sales and the owner message the buyer, and refuses empty text', async () => {
    const { orderId } = await buyerWithOrder('en');
    const send = (c: ShopCall, kind: string, body = 'hello') => c('POST', `/api/admin/orders/${orderId}/notes`, { body: { kind, body } });
    const allowed: Record<TStaffRole, [number, number]> = {
      owner: [201, 201],
      sales: [201, 201],
      warehouse: [201, 403],
      catalog: [403, 403],
      service: [403, 403],
    };
    for (const [role, [noteStatus, messageStatus]] of Object.entries(allowed) as [TStaffRole, [number, number]][]) {
      expect([role, (await send(staff[role], 'note')).status]).toEqual([role, noteStatus]);
      expect([role, (await send(staff[role], 'message')).status]).toEqual([role, messageStatus]);
    }
    const { call } = await buyerWithOrder('en');
    expect((await send(call, 'note')).status).toBe(403);
    expect((await send(staff.sales, 'note', '   ')).status).toBe(400);
    expect((await send(staff.sales, 'note', 'x'.repeat(2001))).status).toBe(400);
    expect((await staff.sales('POST', '/api/admin/orders/99999999/notes', { body: { kind: 'note', body: 'x' } })).status).toBe(404);
  });
});
