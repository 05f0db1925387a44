import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOrderIdParams, ZPayPalCheckout, ZPayPalConfig } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import { WEBHOOK_VERIFY_CONCURRENCY, type PayPalService } from './paypal.service.js';

/** The webhook's body limit and its requests per source (docs/orders.md, PayPal): PayPal delivers again after a 429. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
export const WEBHOOK_RATE = { max: 60, timeWindow: '1 minute' } as const;

const ZReturnQuery = z.object({ token: z.string().max(64).optional() });
const ZOk = z.object({ ok: z.literal(true) });

/**
 * PayPal online payment (docs/orders.md, PayPal): GET /api/paypal/config, POST
 * /api/orders/{id}/paypal, the buyer's way back from PayPal (GET /api/paypal/return and /cancel,
 * answered with a redirect to the order page) and POST /api/paypal/webhook.
 */
export const paypalRoutes: FastifyPluginAsyncZod<{ paypal: PayPalService; publicOrigin?: string | undefined }> = async (app, { paypal, publicOrigin }) => {
  const originOf = (request: FastifyRequest) => publicOrigin?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  const orderPage = (orderId: number | undefined, outcome: string) => (orderId ? `/order/${orderId}?paypal=${outcome}` : `/my-order?paypal=${outcome}`);

  app.get(
    '/paypal/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Whether buyers who chose PayPal pay online (else PayPal sends an invoice by e-mail)',
        response: { 200: ZPayPalConfig },
      },
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify handler: async, so its answer (or throw) becomes the reply
    async () => ({ online: paypal.online }),
  );

  app.post(
    '/orders/:id/paypal',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "Pay the balance of the buyer's order with PayPal",
        description:
          "The buyer's own order, paid by PayPal, not cancelled, with a balance: a PayPal order (Orders v2, intent CAPTURE) for the balance in the order's currency. An order has one open PayPal order: asked again for the same balance (another tab) the answer is the same approveUrl; after the balance changed, the old one is voided and a new one made. Send the buyer to approveUrl; PayPal sends them back to /api/paypal/return, which captures the payment if the order still owes at least that much, records it and redirects to /order/{id}?paypal=paid|pending|failed|alreadyPaid|amountChanged|orderCancelled (cancelled from /api/paypal/cancel). 409 when PayPal online is off (no credentials: invoice by e-mail), the order cannot be paid so, or its PayPal payment is being captured right now.",
        security: [{ bearer: [] }],
        params: ZOrderIdParams,
        response: { 200: ZPayPalCheckout },
      },
    },
    async (request, reply) => {
      const session = await request.session();
      if (!session?.userId) throw unauthorized();
      reply.header('cache-control', 'private, no-store');
      return paypal.checkout(session.userId, request.params.id, originOf(request), request.locale);
    },
  );

  app.get(
    '/paypal/return',
    {
      schema: {
        tags: ['payments'],
        summary: 'PayPal sends the buyer back here after approving: capture, record, redirect to the order',
        description:
          "Captured only if the order is not cancelled and still owes at least the PayPal order's amount (re-read under the order's lock); else the PayPal order is voided, nothing is charged, and the order page says alreadyPaid, amountChanged or orderCancelled. A return of an already captured PayPal order captures nothing (alreadyPaid).",
        querystring: ZReturnQuery,
      },
    },
    async (request, reply) => {
      const done = request.query.token ? await paypal.complete(request.query.token) : undefined;
      return reply.header('cache-control', 'no-store').redirect(orderPage(done?.orderId, done?.outcome ?? 'failed'), 303);
    },
  );

  app.get(
    '/paypal/cancel',
    { schema: { tags: ['payments'], summary: 'PayPal sends the buyer back here after cancelling: redirect to the order', querystring: ZReturnQuery } },
    async (request, reply) => {
      const orderId = request.query.token ? await paypal.orderOf(request.query.token) : undefined;
      return reply.header('cache-control', 'no-store').redirect(orderPage(orderId, 'cancelled'), 303);
    },
  );

  // The webhook reads its body as the raw text PayPal signed: verification passes the event on unchanged.
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    // A capture event is a few KB; 64 KB is generous and keeps a flood's bodies small.
    hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    hook.post(
      '/paypal/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'PayPal webhook (PAYMENT.CAPTURE.COMPLETED records the capture)',
          description: `Each delivery is verified with PayPal (verify-webhook-signature against PAYPAL_WEBHOOK_ID); unverified: 400 and nothing is recorded. Checked first, without calling PayPal: PayPal's signature headers, a JSON body of at most ${WEBHOOK_BODY_LIMIT / 1024} KB, the event type (others: 200, ignored) and a PayPal order of the shop's; ${WEBHOOK_RATE.max} requests a minute per source (429), at most ${WEBHOOK_VERIFY_CONCURRENCY} verifications at once (503).`,
          response: { 200: ZOk },
        },
        config: { rateLimit: { max: WEBHOOK_RATE.max, timeWindow: WEBHOOK_RATE.timeWindow } },
      },
      async (request) => {
        await paypal.webhook({ headers: request.headers, rawEvent: typeof request.body === 'string' ? request.body : '' });
        return { ok: true as const };
      },
    );
  });
};
