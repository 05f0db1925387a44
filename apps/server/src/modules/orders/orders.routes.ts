import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HEADER_IDEMPOTENCY_KEY,
  ZIdParams,
  ZOrderCreate,
  ZOrderCreated,
  ZOrderDetail,
  ZOrderIdParams,
  ZOrderItemList,
  ZOrderItemsQuery,
  ZOrderLine,
  ZOrderList,
  ZOrderListQuery,
  ZReorderBody,
  ZReorderResult,
} from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { OrdersService } from './orders.service.js';

async function userIdOf(request: FastifyRequest): Promise<number> {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return session.userId;
}

/** Orders (docs/requirements.md, API): POST/GET /api/orders, GET /api/orders/{id}, GET /api/order/items[/{id}], POST /api/orders/reorder. */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const common = { onRequest: app.requireUser };
  const security = [{ bearer: [] }];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/orders',
    {
      ...common,
      schema: {
        tags: ['orders'],
        summary: 'Place an order from the cart',
        description:
          "Needs the header Idempotency-Key (1-100 visible ASCII characters, e.g. a UUID made when the buyer opened checkout). The server prices the cart lines (all, or cartItemIds) with today's catalog, quotes the shipping and the payment surcharge, and writes the order in one transaction; the lines leave the cart. Prices or totals in the body are ignored. The same key again answers the same {id} (200, header idempotent-replayed: true); the same key with a different body answers 409. New orders answer 201. See docs/orders.md.",
        security,
        body: ZOrderCreate,
        response: { 200: ZOrderCreated, 201: ZOrderCreated },
      },
    },
    async (request, reply) => {
      const raw = request.headers[HEADER_IDEMPOTENCY_KEY];
      const key = Array.isArray(raw) ? raw[0] : raw;
      const placed = await orders.place(await userIdOf(request), request.body, key, { locale: request.locale, currency: request.currency });
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(placed.replayed ? 200 : 201).send({ id: placed.id });
    },
  );

  app.get(
    '/orders',
    {
      ...common,
      schema: {
        tags: ['orders'],
        summary: "The buyer's orders, newest first",
        description: "Money in each order's own currency (fixed when it was placed). `status` filters.",
        security,
        querystring: ZOrderListQuery,
        response: { 200: ZOrderList },
      },
    },
    async (request) => orders.list(await userIdOf(request), request.query, request.locale),
  );

  app.get(
    '/orders/:id',
    {
      ...common,
      schema: {
        tags: ['orders'],
        summary: 'One order with lines, amounts, shipping, payment, address and status history',
        security,
        params: ZOrderIdParams,
        response: { 200: ZOrderDetail },
      },
    },
    async (request) => orders.detail(await userIdOf(request), request.params.id, request.locale),
  );

  app.post(
    '/orders/reorder',
    {
      ...common,
      schema: {
        tags: ['orders'],
        summary: "Put an order's products back in the cart at today's prices",
        description:
          "Quantities are raised to today's minimum order quantity and multiple where needed (adjusted: true). Products that are gone, types no longer offered and lines beyond the cart limit are listed in unavailable.",
        security,
        body: ZReorderBody,
        response: { 200: ZReorderResult },
      },
    },
    async (request) => orders.reorder(await userIdOf(request), request.body.id, request.locale),
  );

  app.get(
    '/order/items',
    {
      ...common,
      schema: {
        tags: ['orders'],
        summary: "The buyer's order lines, newest order first",
        security,
        querystring: ZOrderItemsQuery,
        response: { 200: ZOrderItemList },
      },
    },
    async (request) => orders.items(await userIdOf(request), request.query, request.locale),
  );

  app.get(
    '/order/items/:id',
    { ...common, schema: { tags: ['orders'], summary: 'One order line', security, params: ZIdParams, response: { 200: ZOrderLine } } },
    async (request) => orders.item(await userIdOf(request), request.params.id, request.locale),
  );
};
