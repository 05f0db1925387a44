import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStaffOrderDetail, ZOrderIdParams, ZShipmentCreate } from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { OrdersStaff } from './orders.staff.js';

/** POST /api/admin/orders/{id}/shipments: one parcel of an order (docs/orders.md, Split shipments). */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const orderShipmentsRoutes: FastifyPluginAsyncZod<{ staff: OrdersStaff; actorOf: ActorOf }> = async (app, { staff, actorOf }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/admin/orders/:id/shipments',
    {
      // The role is checked before the body is read (403, never a 400 that tells the route's rules).
      onRequest: app.requireStaff('orders.fulfil'),
      schema: {
        tags: ['admin'],
        summary: 'Ship a parcel: carrier, tracking number and the pieces of each line in it',
        description:
          "A confirmed order leaves in one or more parcels (warehouse, sales, owner). Per line at most the packed pieces that have not left (409 naming the line); not on a cancelled order (409); an unpaid order needs shipUnpaid with a reason (sales, owner; 409 otherwise). The order is partly shipped until every packed piece has left, then it is outbound with this parcel's carrier and tracking number. The buyer gets one mail per parcel.",
        security: [{ bearer: [] }],
        params: ZOrderIdParams,
        body: ZShipmentCreate,
        response: { 201: ZStaffOrderDetail },
      },
    },
    async (request, reply) => {
      await staff.ship(await actorOf(request), request.params.id, request.body);
      return reply.status(201).send(await staff.detail(request.params.id, request.locale));
    },
  );
};
