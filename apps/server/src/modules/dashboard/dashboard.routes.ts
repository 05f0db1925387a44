import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboard, ZDashboardQuery } from '@cubeshop/shared';
import type { FastifyReply } from 'fastify';
import { sendPrecompressed } from '../../lib/compressed.js';
import type { DashboardService } from './dashboard.service.js';

/** The sales dashboard, the back office's first screen for the owner and sales (dashboard.read). */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/admin/dashboard',
    {
      onRequest: app.requireStaff('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'The sales dashboard: orders, revenue, payments, best sellers and new buyers per day (owner, sales)',
        description:
          'from/to: shop days (UTC+8, as the order queue), both counted; by default the last 30 days ending today; at most 366 days. Per day and in each currency separately (CNY, USD; never added together): orders placed and revenue (what the orders owe: charged less credit notes, 0 once cancelled), new buyers (first order ever). Orders not cancelled split into paid (nothing left to pay) and unpaid (something left: toPay). The 10 products and brands with the most pieces charged. Now, whatever the range: products in the low stock state and their low styles, open after-sales requests, chat conversations waiting and served. Answers are reused for up to 5 s and dropped when an order is placed or changed.',
        security: [{ bearer: [] }],
        querystring: ZDashboardQuery,
        response: { 200: ZDashboard },
      },
    },
    async (request, typedReply) => {
      // The service answers one object until its sums or what waits reload: it is checked against
      // the schema, written out and compressed once, not for every reader (90 days: about 16 kB).
      const reply = typedReply as unknown as FastifyReply;
      const answer = await dashboard.get(request.query);
      reply.header('cache-control', 'private, no-store');
      return sendPrecompressed(request, reply, answer, 'application/json; charset=utf-8', () => JSON.stringify(ZDashboard.parse(answer)));
    },
  );
};
