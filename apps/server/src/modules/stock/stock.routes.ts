import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZStockAdjust, ZStockLevels, ZStockSheet, ZStockSheetQuery, ZStockSummary } from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { StockStaff } from './stock.staff.js';

/**
 * Stock (docs/catalog.md, Stock): staff read and set pieces on hand per type (stock.manage:
 * owner, catalog, warehouse; audited), and the public count behind the pages' "in stock" claims.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockStaff; actorOf: ActorOf }> = async (app, { stock, actorOf }) => {
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
    '/admin/stock',
    {
      ...manage,
      schema: {
        tags,
        summary: "The stock screen: products on sale with every style's pieces (owner, catalog, warehouse)",
        description:
          "keyword: a product id, a barcode or words of the names (as the staff product list). stockStatus: only products in that state (low: at most their low-stock mark available). Each product lists its styles (one with code '' when it has none) with on hand, reserved, available and the style's own state; no prices.",
        security,
        querystring: ZStockSheetQuery,
        response: { 200: ZStockSheet },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return stock.sheet(request.query);
    },
  );

  app.get(
    '/admin/items/:id/stock',
    {
      ...manage,
      schema: {
        tags,
        summary: "A product's stock per type: on hand, reserved, available (owner, catalog, warehouse)",
        security,
        params: ZIdParams,
        response: { 200: ZStockLevels },
      },
    },
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
          "lines: [{typeCode, onHand}] ('' for a product without types); types not listed stay as they are; reserved pieces (open orders) never change here. reason (optional, up to 500 characters): why (a recount, damaged goods), the audit entry's note. Audited as stock.adjust with before and after. Answers every type's on hand, reserved and available.",
        security,
        params: ZIdParams,
        body: ZStockAdjust,
        response: { 200: ZStockLevels },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return stock.adjust(await actorOf(request), request.params.id, request.body.lines, request.body.reason);
    },
  );
};
