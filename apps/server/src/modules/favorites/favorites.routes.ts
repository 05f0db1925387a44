import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { digitsToNumber, ZFavoriteBody, ZFavoriteResult, ZPageQuery, ZProductList } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { FastifyRequest } from 'fastify';
import type { FavoritesService } from './favorites.service.js';

async function userIdOf(request: FastifyRequest): Promise<number> {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return session.userId;
}

const ZItemIdParams = z.object({ itemId: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) });

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (app, { favorites }) => {
  app.get(
    '/favorites',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: "The signed-in buyer's favourites, most recent first",
        security: [{ bearer: [] }],
        querystring: ZPageQuery,
        response: { 200: ZProductList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return favorites.list(await userIdOf(request), request.query, { locale: request.locale, currency: request.currency });
    },
  );

  app.post(
    '/favorites',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Favourite a product (adding twice is fine)',
        security: [{ bearer: [] }],
        body: ZFavoriteBody,
        response: { 200: ZFavoriteResult },
      },
    },
    async (request) => {
      await favorites.add(await userIdOf(request), request.body.itemId);
      return { itemId: request.body.itemId, favorite: true };
    },
  );

  app.delete(
    '/favorites/:itemId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Remove a favourite (removing one that is not there is fine)',
        security: [{ bearer: [] }],
        params: ZItemIdParams,
        response: { 200: ZFavoriteResult },
      },
    },
    async (request) => {
      await favorites.remove(await userIdOf(request), request.params.itemId);
      return { itemId: request.params.itemId, favorite: false };
    },
  );
};
