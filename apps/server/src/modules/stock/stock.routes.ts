import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminIdParams, ZStockAdjust, ZStockLevels, ZStockSummary } from '@cubeshop/shared';
import type { StaffActor } from '../audit/audit.service.js';
import type { StockAdmin } from './stock.admin.js';

type ActorOf = (request: FastifyRequest) => Promise<StaffActor>;

/**
 * Stock (docs/catalog.md, Stock): staff read and set pieces on hand per type (stock.manage:
 * owner, catalog, warehouse; audited), and the public count behind the pages' "in stock" claims.
 */
export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockAdmin; actorOf: ActorOf }> = async (app, { stock, actorOf }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const manage = { onRequest: app.requireStaff('stock.manage') };

  app.get(
    '/stock/summary',
    { schema: { tags: ['catalog'], summary: 'How many products on sale are in stock (the pages\' "N+ SKUs in stock")', response: { 200: ZStockSummary } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return stock.summary();
    },
  );

  app.get(
    '/admin/items/:id/stock',
    { ...manage, schema: { tags, summary: 'A product\'s stock per type: on hand, reserved, available (owner, catalog, warehouse)', security, params: ZAdminIdParams, response: { 200: ZStockLevels } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return stock.levels(request.params.id);
    },
  );

  app.put(
    '/admin/items/:id/stock',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Set pieces on hand per type (owner, catalog, warehouse)',
        description:
          "lines: [{typeCode, onHand}] ('' for a product without types); types not listed stay as they are; reserved pieces (open orders) never change here. Audited as stock.adjust with before and after. Answers every type's on hand, reserved and available.",
        security,
        params: ZAdminIdParams,
        body: ZStockAdjust,
        response: { 200: ZStockLevels },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return stock.adjust(await actorOf(request), request.params.id, request.body.lines);
    },
  );
};
