import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSearchTermList, ZSearchTermsQuery, ZSynonymGroup, ZSynonymIdParams, ZSynonymInput, ZSynonymList } from '@cubeshop/shared';
import type { ActorOf } from '../../../plugins/auth.js';
import type { CatalogSearch } from './catalog.search.service.js';
import type { SynonymsStaff } from './catalog.synonyms.js';

type CatalogSearchRoutesOptions = { search: CatalogSearch; synonyms: SynonymsStaff; actorOf: ActorOf };

/**
 * What buyers search for (docs/catalog.md, Search): the most searched terms, or those that found
 * nothing, over the last N days; needs search.read (owner, catalog, sales). Synonym groups: read
 * with search.read, changed with catalog.manage (owner, catalog).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const catalogSearchRoutes: FastifyPluginAsyncZod<CatalogSearchRoutesOptions> = async (app, { search, synonyms, actorOf }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const noStore = {
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or calls done()
    onSend: async (_r: FastifyRequest, reply: { header: (k: string, v: string) => unknown }) => void reply.header('cache-control', 'private, no-store'),
  };
  const manage = { onRequest: app.requireStaff('catalog.manage'), ...noStore };

  app.get(
    '/admin/search/synonyms',
    {
      onRequest: app.requireStaff('search.read'),
      ...noStore,
      schema: { tags, summary: 'Synonym groups of the search (owner, catalog, sales)', security, response: { 200: ZSynonymList } },
    },
    async () => synonyms.list(),
  );
  app.post(
    '/admin/search/synonyms',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add a synonym group (owner, catalog)',
        description:
          'Words are normalised (NFKC, lower case); at least two different ones (400, field words). The search uses the group from its next build, started at once.',
        security,
        body: ZSynonymInput,
        response: { 201: ZSynonymGroup },
      },
    },
    async (request, reply) => reply.status(201).send(await synonyms.create(await actorOf(request), request.body)),
  );
  app.put(
    '/admin/search/synonyms/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Change the words of a synonym group (owner, catalog)',
        security,
        params: ZSynonymIdParams,
        body: ZSynonymInput,
        response: { 200: ZSynonymGroup },
      },
    },
    async (request) => synonyms.update(await actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/search/synonyms/:id',
    { ...manage, schema: { tags, summary: 'Delete a synonym group (owner, catalog)', security, params: ZSynonymIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await synonyms.remove(await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/search/terms',
    {
      onRequest: app.requireStaff('search.read'),
      ...noStore,
      schema: {
        tags,
        summary: 'Most searched terms (kind=top) or terms that found nothing (kind=zero) over the last N days (owner, catalog, sales)',
        description: 'Keywords are normalised (NFKC, lower case, single spaces); nothing about who searched or when in the day is kept.',
        security,
        querystring: ZSearchTermsQuery,
        response: { 200: ZSearchTermList },
      },
    },
    async (request) => search.terms(request.query),
  );
};
