import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZStaffOrderDetail,
  ZStaffOrderList,
  ZStaffOrderQuery,
  ZCreditCreate,
  ZLineAdjustment,
  ZOrderIdParams,
  ZOrderLineParams,
  ZOrderNoteCreate,
  ZOrderTransition,
  ZPaymentCreate,
  ZRestockCreate,
  ZShippingFeeAdjustment,
} from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { OrdersStaff } from './orders.staff.js';
import type { OrderNotes } from './orders.notes.js';

type OrdersStaffRoutesOptions = { staff: OrdersStaff; notes: OrderNotes; actorOf: ActorOf };

/**
 * The staff order API (docs/orders.md, Back office): /api/admin/orders .... Each route names the capability it needs (shared STAFF capabilities);
 * the service checks the finer ones (cancelling needs orders.sell, packing orders.fulfil ...).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const ordersStaffRoutes: FastifyPluginAsyncZod<OrdersStaffRoutesOptions> = async (app, { staff, notes, actorOf }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  // The role is checked before the body is validated: a caller without the right learns nothing
  // about the route's rules (403, never 400).
  const read = { onRequest: app.requireStaff('orders.read') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/admin/orders',
    {
      ...read,
      schema: {
        tags,
        summary: 'The order queue (staff: owner, sales, warehouse)',
        description:
          "Filters: status, paymentStatus, logisticsStatus, from/to (days, UTC+8, inclusive), country, method (shipping), payMethod, amountMin/amountMax (order total in CNY), q (words, each found as any part, any case: of the order number, the receiver's name, company or phone, or the buyer's account, name, e-mail or mobile; also a whole product id or tracking number). sort: newest, oldest, totalDesc, totalAsc. counts: orders per status under the other filters.",
        security,
        querystring: ZStaffOrderQuery,
        response: { 200: ZStaffOrderList },
      },
    },
    async (request) => staff.queue(request.query, request.locale),
  );

  app.get(
    '/admin/orders/:id',
    {
      ...read,
      schema: { tags, summary: 'An order with its buyer, payments and audit trail', security, params: ZOrderIdParams, response: { 200: ZStaffOrderDetail } },
    },
    async (request) => staff.detail(request.params.id, request.locale),
  );

  app.post(
    '/admin/orders/:id/transitions',
    {
      ...read,
      schema: {
        tags,
        summary: 'Change status, logistics, tracking number or carrier',
        description:
          'Through the order state machine (docs/orders.md). Cancelling needs a reason (sales, owner). Outbound needs the order paid, or shipUnpaid with a reason (sales, owner). 409 names the rule a refused change breaks.',
        security,
        params: ZOrderIdParams,
        body: ZOrderTransition,
        response: { 200: ZStaffOrderDetail },
      },
    },
    async (request) => {
      await staff.transition(await actorOf(request), request.params.id, request.body);
      return staff.detail(request.params.id, request.locale);
    },
  );

  app.put(
    '/admin/orders/:id/lines/:lineId',
    {
      onRequest: app.requireStaff('orders.fulfil'),
      schema: {
        tags,
        summary: 'Record the packed quantity and/or actual unit price of a line',
        description:
          "actualQuantity (before the goods leave; the stock reservation follows): warehouse, sales, owner; actualPrice (order currency, at most 2 decimals): sales, owner. The order's actual total, balance and payment status follow; it may not fall below what was credited.",
        security,
        params: ZOrderLineParams,
        body: ZLineAdjustment,
        response: { 200: ZStaffOrderDetail },
      },
    },
    async (request) => {
      await staff.adjustLine(await actorOf(request), request.params.id, request.params.lineId, request.body);
      return staff.detail(request.params.id, request.locale);
    },
  );

  app.put(
    '/admin/orders/:id/shipping-fee',
    {
      onRequest: app.requireStaff('orders.sell'),
      schema: {
        tags,
        summary: 'Record the actual shipping fee (order currency)',
        security,
        params: ZOrderIdParams,
        body: ZShippingFeeAdjustment,
        response: { 200: ZStaffOrderDetail },
      },
    },
    async (request) => {
      await staff.setShippingFee(await actorOf(request), request.params.id, request.body.actualExpressFee);
      return staff.detail(request.params.id, request.locale);
    },
  );

  app.post(
    '/admin/orders/:id/payments',
    {
      onRequest: app.requireStaff('payments.record'),
      schema: {
        tags,
        summary: 'Record a payment received or a refund given',
        description:
          "The amount (at most 2 decimals) is converted to the order's currency at its exchange rate and must not round to nothing. A refund pays out at most what is owed back (409 otherwise); a payment beyond what is owed needs confirmOverpayment (409 with details.toPay otherwise). The balance and payment status are computed, never typed.",
        security,
        params: ZOrderIdParams,
        body: ZPaymentCreate,
        response: { 201: ZStaffOrderDetail },
      },
    },
    async (request, reply) => {
      await staff.recordPayment(await actorOf(request), request.params.id, request.body);
      return reply.status(201).send(await staff.detail(request.params.id, request.locale));
    },
  );

  app.post(
    '/admin/orders/:id/credits',
    {
      onRequest: app.requireStaff('orders.sell'),
      schema: {
        tags,
        summary: 'Issue a credit note: returned pieces and/or an amount off what the order owes',
        description:
          'lines: pieces that left with the order and are not credited yet, at the price charged; amount: freight or a goodwill reduction (order currency). The reason is shown to the buyer. At most what the order comes to less earlier credits; not on a cancelled order. The buyer is mailed; the balance may become a refund due.',
        security,
        params: ZOrderIdParams,
        body: ZCreditCreate,
        response: { 201: ZStaffOrderDetail },
      },
    },
    async (request, reply) => {
      await staff.credit(await actorOf(request), request.params.id, request.body);
      return reply.status(201).send(await staff.detail(request.params.id, request.locale));
    },
  );

  app.post(
    '/admin/orders/:id/restock',
    {
      onRequest: app.requireStaff('orders.fulfil'),
      schema: {
        tags,
        summary: 'Receive returned goods back into stock',
        description:
          'Per line, pieces that came back (at most what left less what came back before); they go on hand again for products whose stock is tracked. Audited.',
        security,
        params: ZOrderIdParams,
        body: ZRestockCreate,
        response: { 201: ZStaffOrderDetail },
      },
    },
    async (request, reply) => {
      await staff.restock(await actorOf(request), request.params.id, request.body);
      return reply.status(201).send(await staff.detail(request.params.id, request.locale));
    },
  );

  app.post(
    '/admin/orders/:id/notes',
    {
      ...read,
      schema: {
        tags,
        summary: 'Add an internal note or send the buyer a message',
        description:
          "kind note: internal, any staff member who reads orders. kind message: sales, owner; e-mailed to the buyer in their language and shown on the buyer's order page.",
        security,
        params: ZOrderIdParams,
        body: ZOrderNoteCreate,
        response: { 201: ZStaffOrderDetail },
      },
    },
    async (request, reply) => {
      await notes.add(await actorOf(request), request.params.id, request.body);
      return reply.status(201).send(await staff.detail(request.params.id, request.locale));
    },
  );
};
