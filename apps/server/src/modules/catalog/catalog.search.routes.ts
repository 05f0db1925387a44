import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSearchTermList, ZSearchTermsQuery } from '@cubeshop/shared';
import type { CatalogSearch } from './catalog.search.service.js';

/**
 * What buyers search for (docs/catalog.md, Search): the most searched terms, or those that found
 * nothing, over the last N days. Needs search.read (owner, catalog, sales).
 */
export const catalogSearchRoutes: FastifyPluginAsyncZod<{ search: CatalogSearch }> = async (app, { search }) => {
  app.get(
    '/admin/search/terms',
    {
      preValidation: app.requireStaff('search.read'),
      onSend: async (_request, reply) => void reply.header('cache-control', 'private, no-store'),
      schema: {
        tags: ['admin'],
        summary: 'Most searched terms (kind=top) or terms that found nothing (kind=zero) over the last N days (owner, catalog, sales)',
        description: 'Keywords are normalised (NFKC, lower case, single spaces); nothing about who searched or when in the day is kept.',
        security: [{ bearer: [] }],
        querystring: ZSearchTermsQuery,
        response: { 200: ZSearchTermList },
      },
    },
    async (request) => search.terms(request.query),
  );
};
