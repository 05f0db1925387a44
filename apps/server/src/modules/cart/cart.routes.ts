import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCartAddBody,
  ZCartDeleteResult,
  ZCartInfo,
  ZCartItem,
  ZCartItemList,
  ZIdParams,
  ZCartQuantityBody,
  ZCartQuery,
  ZExpressFee,
  ZExpressFeeQuery,
  ZExpressFeesQuery,
  ZExpressChoices,
} from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { View } from '../catalog/catalog.module.js';
import type { CartService } from './cart.service.js';

async function userIdOf(request: FastifyRequest): Promise<number> {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return session.userId;
}
const viewOf = (request: FastifyRequest): View => ({ locale: request.locale, currency: request.currency });

const MONEY_NOTE = 'Money in the display currency (x-price-type), major units; weights kg; volumes m³. See docs/orders.md.';

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const common = { onRequest: app.requireUser };
  const security = [{ bearer: [] }];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/cart/items',
    {
      ...common,
      schema: {
        tags: ['cart'],
        summary: "The signed-in buyer's cart lines, most recently added first",
        description: `keyword filters by name (either language), brand, type or product id. ${MONEY_NOTE}`,
        security,
        querystring: ZCartQuery,
        response: { 200: ZCartItemList },
      },
    },
    async (request) => cart.list(await userIdOf(request), request.query.keyword, viewOf(request)),
  );

  app.post(
    '/cart/items',
    {
      ...common,
      schema: {
        tags: ['cart'],
        summary: 'Add a product (the same product and type again adds to its line)',
        description: `type is a product type code; quantity is floored to an integer and must be at least 1, the product's moq and a multiple of its orderMultiple (the resulting line quantity). At most 200 lines. ${MONEY_NOTE}`,
        security,
        body: ZCartAddBody,
        response: { 200: ZCartItem },
      },
    },
    async (request) => cart.add(await userIdOf(request), request.body, viewOf(request)),
  );

  app.get(
    '/cart/items/:id',
    { ...common, schema: { tags: ['cart'], summary: 'One cart line', security, params: ZIdParams, response: { 200: ZCartItem } } },
    async (request) => cart.get(await userIdOf(request), request.params.id, viewOf(request)),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/cart/items/:id',
      {
        ...common,
        schema: {
          tags: ['cart'],
          summary: 'Change the quantity of a cart line',
          description: 'quantity is floored to an integer; below 1, below the moq or not a multiple of orderMultiple answers 400.',
          security,
          params: ZIdParams,
          body: ZCartQuantityBody,
          response: { 200: ZCartItem },
        },
      },
      async (request) => cart.setQuantity(await userIdOf(request), request.params.id, request.body.quantity, viewOf(request)),
    );
  }

  app.delete(
    '/cart/items/:id',
    { ...common, schema: { tags: ['cart'], summary: 'Remove a cart line', security, params: ZIdParams, response: { 200: ZCartDeleteResult } } },
    async (request) => {
      await cart.remove(await userIdOf(request), request.params.id);
      return { ok: true as const, id: request.params.id };
    },
  );

  app.get(
    '/cart/info',
    {
      ...common,
      schema: {
        tags: ['cart'],
        summary: 'Cart totals: lines, pieces, amounts, weights, volume, free-shipping threshold',
        description: MONEY_NOTE,
        security,
        response: { 200: ZCartInfo },
      },
    },
    async (request) => cart.info(await userIdOf(request), viewOf(request)),
  );

  app.get(
    '/cart/info/express-fee',
    {
      ...common,
      schema: {
        tags: ['cart'],
        summary: 'Shipping quote for the cart: freight, payment surcharge, free shipping',
        description: `totalPrice = freight + payment surcharge. Weights come from the cart; totalGw and totalVolumeWeight are accepted and ignored. ${MONEY_NOTE}`,
        security,
        querystring: ZExpressFeeQuery,
        response: { 200: ZExpressFee },
      },
    },
    async (request) => cart.expressFee(await userIdOf(request), request.query, viewOf(request)),
  );

  app.get(
    '/cart/info/express-fees',
    {
      ...common,
      schema: {
        tags: ['cart'],
        summary: 'Every shipping method quoted for the cart at once, or why it cannot carry it',
        description: `One entry per active method: available with the same quote as /cart/info/express-fee, or unavailable with the reason (zone not served, over the weight limit) in the request's language. ${MONEY_NOTE}`,
        security,
        querystring: ZExpressFeesQuery,
        response: { 200: ZExpressChoices },
      },
    },
    async (request) => cart.expressFees(await userIdOf(request), request.query, viewOf(request)),
  );
};
