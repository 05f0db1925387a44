import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TOrderDetail } from '@cubeshop/shared';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { orderMail } from './orders.mail.js';
import { pdfText, squeeze } from '../../test/pdf.js';

// Buyers are told by e-mail (docs/orders.md, Buyer e-mail): each change writes its mail to the
// outbox in the change's transaction; the worker delivers it with retries. Here SMTP is down while
// orders change, then comes up: every mail arrives, exactly once.

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: ShopApp;
let port: number;
let mailbox: Mailbox | undefined;
const staff = {} as { sales: ShopCall; warehouse: ShopCall };

beforeAll(async () => {
  port = await freePort();
  // Nothing listens on the port yet: SMTP is down.
  t = await createShopApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' });
  await t.app.ready();
  for (const role of ['sales', 'warehouse'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: role, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
});
afterAll(async () => {
  await t.close();
  await mailbox?.close();
});

async function buyer(locale: 'zh' | 'en') {
  const email = `mail_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: locale === 'zh' ? '李伟' : 'Jane <Buyer>', locale });
  return { email, call: shopClient(t, await t.services.authn.issueUserToken(user.id), { lang: locale }) };
}

async function order(c: ShopCall): Promise<TOrderDetail> {
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  return (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

describe('order mail through the outbox', () => {
  it('keeps every mail while SMTP is down and delivers each exactly once when it is back', async () => {
    const en = await buyer('en');
    const zh = await buyer('zh');
    const a = await order(en.call);
    const b = await order(zh.call);
    const pay = (id: number, amount: number, kind = 'payment') =>
      staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${id}/payments`, { body: { kind, amount, currency: 'CNY', method: 'bankTransfer' } });
    expect((await pay(a.id, a.totalAmount)).status).toBe(201);
    const ship = await staff.warehouse<TStaffOrderDetail>('POST', `/api/admin/orders/${a.id}/transitions`, {
      body: { status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'JD0146000999', carrier: 'dhl' },
    });
    expect(ship.status).toBe(200);
    expect(
      (await staff.warehouse('POST', `/api/admin/orders/${a.id}/transitions`, { body: { status: 'delivery', logisticsStatus: 'outForDelivery' } })).status,
    ).toBe(200);
    expect((await staff.warehouse('POST', `/api/admin/orders/${a.id}/transitions`, { body: { logisticsStatus: 'delivered' } })).status).toBe(200);
    expect((await pay(b.id, 100)).status).toBe(201);
    expect((await staff.sales('POST', `/api/admin/orders/${b.id}/transitions`, { body: { status: 'cancel', reason: '缺货' } })).status).toBe(200);
    expect((await pay(b.id, 100, 'refund')).status).toBe(201);

    // The worker tried while SMTP was down: nothing was sent, nothing was dropped.
    await expect.poll(async () => (await t.services.outbox.pending()).failing, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await t.services.outbox.pending()).waiting).toBe(8);

    mailbox = await startMailbox(port);
    await expect.poll(async () => (await t.services.outbox.pending()).waiting, { timeout: 20_000, interval: 100 }).toBe(0);
    const to = (email: string) => mailbox!.messages.filter((m) => m.rcptTo.includes(email)).map((m) => m.subject);
    expect(to(en.email).sort()).toEqual(
      [`We received your order ${a.id}`, `Payment received for order ${a.id}`, `Your order ${a.id} has shipped`, `Order ${a.id} was delivered`].sort(),
    );
    expect(to(zh.email).sort()).toEqual([`订单 ${b.id} 已收到`, `订单 ${b.id} 已收到付款`, `订单 ${b.id} 已取消`, `订单 ${b.id} 已退款`].sort());

    const shipped = mailbox.messages.find((m) => m.subject === `Your order ${a.id} has shipped`)!;
    expect(shipped.text).toContain('DHL Express');
    expect(shipped.text).toContain('tracking-id=JD0146000999');
    expect(shipped.html).toContain('Hello Jane &lt;Buyer&gt;');
    expect(mailbox.messages.find((m) => m.subject === `订单 ${b.id} 已取消`)!.text).toContain('原因：缺货');
    expect(mailbox.messages.find((m) => m.subject === `We received your order ${a.id}`)!.text).toContain(`order number ${a.id} as the reference`);
    // The placed mail carries the proforma invoice as a PDF, in the buyer's language; the others carry nothing.
    for (const [id, title] of [
      [a.id, 'Proforma invoice'],
      [b.id, '形式发票'],
    ] as const) {
      const placed = mailbox.messages.find((m) => m.subject === `We received your order ${id}` || m.subject === `订单 ${id} 已收到`)!;
      expect(placed.attachments.map((f) => [f.filename, f.contentType])).toEqual([[`proforma-${id}.pdf`, 'application/pdf']]);
      const pdf = await pdfText(placed.attachments[0]!.content);
      expect(pdf.compact).toContain(squeeze(title));
      expect(pdf.compact).toContain(squeeze(`PI-${id}`));
    }
    expect(mailbox.messages.filter((m) => m.attachments.length > 0)).toHaveLength(2);

    // Later passes send nothing again.
    const count = mailbox.messages.length;
    await t.services.outbox.flush();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.messages.length).toBe(count);
  });

  it('tells an Alipay buyer how to pay, and a buyer what a credit note and a refund changed', async () => {
    const zh = await buyer('zh');
    expect((await zh.call('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
    const placed = await zh.call('POST', '/api/orders', { body: orderPayload({ payMethod: 'alipay' }), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    const id = placed.body.id as number;
    await expect.poll(() => mailbox!.messages.some((m) => m.subject === `订单 ${id} 已收到`), { timeout: 15_000 }).toBe(true);
    const placedMail = mailbox!.messages.find((m) => m.subject === `订单 ${id} 已收到`)!;
    expect(placedMail.text).toContain(`付款方式：支付宝。付款时请在附言（备注）中填写订单号 ${id}`);
    expect(placedMail.text).toContain('收款账号：pay@cubeshop.example');

    // Paid in full, shipped, then a goodwill credit: the mail names the credit note, what is owed now and the refund that follows.
    const detail = (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body;
    expect(
      (await staff.sales('POST', `/api/admin/orders/${id}/payments`, { body: { kind: 'payment', amount: detail.due, currency: 'CNY', method: 'alipay' } }))
        .status,
    ).toBe(201);
    expect((await staff.sales('POST', `/api/admin/orders/${id}/credits`, { body: { kind: 'goodwill', reason: '包装破损', amount: 20 } })).status).toBe(201);
    const subject = `订单 ${id} 的减免单 CN-${id}-1`;
    await expect.poll(() => mailbox!.messages.some((m) => m.subject === subject), { timeout: 15_000 }).toBe(true);
    const credited = mailbox!.messages.find((m) => m.subject === subject)!;
    expect(credited.text).toContain('减免 ¥20.00');
    expect(credited.text).toContain('原因：包装破损');
    expect(credited.text).toContain('我们应退还您 ¥20.00');
  });
});

describe('order mail text', () => {
  it('says what was packed when staff changed it, and where the money stands after a credit note', () => {
    const shipped = orderMail(
      'shipped',
      {
        orderId: 7,
        buyerName: 'Ann',
        currency: 'USD',
        totalMinor: 72408,
        orderedMinor: 78258,
        balanceMinor: -5850,
        orderUrl: 'https://shop/order/7',
        carrier: 'dhl',
        trackingNumber: 'JD1',
      },
      'en',
    );
    expect(shipped.text).toContain('As packed, your order comes to $724.08 (ordered: $782.58).');
    expect(shipped.text).toContain('We owe you $58.50 and will refund it shortly.');
    const credit = orderMail(
      'credited',
      {
        orderId: 7,
        buyerName: 'Ann',
        currency: 'USD',
        totalMinor: 72408,
        creditedMinor: 1251,
        owedMinor: 71157,
        balanceMinor: -1251,
        amountMinor: 1251,
        credit: 'CN-7-1',
        reason: 'Cracked cube',
        orderUrl: 'https://shop/order/7',
      },
      'en',
    );
    expect(credit.subject).toBe('Credit note CN-7-1 for order 7');
    expect(credit.text).toContain('taking $12.51 off your order');
    expect(credit.text).toContain('Credited $12.51; owed $711.57.');
    const settled = orderMail(
      'refunded',
      {
        orderId: 7,
        buyerName: 'Ann',
        currency: 'USD',
        totalMinor: 72408,
        creditedMinor: 1251,
        owedMinor: 71157,
        balanceMinor: 0,
        amountMinor: 1251,
        orderUrl: 'https://shop/order/7',
      },
      'en',
    );
    expect(settled.text).toContain('Nothing is left to pay on this order.');
  });

  it('escapes what buyers and staff typed in the HTML and keeps it in the text', () => {
    const mail = orderMail(
      'cancelled',
      { orderId: 1, buyerName: '<b>x</b>', currency: 'USD', totalMinor: 100, balanceMinor: 0, reason: 'a & "b"', orderUrl: 'https://shop/order/1' },
      'en',
    );
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).toContain('Reason: a &amp; &quot;b&quot;');
    expect(mail.text).toContain('Reason: a & "b"');
  });
});
