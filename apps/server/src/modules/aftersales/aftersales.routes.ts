import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_REQUEST_PHOTO_MAX_BYTES,
  ORDER_REQUEST_PHOTOS_MAX,
  ZStaffOrderRequests,
  ZStaffRequestList,
  ZStaffRequestQuery,
  ZOrderIdParams,
  ZOrderRequestCreate,
  ZOrderRequests,
  ZRequestDecided,
  ZRequestDecision,
  ZIdParams,
  ZRequestPhotoParams,
} from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { ActorOf } from '../../plugins/auth.js';
import type { AftersalesService } from './aftersales.service.js';

/** JSON with every photo as base64 (4 characters per 3 bytes), plus room for the reason. */
const BODY_LIMIT = ORDER_REQUEST_PHOTOS_MAX * Math.ceil((ORDER_REQUEST_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;

async function sessionOf(request: FastifyRequest) {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return { userId: session.userId, role: session.role };
}

/**
 * After-sales requests (docs/orders.md, After-sales): the buyer's routes under /api/orders/{id}/requests
 * and the staff's under /api/admin/requests.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const aftersalesRoutes: FastifyPluginAsyncZod<{ aftersales: AftersalesService; actorOf: ActorOf }> = async (app, { aftersales, actorOf }) => {
  const security = [{ bearer: [] }];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/orders/:id/requests',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "An order's cancellation and return requests, and which may be made now",
        description:
          'Newest first. canRequest: cancel while the order has not left the warehouse; return within 7 days of delivery; one open request at a time.',
        security,
        params: ZOrderIdParams,
        response: { 200: ZOrderRequests },
      },
    },
    async (request) => aftersales.forBuyer((await sessionOf(request)).userId, request.params.id),
  );

  app.post(
    '/orders/:id/requests',
    {
      onRequest: app.requireUser,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['orders'],
        summary: 'Ask to cancel or return an order',
        description: `kind cancel: only while the order is confirmed (not outbound). kind return: once delivered, within 7 days. reason is required; photos are up to ${ORDER_REQUEST_PHOTOS_MAX} JPEG, PNG or WebP images as data URLs, ${ORDER_REQUEST_PHOTO_MAX_BYTES / 1024 / 1024} MB each. 409 (details.reason: cancelled, alreadyOpen, outbound, notDelivered, returnWindowOver, returned) when the order does not allow it now.`,
        security,
        params: ZOrderIdParams,
        body: ZOrderRequestCreate,
        response: { 201: ZOrderRequests },
      },
    },
    async (request, reply) => reply.status(201).send(await aftersales.create((await sessionOf(request)).userId, request.params.id, request.body)),
  );

  app.get(
    '/orders/:id/requests/:requestId/photos/:index',
    {
      onRequest: app.requireUser,
      schema: { tags: ['orders'], summary: "A request's photo (WebP): the order's buyer and staff only", security, params: ZRequestPhotoParams },
    },
    async (request, reply) => {
      const bytes = await aftersales.photo(await sessionOf(request), request.params.id, request.params.requestId, request.params.index);
      return reply.type('image/webp').header('x-content-type-options', 'nosniff').send(bytes);
    },
  );

  app.get(
    '/admin/requests',
    {
      onRequest: app.requireStaff('orders.sell'),
      schema: {
        tags: ['admin'],
        summary: 'After-sales requests to decide (sales, owner)',
        description: 'status open (default: oldest first), approved or refused (newest decision first).',
        security,
        querystring: ZStaffRequestQuery,
        response: { 200: ZStaffRequestList },
      },
    },
    async (request) => aftersales.queue(request.query),
  );

  app.get(
    '/admin/orders/:id/requests',
    {
      onRequest: app.requireStaff('orders.read'),
      schema: { tags: ['admin'], summary: "An order's after-sales requests", security, params: ZOrderIdParams, response: { 200: ZStaffOrderRequests } },
    },
    async (request) => aftersales.forOrder(request.params.id),
  );

  app.post(
    '/admin/requests/:id/decision',
    {
      onRequest: app.requireStaff('orders.sell'),
      schema: {
        tags: ['admin'],
        summary: 'Approve or refuse an after-sales request (sales, owner)',
        description:
          "Approving a cancellation cancels the order (with the buyer's reason) through the order state machine. Approving a return only marks it: record the refund with POST /api/admin/orders/{id}/payments (kind refund). refundDue: money received and not refunded yet. Refusing needs a note. The buyer is e-mailed.",
        security,
        params: ZIdParams,
        body: ZRequestDecision,
        response: { 200: ZRequestDecided },
      },
    },
    async (request) => aftersales.decide(await actorOf(request), request.params.id, request.body),
  );
};
