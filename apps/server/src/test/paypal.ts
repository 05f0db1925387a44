import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A stand-in for PayPal's REST API on a loopback port (docs/orders.md, PayPal): the shop's server
 * runs with PAYPAL_API_URL pointing here and talks to it through the official SDK as it would to
 * PayPal. It implements what the shop uses, with PayPal's shapes and refusals:
 *   POST /v1/oauth2/token                          client credentials (Basic) -> bearer token
 *   POST /v2/checkout/orders                       intent CAPTURE, payment_source.paypal.experience_context
 *                                                  -> PAYER_ACTION_REQUIRED + 'payer-action' link
 *   GET  /v2/checkout/orders/{id}
 *   POST /v2/checkout/orders/{id}/capture          APPROVED -> COMPLETED; again: 422 ORDER_ALREADY_CAPTURED
 *                                                  (the same PayPal-Request-Id replays the first answer);
 *                                                  not approved: 422 ORDER_NOT_APPROVED; `captureCount`
 *                                                  counts the captures made (money taken)
 *   POST /v1/notifications/verify-webhook-signature -> {verification_status: SUCCESS | FAILURE}
 *   GET  /checkoutnow?token=                       the buyer's approval page: "Pay now" / "Cancel"
 *   GET  /checkoutnow/approve?token=               approves and redirects to return_url?token=&PayerID=
 *   GET  /checkoutnow/cancel?token=                redirects to cancel_url?token=
 *   GET  /health
 * Webhook deliveries are signed with a key only this stand-in knows (`signedDelivery`), so the
 * shop can verify them only by asking it, as with PayPal.
 * Run alone (the end-to-end suite): `tsx apps/server/src/test/paypal.ts` with PAYPAL_STANDIN_PORT,
 * PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID.
 */
export interface StandInOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
  customId: string | undefined;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  cancelUrl: string;
  capture?: { id: string; status: string; amount: { currency_code: string; value: string } };
  /** Capture answers by PayPal-Request-Id. */
  captureReplies: Map<string, unknown>;
}

export interface PayPalStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, StandInOrder>;
  /** Method and path of every API call (not the approval pages), in order. */
  calls: string[];
  /** The next capture comes out so (e.g. {status: 'PENDING'} or another amount); cleared after use. */
  nextCapture: Partial<{ status: string; value: string; currency_code: string }> | undefined;
  /** Captures made (money taken from a buyer), every order together; a replayed or refused capture call adds none. */
  readonly captureCount: number;
  /** Each capture call waits this long before it answers (a slow PayPal: returns that overlap). */
  captureDelayMs: number;
  /** The buyer approves on PayPal: the URL PayPal sends the buyer back to (return_url?token=&PayerID=). */
  approve(paypalOrderId: string): Promise<string>;
  /** A PAYMENT.CAPTURE.COMPLETED event for the order's capture, as PayPal would deliver it (headers, raw body). */
  captureCompletedDelivery(paypalOrderId: string): { headers: Record<string, string>; body: string };
  /** Any event, signed. */
  signedDelivery(event: unknown): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

