import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStaffSearchQuery, ZStaffSearchResult } from '@cubeshop/shared';
import type { LookupService } from './lookup.service.js';

/**
 * The back office search box (docs/orders.md, Staff search): GET /api/admin/search?q=. Any staff
 * role may ask; the answer has only the kinds its role may read.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const lookupRoutes: FastifyPluginAsyncZod<{ lookup: LookupService }> = async (app, { lookup }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/admin/search',
    {
      // The role is checked before the query is validated (403, never 400, for a caller without the right).
      onRequest: app.requireAnyStaff,
      schema: {
        tags: ['admin'],
        summary: 'Search orders, customers and products at once (any staff role: the kinds it may read)',
        description:
          "q: words, each found as any part, any case (Chinese too). orders (owner, sales, warehouse): as the queue's q: order number, receiver's name, company or phone, buyer's account, name, e-mail or mobile. customers (owner, sales): as the customer list's q. products (owner, catalog): as the product list's keyword, archived ones too. Each section has the newest 5 matches with the staff page each opens, `more` when there are others, and `all`: the staff list with the same search. A role that may read none of them gets no sections.",
        security: [{ bearer: [] }],
        querystring: ZStaffSearchQuery,
        response: { 200: ZStaffSearchResult },
      },
    },
    async (request) => lookup.search(request.query.q, (await request.session())?.role ?? null, request.locale),
  );
};
