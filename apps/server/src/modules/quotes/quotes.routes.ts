import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZStaffQuote,
  ZStaffQuoteList,
  ZStaffQuoteQuery,
  ZQuote,
  ZQuoteAccept,
  ZQuoteAccepted,
  ZQuoteIdParams,
  ZQuoteList,
  ZQuotePdfQuery,
  ZQuoteListQuery,
  ZQuoteRequest,
  ZQuoteUpdate,
  ZQuoteWithdraw,
} from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { ActorOf } from '../../plugins/auth.js';
import type { QuotesService } from './quotes.service.js';

async function userIdOf(request: FastifyRequest): Promise<number> {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return session.userId;
}

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * Quotes (docs/orders.md, Quotes): the buyer's routes under /api/quotes and the staff's under
 * /api/admin/quotes (orders.sell: owner and sales).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const quotesRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService; actorOf: ActorOf }> = async (app, { quotes, actorOf }) => {
  const security = [{ bearer: [] }];
  const buyer = { onRequest: app.requireUser };
  const staff = { onRequest: app.requireStaff('orders.sell') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/quotes',
    {
      ...buyer,
      schema: {
        tags: ['quotes'],
        summary: 'Ask for a quote for the cart',
        description:
          "The cart's lines (all, or cartItemIds) at the buyer's prices now, in the request's currency, with the buyer's message; the cart stays as it is. Sales staff answer it (GET /api/quotes/{id} shows the answer).",
        security,
        body: ZQuoteRequest,
        response: { 201: ZQuote },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await quotes.request(await userIdOf(request), request.body, { locale: request.locale, currency: request.currency })),
  );

  app.get(
    '/quotes',
    {
      ...buyer,
      schema: { tags: ['quotes'], summary: "The buyer's quotes, newest first", security, querystring: ZQuoteListQuery, response: { 200: ZQuoteList } },
    },
    async (request) => quotes.list(await userIdOf(request), request.query),
  );

  app.get(
    '/quotes/:id',
    {
      ...buyer,
      schema: {
        tags: ['quotes'],
        summary: 'One quote: lines, freight, total, validity, status and history',
        description: "The buyer's own quotes only (404 otherwise). status expired: sent, and its validity date has passed.",
        security,
        params: ZQuoteIdParams,
        response: { 200: ZQuote },
      },
    },
    async (request) => quotes.detail(await userIdOf(request), request.params.id, request.locale),
  );

  app.get(
    '/quotes/:id/pdf',
    {
      ...buyer,
      schema: {
        tags: ['quotes'],
        summary: 'The quotation as PDF',
        description: "The buyer's own quotes only (404 otherwise). lang: zh or en (default: the request's language).",
        security,
        params: ZQuoteIdParams,
        querystring: ZQuotePdfQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const doc = await quotes.pdf({ userId: await userIdOf(request), staff: false }, request.params.id, request.query.lang ?? request.locale);
      return reply.type('application/pdf').header('content-disposition', attachment(doc.fileName)).send(doc.pdf);
    },
  );

  app.post(
    '/quotes/:id/accept',
    {
      ...buyer,
      schema: {
        tags: ['quotes'],
        summary: 'Accept a quote: place its order at the quoted prices',
        description:
          "With the delivery address, shipping method and payment method an order takes. Places one order at the quoted unit prices and freight (a payment surcharge, if the method has one, is added); stock is reserved. Accepting again answers the same order (replayed: true). 409 with details.reason notSent, expired or withdrawn (and the reason in the caller's language) when it cannot be accepted.",
        security,
        params: ZQuoteIdParams,
        body: ZQuoteAccept,
        response: { 200: ZQuoteAccepted, 201: ZQuoteAccepted },
      },
    },
    async (request, reply) => {
      const accepted = await quotes.accept(await userIdOf(request), request.params.id, request.body, request.locale);
      return reply.status(accepted.replayed ? 200 : 201).send(accepted);
    },
  );

  app.get(
    '/admin/quotes',
    {
      ...staff,
      schema: {
        tags: ['admin'],
        summary: 'Quote requests and quotes (sales, owner)',
        description:
          'status: open (default; requested and sent and still valid, oldest first), requested, sent, expired, accepted or withdrawn (newest change first).',
        security,
        querystring: ZStaffQuoteQuery,
        response: { 200: ZStaffQuoteList },
      },
    },
    async (request) => quotes.queue(request.query),
  );

  app.get(
    '/admin/quotes/:id',
    {
      ...staff,
      schema: {
        tags: ['admin'],
        summary: 'One quote with its buyer, internal note and history (sales, owner)',
        security,
        params: ZQuoteIdParams,
        response: { 200: ZStaffQuote },
      },
    },
    async (request) => quotes.staffDetail(request.params.id, request.locale),
  );

  app.put(
    '/admin/quotes/:id',
    {
      ...staff,
      schema: {
        tags: ['admin'],
        summary: 'Change a quote: lines, unit prices, freight, validity date, internal note (sales, owner)',
        description:
          "The whole list of lines (itemId, type, quantity, unitPrice in the quote's currency; a product not on the quote is added, a line left out is removed). validUntil: YYYY-MM-DD, valid through that day (UTC+8). A sent quote goes back to requested until it is sent again. 409 once accepted or withdrawn.",
        security,
        params: ZQuoteIdParams,
        body: ZQuoteUpdate,
        response: { 200: ZStaffQuote },
      },
    },
    async (request) => quotes.update(await actorOf(request), request.params.id, request.body, request.locale),
  );

  app.post(
    '/admin/quotes/:id/send',
    {
      ...staff,
      schema: {
        tags: ['admin'],
        summary: 'Send a quote to the buyer (sales, owner)',
        description:
          'Every line priced, the freight set and a validity date from today on (400 naming the field otherwise). The buyer is e-mailed a link to the quote.',
        security,
        params: ZQuoteIdParams,
        response: { 200: ZStaffQuote },
      },
    },
    async (request) => quotes.send(await actorOf(request), request.params.id, request.locale),
  );

  app.post(
    '/admin/quotes/:id/withdraw',
    {
      ...staff,
      schema: {
        tags: ['admin'],
        summary: 'Withdraw a quote (sales, owner)',
        description: 'The buyer can no longer accept it and reads the reason. 409 once accepted or withdrawn.',
        security,
        params: ZQuoteIdParams,
        body: ZQuoteWithdraw,
        response: { 200: ZStaffQuote },
      },
    },
    async (request) => quotes.withdraw(await actorOf(request), request.params.id, request.body, request.locale),
  );

  app.get(
    '/admin/quotes/:id/pdf',
    {
      ...staff,
      schema: {
        tags: ['admin'],
        summary: 'The quotation as PDF, as the buyer reads it (sales, owner)',
        security,
        params: ZQuoteIdParams,
        querystring: ZQuotePdfQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const doc = await quotes.pdf({ userId: 0, staff: true }, request.params.id, request.query.lang ?? request.locale);
      return reply.type('application/pdf').header('content-disposition', attachment(doc.fileName)).send(doc.pdf);
    },
  );
};
