import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrecompressed } from '../../lib/compressed.js';
import { publicOriginOf } from '../../lib/origin.js';
import { SITEMAP_PATHS, SITEMAP_TTL_MS, type SeoService, type SitemapDocument } from './seo.service.js';

export interface SeoRoutesOptions {
  seo: SeoService;
  /** PUBLIC_ORIGIN; unset: the origin each request came to. */
  publicOrigin: string | undefined;
}

const MAX_AGE_S = SITEMAP_TTL_MS / 1000;
/** A crawler reads the index and a dozen chunks; more than this per minute from one address is not a crawler. */
const rateLimit = { max: 120, timeWindow: '1 minute' };

/**
 * GET /robots.txt and the sitemaps, at the root (a sitemap may only list URLs at or below its
 * own folder). Registered before the web plugin, whose not-found handler answers every other GET
 * with a page. Sitemaps are sent from their cached text and its cached brotli or gzip form.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = async (app, { seo, publicOrigin }) => {
  const originOf = (request: FastifyRequest) => publicOriginOf(request, publicOrigin);
  const sendXml = (request: FastifyRequest, reply: FastifyReply, doc: SitemapDocument) => {
    reply.header('cache-control', `public, max-age=${MAX_AGE_S}`);
    return sendPrecompressed(request, reply, doc, 'application/xml; charset=utf-8', () => doc.xml);
  };

  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['seo'],
        summary: 'Crawler rules: public pages allowed, accounts, carts, orders, staff pages and the API (but product pictures) disallowed; the sitemap index',
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      reply.type('text/plain; charset=utf-8');
      return seo.robots(originOf(request));
    },
  );

  app.get(
    SITEMAP_PATHS.index,
    {
      schema: { tags: ['seo'], summary: 'Sitemap index: the pages chunk and the product chunks', produces: ['application/xml'] },
      config: { rateLimit },
    },
    async (request, reply) => sendXml(request, reply, await seo.index(originOf(request))),
  );

  app.get(
    SITEMAP_PATHS.pages,
    {
      schema: {
        tags: ['seo'],
        summary: 'Sitemap of the public pages: home, brands, content, tags, categories, brand pages (zh/en alternates)',
        produces: ['application/xml'],
      },
      config: { rateLimit },
    },
    async (request, reply) => sendXml(request, reply, await seo.pages(originOf(request))),
  );

  app.get(
    '/sitemap-products-:n.xml',
    {
      schema: {
        tags: ['seo'],
        summary: `Sitemap chunk n (from 1) of the products by id, at most ${seo.chunkSize} each, with last update and zh/en alternates; 404 past the last`,
        params: z.object({ n: z.string().max(12) }),
        produces: ['application/xml'],
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const n = /^[1-9]\d{0,8}$/.test(request.params.n) ? Number(request.params.n) : 0;
      return sendXml(request, reply, await seo.products(originOf(request), n));
    },
  );
};
