import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TOrderDetail } from '@cubeshop/shared';
import { randomIp } from '../../test/accounts.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../test/paypal.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { WEBHOOK_RATE } from './paypal.routes.js';

// POST /api/paypal/webhook is open to anyone, and verifying a delivery is a call to PayPal
// (docs/orders.md, PayPal; docs/security.md). A flood must cost no outbound calls: deliveries
// without PayPal's signature headers, with a certificate elsewhere, of another event type, about
// no order of ours, not JSON or too large are answered without asking PayPal (counted on the
// local PayPal stand-in), and one source gets WEBHOOK_RATE.max requests a minute, then 429.
let paypal: PayPalStandIn;
let t: ShopApp;
let owner: ShopCall;

const verifications = () => paypal.calls.filter((c) => c === 'POST /v1/notifications/verify-webhook-signature').length;
const post = (headers: Record<string, string>, payload: string, ip = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers, payload, remoteAddress: ip });

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  t = await createShopApp({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
  });
  const user = await t.services.account.createUser({ account: `owner_${randomBytes(3).toString('hex')}`, name: 'Owner', role: 'owner' });
  owner = shopClient(t, await t.services.authn.issueUserToken(user.id));
});
afterAll(async () => {
  await t?.close();
  await paypal?.close();
});

/** A buyer's order paid with PayPal on PayPal's side (captured there), not yet recorded by the shop. */
async function capturedOnPayPal(): Promise<{ order: TOrderDetail; paypalOrderId: string }> {
  const user = await t.services.account.createUser({ account: `pp_${randomBytes(4).toString('hex')}`, name: 'Pat' });
  const c = shopClient(t, await t.services.authn.issueUserToken(user.id));
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload({ payMethod: 'paypal' }), headers: { 'idempotency-key': randomUUID() }, currency: 'USD' });
  const order = (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
  const started = await c('POST', `/api/orders/${order.id}/paypal`);
  const paypalOrderId = started.body.paypalOrderId as string;
  await paypal.approve(paypalOrderId);
  const token = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const cap = await fetch(`${paypal.url}/v2/checkout/orders/${paypalOrderId}/capture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
  });
  expect(cap.status).toBe(201);
  return { order, paypalOrderId };
}

describe('PayPal webhook under a flood', () => {
  it('answers what cannot be a delivery for one of our captures without a call to PayPal', async () => {
    const { paypalOrderId } = await capturedOnPayPal();
    const genuine = paypal.captureCompletedDelivery(paypalOrderId);
    const event = JSON.parse(genuine.body) as Record<string, unknown>;
    const before = verifications();
    const floods: [string, () => ReturnType<typeof post>, number][] = [
      ['no PayPal headers', () => post({ 'content-type': 'application/json' }, genuine.body), 400],
      ['a certificate on another host', () => post({ ...genuine.headers, 'paypal-cert-url': 'https://ev.il/v1/notifications/certs/CERT' }, genuine.body), 400],
      ['an algorithm that is no name', () => post({ ...genuine.headers, 'paypal-auth-algo': 'SHA256withRSA; x=<script>' }, genuine.body), 400],
      [
        'an event type the shop does not handle',
        () =>
          post(
            paypal.signedDelivery({ ...event, event_type: 'CUSTOMER.DISPUTE.CREATED' }).headers,
            JSON.stringify({ ...event, event_type: 'CUSTOMER.DISPUTE.CREATED' }),
          ),
        200,
      ],
      [
        'a capture of no order of ours',
        () => {
          const other = {
            ...event,
            resource: { id: 'CAP-X', status: 'COMPLETED', supplementary_data: { related_ids: { order_id: `NOT-OURS-${randomBytes(4).toString('hex')}` } } },
          };
          return post(paypal.signedDelivery(other).headers, JSON.stringify(other));
        },
        200,
      ],
      ['not JSON', () => post(genuine.headers, 'not json'), 400],
      ['a JSON array', () => post(genuine.headers, '[1,2,3]'), 400],
      ['a body over 64 KB', () => post(genuine.headers, JSON.stringify({ ...event, padding: 'x'.repeat(70 * 1024) })), 413],
    ];
    for (const [what, send, status] of floods) {
      for (let i = 0; i < 25; i++) {
        const res = await send();
        expect(res.statusCode, what).toBe(status);
      }
    }
    expect(verifications() - before).toBe(0);
    // The genuine delivery is verified (one call) and recorded.
    expect((await post(genuine.headers, genuine.body)).statusCode).toBe(200);
    expect(verifications() - before).toBe(1);
  });

  it('gives one source a limited number of deliveries a minute, so forged ones cost a bounded number of calls', async () => {
    const { order, paypalOrderId } = await capturedOnPayPal();
    const genuine = paypal.captureCompletedDelivery(paypalOrderId);
    const forged = { ...genuine.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    const flooder = randomIp();
    const before = verifications();
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOK_RATE.max + 40; i++) statuses.push((await post(forged, genuine.body, flooder)).statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(WEBHOOK_RATE.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect(verifications() - before).toBe(WEBHOOK_RATE.max);
    // PayPal's own delivery from its address still gets through, and the capture is recorded once.
    expect((await post(genuine.headers, genuine.body)).statusCode).toBe(200);
    const staff = (await owner<TStaffOrderDetail>('GET', `/api/admin/orders/${order.id}`)).body;
    expect(staff.payments).toHaveLength(1);
  });
});
