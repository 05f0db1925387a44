import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TOrderDetail } from '@cubeshop/shared';
import { loadConfig } from '../../config.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../test/paypal.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { fromPayPalValue, toPayPalValue } from './paypal.service.js';

// PayPal online payment (docs/orders.md, PayPal) against a local stand-in for PayPal's REST API,
// reached through the official SDK: create -> approve -> capture records one payment; returning
// again and the webhook for the same capture record nothing more; forged webhooks are refused.
let paypal: PayPalStandIn;
let mailbox: Mailbox;
let t: ShopApp;
let owner: ShopCall;

async function buyer(locale: 'en' | 'zh' = 'en') {
  const email = `pp_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: 'Pat Payer', locale });
  return { email, call: shopClient(t, await t.services.authn.issueUserToken(user.id), { lang: locale }) };
}

async function placeOrder(c: ShopCall, payMethod = 'paypal', currency: 'CNY' | 'USD' = 'USD'): Promise<TOrderDetail> {
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload({ payMethod }), headers: { 'idempotency-key': randomUUID() }, currency });
  expect(placed.status).toBe(201);
  return (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

const staffView = async (id: number) => (await owner<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body;

/** The path and query the return URL PayPal sends the buyer to points at on our server. */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  mailbox = await startMailbox();
  t = await createShopApp({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PUBLIC_ORIGIN: 'https://shop.example',
    SMTP_URL: mailbox.url,
    OUTBOX_INTERVAL_MS: '100',
  });
  const user = await t.services.account.createUser({ account: `owner_${randomBytes(3).toString('hex')}`, name: 'Owner', role: 'owner' });
  owner = shopClient(t, await t.services.authn.issueUserToken(user.id));
});
afterAll(async () => {
  await t?.close();
  await paypal?.close();
  await mailbox?.close();
});

describe('PayPal online payment', () => {
  it('create -> approve -> capture records exactly one payment; a second return and the webhook record nothing more', async () => {
    const b = await buyer();
    const order = await placeOrder(b.call);
    expect(order.payMethod.id).toBe('paypal');
    expect((await t.app.inject({ method: 'GET', url: '/api/paypal/config' })).json()).toEqual({ online: true });

    const started = await b.call('POST', `/api/orders/${order.id}/paypal`);
    expect(started.status).toBe(200);
    const asked = paypal.orders.get(started.body.paypalOrderId)!;
    // The balance in the order's currency, and the way back to our site (the public origin).
    expect(asked.amount).toEqual({ currency_code: 'USD', value: toPayPalValue(Math.round(order.balance * 100)) });
    expect(asked.returnUrl).toBe('https://shop.example/api/paypal/return');
    expect(asked.cancelUrl).toBe('https://shop.example/api/paypal/cancel');
    expect(asked.referenceId).toBe(String(order.id));
    expect(started.body.approveUrl).toBe(`${paypal.url}/checkoutnow?token=${asked.id}`);

    // The buyer approves on PayPal and comes back: captured, recorded, sent to the order page.
    const back = await paypal.approve(asked.id);
    expect(back).toBe(`https://shop.example/api/paypal/return?token=${asked.id}&PayerID=BUYERTEST1`);
    const ret = await t.app.inject({ method: 'GET', url: local(back) });
    expect(ret.statusCode).toBe(303);
    expect(ret.headers.location).toBe(`/order/${order.id}?paypal=paid`);

    const after = (await b.call<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    expect(after.paymentStatus).toBe('paid');
    expect(after.balance).toBe(0);
    let staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(1);
    expect(staff.payments[0]).toMatchObject({
      kind: 'payment',
      method: 'paypal',
      amount: order.balance,
      currency: 'USD',
      reference: asked.capture!.id,
      recordedBy: 'system',
    });
    expect(staff.audit.some((a) => a.action === 'order.payment' && a.actor.name === 'system')).toBe(true);

    // Back again (reload, double redirect) and PayPal's webhook for the same capture: nothing more,
    // not even a capture call; the buyer is told PayPal did not charge again.
    const again = await t.app.inject({ method: 'GET', url: local(back) });
    expect(again.headers.location).toBe(`/order/${order.id}?paypal=alreadyPaid`);
    const delivery = paypal.captureCompletedDelivery(asked.id);
    const hook = await t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: delivery.headers, payload: delivery.body });
    expect(hook.statusCode).toBe(200);
    staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(1);
    expect(staff.audit.filter((a) => a.action === 'order.payment')).toHaveLength(1);
    expect(paypal.calls.filter((c) => c.endsWith('/capture'))).toHaveLength(1);
    // The SDK keeps its OAuth token: one token for every call so far.
    expect(paypal.calls.filter((c) => c.endsWith('/oauth2/token'))).toHaveLength(1);

    // One "payment received" mail.
    const mail = await mailbox.next(b.email);
    expect(mail.subject).toContain(String(order.id));
    await new Promise((r) => setTimeout(r, 500));
    expect(mailbox.messages.filter((m) => m.rcptTo.includes(b.email) && /payment/i.test(m.subject))).toHaveLength(1);
  });

  it('records a capture the buyer never came back for from the verified webhook, once', async () => {
    const b = await buyer();
    const order = await placeOrder(b.call, 'paypal', 'CNY');
    const started = await b.call('POST', `/api/orders/${order.id}/paypal`);
    expect(paypal.orders.get(started.body.paypalOrderId)!.amount.currency_code).toBe('CNY');
    await paypal.approve(started.body.paypalOrderId);
    // PayPal captured (e.g. the buyer closed the tab on the way back): simulate it on the stand-in's side.
    const captured = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const cap = await fetch(`${paypal.url}/v2/checkout/orders/${started.body.paypalOrderId}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${captured.access_token}`, 'content-type': 'application/json' },
    });
    expect(cap.status).toBe(201);

    const delivery = paypal.captureCompletedDelivery(started.body.paypalOrderId);
    for (let i = 0; i < 2; i++) {
      const hook = await t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: delivery.headers, payload: delivery.body });
      expect(hook.statusCode).toBe(200);
    }
    const staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(1);
    expect(staff.paymentStatus).toBe('paid');
    // The buyer's late return finds it captured and recorded: nothing more is charged.
    const ret = await t.app.inject({ method: 'GET', url: `/api/paypal/return?token=${started.body.paypalOrderId}` });
    expect(ret.headers.location).toBe(`/order/${order.id}?paypal=alreadyPaid`);
    expect((await staffView(order.id)).payments).toHaveLength(1);
  });

  it('refuses a forged or altered webhook with 400 and records nothing', async () => {
    const b = await buyer();
    const order = await placeOrder(b.call);
    const started = await b.call('POST', `/api/orders/${order.id}/paypal`);
    await paypal.approve(started.body.paypalOrderId);
    // Captured on PayPal's side only through the shop's return, which we skip: forge the event instead.
    const real = paypal.orders.get(started.body.paypalOrderId)!;
    const event = {
      id: 'WH-FORGED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAPFORGED', status: 'COMPLETED', amount: real.amount, supplementary_data: { related_ids: { order_id: real.id } } },
    };
    const signed = paypal.signedDelivery(event);
    const attempts = [
      // Signed by someone else (made-up signature).
      { headers: { ...signed.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') }, payload: signed.body },
      // A genuine delivery whose body was changed on the way.
      { headers: signed.headers, payload: signed.body.replace('CAPFORGED', 'CAPFORGED2') },
      // No PayPal headers at all.
      { headers: { 'content-type': 'application/json' }, payload: signed.body },
      // Not JSON.
      { headers: signed.headers, payload: 'not json' },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: a.headers, payload: a.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    expect((await staffView(order.id)).payments).toHaveLength(0);
  });

  it('does not record a capture of another amount or currency than asked', async () => {
    const b = await buyer();
    const order = await placeOrder(b.call);
    const started = await b.call('POST', `/api/orders/${order.id}/paypal`);
    const back = await paypal.approve(started.body.paypalOrderId);
    paypal.nextCapture = { value: '0.01' };
    const ret = await t.app.inject({ method: 'GET', url: local(back) });
    expect(ret.headers.location).toBe(`/order/${order.id}?paypal=failed`);
    const delivery = paypal.captureCompletedDelivery(started.body.paypalOrderId);
    expect((await t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: delivery.headers, payload: delivery.body })).statusCode).toBe(200);
    const staff = await staffView(order.id);
    expect(staff.payments).toHaveLength(0);
    expect(staff.paymentStatus).toBe('unpaid');
  });

  it('sends a buyer who cancels or did not approve back to the order, nothing recorded', async () => {
    const b = await buyer();
    const order = await placeOrder(b.call);
    const started = await b.call('POST', `/api/orders/${order.id}/paypal`);
    const cancel = await t.app.inject({ method: 'GET', url: `/api/paypal/cancel?token=${started.body.paypalOrderId}` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/order/${order.id}?paypal=cancelled`);
    // Coming to the return URL without approving: PayPal refuses the capture (ORDER_NOT_APPROVED).
    const ret = await t.app.inject({ method: 'GET', url: `/api/paypal/return?token=${started.body.paypalOrderId}` });
    expect(ret.headers.location).toBe(`/order/${order.id}?paypal=failed`);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/paypal/return?token=NOSUCHORDER' });
    expect(unknown.headers.location).toBe('/my-order?paypal=failed');
    expect((await staffView(order.id)).payments).toHaveLength(0);

    // The refused capture released its claim: the same PayPal order is offered again, approved, captured.
    const again = await b.call('POST', `/api/orders/${order.id}/paypal`);
    expect(again.body).toEqual(started.body);
    const back = await paypal.approve(started.body.paypalOrderId);
    expect((await t.app.inject({ method: 'GET', url: local(back) })).headers.location).toBe(`/order/${order.id}?paypal=paid`);
    expect((await staffView(order.id)).payments).toHaveLength(1);
  });

  it("answers 404 for another buyer's order and refuses orders PayPal cannot pay", async () => {
    const a = await buyer();
    const b = await buyer('zh');
    const order = await placeOrder(a.call);
    const other = await b.call('POST', `/api/orders/${order.id}/paypal`);
    expect(other.status).toBe(404);
    expect((await shopClient(t, undefined)('POST', `/api/orders/${order.id}/paypal`)).status).toBe(401);

    const tt = await placeOrder(b.call, 'tt');
    const notPayPal = await b.call('POST', `/api/orders/${tt.id}/paypal`);
    expect(notPayPal.status).toBe(409);
    expect(notPayPal.body.desc).toBe('该订单的付款方式不是 PayPal');

    // Paid in full by staff: nothing is due.
    await owner('POST', `/api/admin/orders/${order.id}/payments`, {
      body: { kind: 'payment', amount: order.balance, currency: order.currency, method: 'bankTransfer' },
    });
    const paid = await a.call('POST', `/api/orders/${order.id}/paypal`);
    expect(paid.status).toBe(409);
    expect(paid.body.desc).toBe('Nothing is due on this order');
  });
});

describe('PayPal without credentials', () => {
  let offline: ShopApp;
  beforeAll(async () => {
    offline = await createShopApp();
  });
  afterAll(async () => {
    await offline?.close();
  });

  it('stays invoice by e-mail: the config says offline and the endpoint answers a clear error in both languages', async () => {
    expect((await offline.app.inject({ method: 'GET', url: '/api/paypal/config' })).json()).toEqual({ online: false });
    const user = await offline.services.account.createUser({ account: `pp_${randomBytes(4).toString('hex')}`, name: 'Buyer' });
    const c = shopClient(offline, await offline.services.authn.issueUserToken(user.id));
    expect((await c('POST', '/api/cart/items', { body: { itemId: offline.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
    const placed = await c('POST', '/api/orders', { body: orderPayload({ payMethod: 'paypal' }), headers: { 'idempotency-key': randomUUID() } });
    const en = await c('POST', `/api/orders/${placed.body.id}/paypal`);
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ code: 'CONFLICT', desc: expect.stringContaining('invoice by e-mail') });
    const zh = await c('POST', `/api/orders/${placed.body.id}/paypal`, { lang: 'zh' });
    expect(zh.body.desc).toContain('电子邮件');
    const hook = await offline.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(hook.statusCode).toBe(400);
  });
});

describe('PayPal amounts and configuration', () => {
  it('writes and reads amounts as PayPal does', () => {
    expect(toPayPalValue(123_450)).toBe('1234.50');
    expect(toPayPalValue(5)).toBe('0.05');
    expect(fromPayPalValue('1234.5')).toBe(123_450);
    expect(fromPayPalValue('1234.50')).toBe(123_450);
    expect(fromPayPalValue('7')).toBe(700);
    expect(fromPayPalValue('1.234')).toBeUndefined();
    expect(fromPayPalValue('-1.00')).toBeUndefined();
  });

  it('needs both the client id and the secret, or neither', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'x' })).toThrow(/PAYPAL_CLIENT_SECRET/);
    expect(() => loadConfig({ PAYPAL_CLIENT_SECRET: 'x' })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ PAYPAL_ENVIRONMENT: 'live' })).toThrow(/PAYPAL_ENVIRONMENT/);
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'x', PAYPAL_CLIENT_SECRET: 'y' }).PAYPAL_ENVIRONMENT).toBe('sandbox');
  });
});
