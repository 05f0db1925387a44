import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HEADER_IDEMPOTENCY_KEY,
  ZStaffOrderDetail,
  ZOrderCreated,
  ZOrderIdParams,
  ZOrderLineAdd,
  ZOrderLineParams,
  ZStaffOrderCreate,
  ZStaffOrderPreview,
} from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { OrdersStaff } from './orders.staff.js';
import type { StaffPlacedOrders } from './orders.staff-placed.js';

type OrdersStaffPlacedRoutesOptions = { staff: OrdersStaff; placed: StaffPlacedOrders; actorOf: ActorOf };

/**
 * Orders taken by staff for a buyer, and lines added or removed before the goods leave
 * (docs/orders.md, Orders taken for a buyer; Editing an order before it leaves). orders.sell
 * (owner, sales), checked before the body is read.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const ordersStaffPlacedRoutes: FastifyPluginAsyncZod<OrdersStaffPlacedRoutesOptions> = async (app, { staff, placed, actorOf }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const sell = { onRequest: app.requireStaff('orders.sell') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/admin/orders/preview',
    {
      ...sell,
      schema: {
        tags,
        summary: 'What an order taken for a buyer would come to (nothing is written)',
        description:
          "The same request as POST /api/admin/orders. Prices: the buyer's customer group and quantity tier, or the price staff set (order currency); freight: the rate table's quote for the address and method, or the fee staff set; the payment surcharge on both.",
        security,
        body: ZStaffOrderCreate,
        response: { 200: ZStaffOrderPreview },
      },
    },
    async (request) => placed.preview(await actorOf(request), request.body, request.locale),
  );

  app.post(
    '/admin/orders',
    {
      ...sell,
      schema: {
        tags,
        summary: 'Take an order for a buyer (ordered by WeChat, phone or e-mail)',
        description:
          'Needs the header Idempotency-Key (per buyer, as at checkout): the same key and body again answer the same {id} (200, idempotent-replayed: true), another body 409. Stock is reserved in the same transaction; the buyer gets the order mail and sees the order among theirs. Audited as order.place.',
        security,
        body: ZStaffOrderCreate,
        response: { 200: ZOrderCreated, 201: ZOrderCreated },
      },
    },
    async (request, reply) => {
      const raw = request.headers[HEADER_IDEMPOTENCY_KEY];
      const key = Array.isArray(raw) ? raw[0] : raw;
      const done = await placed.place(await actorOf(request), request.body, key, request.locale);
      if (done.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(done.replayed ? 200 : 201).send({ id: done.id });
    },
  );

  app.post(
    '/admin/orders/:id/lines',
    {
      ...sell,
      schema: {
        tags,
        summary: 'Add a line to an order before it is outbound',
        description:
          "A product at the buyer's price (customer group, quantity tier) or the price staff set; its pieces are reserved (409 when they are not available). 409 once the order is outbound or cancelled, or when the product and type are already in the order. Totals, balance and payment status follow; the buyer is mailed; audited as order.lineAdd.",
        security,
        params: ZOrderIdParams,
        body: ZOrderLineAdd,
        response: { 201: ZStaffOrderDetail },
      },
    },
    async (request, reply) => {
      await staff.addLine(await actorOf(request), request.params.id, request.body, request.locale);
      return reply.status(201).send(await staff.detail(request.params.id, request.locale));
    },
  );

  app.delete(
    '/admin/orders/:id/lines/:lineId',
    {
      ...sell,
      schema: {
        tags,
        summary: 'Remove a line from an order before it is outbound',
        description:
          'Its reserved pieces go back. 409 once the order is outbound or cancelled, for the last line (cancel the order instead) and for a line with pieces already in a parcel. Totals, balance and payment status follow; the buyer is mailed; audited as order.lineRemove.',
        security,
        params: ZOrderLineParams,
        response: { 200: ZStaffOrderDetail },
      },
    },
    async (request) => {
      await staff.removeLine(await actorOf(request), request.params.id, request.params.lineId, request.locale);
      return staff.detail(request.params.id, request.locale);
    },
  );
};