/** Request bodies as the stand-in reads them: loosely typed JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const issue = (res: http.ServerResponse, status: number, name: string, code: string) =>
  json(res, status, { name, message: code, debug_id: randomBytes(6).toString('hex'), details: [{ issue: code, description: code }] });

async function readBody(req: http.IncomingMessage): Promise<string> {
  let raw = '';
  req.setEncoding('utf8');
  for await (const chunk of req) raw += chunk as string;
  return raw;
}

export async function startPayPalStandIn(
  options: { port?: number; clientId?: string; clientSecret?: string; webhookId?: string } = {},
): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? 'test-client';
  const clientSecret = options.clientSecret ?? 'test-secret';
  const webhookId = options.webhookId ?? 'WH-TEST-1';
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, StandInOrder>();
  const byRequestId = new Map<string, string>();
  const calls: string[] = [];
  let captures = 0;
  let url = '';

  const signature = (id: string, time: string, hookId: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${hookId}|${createHash('sha256').update(body).digest('hex')}`)
      .digest('base64');

  const orderBody = (o: StandInOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        reference_id: o.referenceId,
        ...(o.customId ? { custom_id: o.customId } : {}),
        amount: o.amount,
        ...(o.capture
          ? { payments: { captures: [{ ...o.capture, final_capture: true, create_time: new Date().toISOString(), update_time: new Date().toISOString() }] } }
          : {}),
      },
    ],
    links: [{ href: `${url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' }],
  });

  const api = async (req: http.IncomingMessage, res: http.ServerResponse, path: string) => {
    const raw = await readBody(req);
    calls.push(`${req.method} ${path}`);
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || !new URLSearchParams(raw).get('grant_type'))
        return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return json(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-TEST',
        expires_in: 32400,
        nonce: randomUUID(),
      });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return json(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    let body: Record<string, Json> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, Json>;
      } catch {
        return issue(res, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      }
    }
    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      if (requestId && byRequestId.has(requestId)) return json(res, 200, created(orders.get(byRequestId.get(requestId)!)!));
      const unit = body.purchase_units?.[0];
      const context = body.payment_source?.paypal?.experience_context;
      if (body.intent !== 'CAPTURE' || !unit?.amount?.currency_code || !/^\d+(\.\d{2})?$/.test(unit.amount.value ?? ''))
        return issue(res, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
      if (!context?.return_url || !context?.cancel_url) return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'MISSING_REQUIRED_PARAMETER');
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const order: StandInOrder = {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        referenceId: unit.reference_id ?? 'default',
        customId: unit.custom_id,
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        captureReplies: new Map(),
      };
      orders.set(id, order);
      if (requestId) byRequestId.set(requestId, id);
      return json(res, 200, created(order));
    }

    const m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    const order = m ? orders.get(m[1]!) : undefined;
    if (m && !order) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order && req.method === 'GET' && !m![2]) return json(res, 200, orderBody(order));
    if (order && req.method === 'POST' && m![2]) {
      if (standIn.captureDelayMs > 0) await new Promise((r) => setTimeout(r, standIn.captureDelayMs));
      if (requestId && order.captureReplies.has(requestId)) return json(res, 201, order.captureReplies.get(requestId));
      if (order.status === 'COMPLETED') return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      if (order.status !== 'APPROVED') return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      const tweak = standIn.nextCapture ?? {};
      standIn.nextCapture = undefined;
      order.status = 'COMPLETED';
      order.capture = {
        id: `CAP${String(++captures).padStart(4, '0')}${randomBytes(4).toString('hex').toUpperCase()}`,
        status: tweak.status ?? 'COMPLETED',
        amount: { currency_code: tweak.currency_code ?? order.amount.currency_code, value: tweak.value ?? order.amount.value },
      };
      const reply = orderBody(order);
      if (requestId) order.captureReplies.set(requestId, reply);
      return json(res, 201, reply);
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
      if (fields.some((f) => typeof body[f] !== 'string') || typeof body.webhook_event !== 'object')
        return issue(res, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
      const ok =
        body.webhook_id === webhookId &&
        body.cert_url.startsWith(`${url}/`) &&
        body.transmission_sig === signature(body.transmission_id, body.transmission_time, body.webhook_id, JSON.stringify(body.webhook_event));
      return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  };

  const created = (o: StandInOrder) => ({
    id: o.id,
    status: o.status,
    payment_source: { paypal: {} },
    links: [
      { href: `${url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      { href: `${url}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' },
    ],
  });

  const page = (res: http.ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal (stand-in)</title></head><body>${html}</body></html>`);
  };

  const server = http.createServer((req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://stand-in');
    const path = parsed.pathname;
    const token = parsed.searchParams.get('token') ?? '';
    const order = orders.get(token);
    if (req.method === 'GET' && path === '/health') return json(res, 200, { ok: true });
    if (req.method === 'GET' && path.startsWith('/checkoutnow')) {
      if (!order) return page(res, 404, '<h1>Unknown order</h1>');
      if (path === '/checkoutnow') {
        return page(
          res,
          200,
          `<h1>Pay ${order.amount.value} ${order.amount.currency_code}</h1><p><a id="pay" href="/checkoutnow/approve?token=${order.id}">Pay now</a></p><p><a id="cancel" href="/checkoutnow/cancel?token=${order.id}">Cancel and return to the shop</a></p>`,
        );
      }
      if (path === '/checkoutnow/approve') {
        if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
        res.writeHead(302, { location: `${order.returnUrl}?token=${order.id}&PayerID=BUYERTEST1` });
        return res.end();
      }
      if (path === '/checkoutnow/cancel') {
        res.writeHead(302, { location: `${order.cancelUrl}?token=${order.id}` });
        return res.end();
      }
    }
    api(req, res, path).catch((err: unknown) => json(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(err) }));
  });

  const signedDelivery = (event: unknown) => {
    const body = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-TEST`,
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature(id, time, webhookId, body),
      },
    };
  };

  const standIn: PayPalStandIn = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    orders,
    calls,
    nextCapture: undefined,
    get captureCount() {
      return captures;
    },
    captureDelayMs: 0,
    async approve(paypalOrderId) {
      const res = await fetch(`${url}/checkoutnow/approve?token=${paypalOrderId}`, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`approve answered ${res.status}`);
      return location;
    },
    captureCompletedDelivery(paypalOrderId) {
      const order = orders.get(paypalOrderId);
      if (!order?.capture) throw new Error(`order ${paypalOrderId} has no capture`);
      return signedDelivery({
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'capture',
        resource_version: '2.0',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: `Payment completed for ${order.capture.amount.value} ${order.capture.amount.currency_code}`,
        resource: {
          id: order.capture.id,
          status: order.capture.status,
          amount: order.capture.amount,
          final_capture: true,
          custom_id: order.customId,
          supplementary_data: { related_ids: { order_id: order.id } },
        },
      });
    },
    signedDelivery,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };

  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = url;
  return standIn;
}

// Run alone: the end-to-end suite's PayPal.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startPayPalStandIn({
    port: Number(process.env.PAYPAL_STANDIN_PORT ?? 2529),
    clientId: process.env.PAYPAL_CLIENT_ID,
    clientSecret: process.env.PAYPAL_CLIENT_SECRET,
    webhookId: process.env.PAYPAL_WEBHOOK_ID,
  });
  console.log(`PayPal stand-in on ${standIn.url}`);
}
