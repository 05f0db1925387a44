import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRegionList } from '@cubeshop/shared';
import type { RegionsService } from './regions.service.js';

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const regionsRoutes: FastifyPluginAsyncZod<{ regions: RegionsService }> = async (app, { regions }) => {
  app.get(
    '/selector/region',
    {
      schema: {
        tags: ['selectors'],
        summary: 'Countries and regions',
        description:
          'Every country or region (ISO 3166-1 alpha-2) with zh and en names, `name` in the request language and the dialling code; mainland China first.',
        response: { 200: ZRegionList },
      },
    },
    async (request, typedReply) => {
      // The list is serialized once per language; the untyped reply sends that JSON string (and 304) as is.
      const reply = typedReply as unknown as FastifyReply;
      const list = regions.regions(request.locale);
      reply.header('cache-control', 'public, max-age=86400').header('vary', 'x-lang-type, accept-language').header('etag', list.etag);
      if (request.headers['if-none-match'] === list.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(list.json);
    },
  );
};
