import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPrecompressed } from '../../../lib/compressed.js';
import { z } from 'zod';
import {
  digitsToNumber,
  ZIdParams,
  ZCategoryList,
  ZProductDetail,
  ZProductList,
  ZProductListQuery,
  ZSearchAlternatives,
  ZSearchAlternativesQuery,
  ZSuggestions,
  ZSuggestQuery,
  ZSupplierList,
  ZSupplierQuery,
  type TProductTag,
} from '@cubeshop/shared';
import { withBuyerTerms, type BuyerTermsOf } from './catalog.buyer-terms.js';
import type { ImageSize, ProductImages } from '../images/catalog.images.js';
import type { View } from './catalog.mapper.js';
import type { CatalogQuery, ProductPage } from './catalog.query.js';
import type { SearchAlternatives } from '../search/catalog.search.alternatives.js';
import type { Suggest } from '../search/catalog.suggest.js';

const viewOf = (request: FastifyRequest): View => ({ locale: request.locale, currency: request.currency });

async function userIdOf(request: FastifyRequest): Promise<number | null> {
  const session = await request.session();
  return session?.userId ?? null;
}

/** A cached answer's JSON as it is (made from kept fragments, same shape as the 200 schema): no serializer. */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: { bytes: Buffer }) {
  return sendPrecompressed(request, reply, answer, 'application/json; charset=utf-8', () => answer.bytes);
}

const ZImageParams = ZIdParams.extend({ index: z.preprocess(digitsToNumber, z.number().int().min(0).max(20)) });
const ZImageQuery = z.object({ v: z.string().max(40).optional() });

const LISTS: { path: string; tag: TProductTag | 'all'; summary: string }[] = [
  { path: '/items', tag: 'all', summary: 'Products: search, filter, sort, page' },
  { path: '/items/discount', tag: 'discount', summary: 'Discounted products (label D)' },
  { path: '/items/newest', tag: 'newest', summary: 'Newest products (label N)' },
  { path: '/items/hot', tag: 'hot', summary: 'Hot products (label H)' },
];

const LIST_DESCRIPTION = `keyword matches Chinese substrings, English words in any case, pinyin in full or by initials,
brand names, a SKU id or a barcode, synonyms (3x3 = 三阶) and one-letter typos in longer words; with a keyword and no
sortBy (or sortBy=relevance) the best match comes first. minPrice and maxPrice are in major units of the display currency
(x-price-type) and compare with the price the buyer pays (basePrice). Money in the response is in major
units of that currency, 2 decimals. See docs/catalog.md.`;

/**
 * Which of these products the signed-in buyer has favourited (one query for a page). The
 * favourites module answers it; app.ts passes it in, so the catalog does not depend on favourites.
 */
export type FavoriteIdsOf = (userId: number, itemIds: number[]) => Promise<ReadonlySet<number>>;

export interface CatalogRoutesOptions {
  catalog: CatalogQuery;
  images: ProductImages;
  favoriteIdsOf: FavoriteIdsOf;
  /** A signed-in buyer's customer-group prices (none: everyone sees the shop's prices). */
  buyerTermsOf?: BuyerTermsOf | undefined;
  /**
   * Suggestions while typing, what a search with few results may try instead, and the search log
   * (docs/catalog.md, Search); absent: no suggest or alternatives route, nothing logged.
   */
  search?: { suggest: Suggest; alternatives?: SearchAlternatives | undefined; record: (keyword: string, found: boolean) => void } | undefined;
}

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { catalog, images, favoriteIdsOf, buyerTermsOf, search }) => {
  // Group prices are applied to copies after the shared cache, only for the signed-in buyer's own
  // answer (never cached): anonymous pages and other buyers keep the shop's prices.
  const termsOf = async (userId: number | null, ids: number[]) => (userId === null || !buyerTermsOf || ids.length === 0 ? null : buyerTermsOf(userId, ids));
  /** A page's products as a signed-in buyer sees them (favourites, group prices); null: as they are. */
  const forBuyer = async (page: ProductPage, userId: number | null) => {
    const [favored, terms] = userId === null ? [undefined, null] : await Promise.all([favoriteIdsOf(userId, page.ids), termsOf(userId, page.ids)]);
    if ((!favored || favored.size === 0) && !terms) return null;
    const rate = terms ? await catalog.exchangeRate() : 0;
    return page.body.data.map((p, i) => {
      const priced = terms ? withBuyerTerms(p, page.fen[i]!, terms, rate) : p;
      return favored?.has(p.id) ? { ...priced, favorite: true } : priced;
    });
  };

  for (const list of LISTS) {
    app.get(
      list.path,
      {
        schema: {
          tags: ['catalog'],
          summary: list.summary,
          description: LIST_DESCRIPTION,
          querystring: ZProductListQuery,
          response: { 200: ZProductList },
        },
      },
      async (request, reply) => {
        const [page, userId] = await Promise.all([catalog.list(list.tag, request.query, viewOf(request)), userIdOf(request)]);
        // A search is counted once, on its first page (the keyword and whether anything was found, nothing about the buyer).
        if (search && list.tag === 'all' && request.query.keyword && request.query.page === 1) search.record(request.query.keyword, page.ids.length > 0);
        reply.header('cache-control', 'no-cache');
        const data = await forBuyer(page, userId);
        return data ? { ...page.body, data } : sendCached(request, reply, page);
      },
    );
  }

  if (search) {
    app.get(
      '/items/suggest',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Suggestions while typing: products, brands and categories',
          description: `The last word of keyword counts as a prefix (Chinese, English, pinyin in full or by initials); names in the
request language (x-lang-type). An empty keyword gives empty lists. See docs/catalog.md, Search.`,
          querystring: ZSuggestQuery,
          response: { 200: ZSuggestions },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return search.suggest.suggest(request.query.keyword, viewOf(request));
      },
    );
  }

  const alternatives = search?.alternatives;
  if (alternatives) {
    app.get(
      '/items/alternatives',
      {
        schema: {
          tags: ['catalog'],
          summary: 'What a search with few results may try instead: did you mean, broader searches, the closest products',
          description: `For a keyword (and the filters of GET /api/items) that finds fewer than 5 products: keywords with each word that
matched nothing well replaced by the nearest brand, model or word ("gan357" -> "GAN 356"), the keyword without one of its words
or without the filters, each with how many products it finds; when nothing is found, the products of the first of them. Names
and prices in the request language and currency. Not counted in the search log. See docs/catalog.md, Search.`,
          querystring: ZSearchAlternativesQuery,
          response: { 200: ZSearchAlternatives },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        const [found, userId] = await Promise.all([alternatives.alternatives(request.query, viewOf(request)), userIdOf(request)]);
        const products = found.closest && found.body.closest ? await forBuyer(found.closest, userId) : null;
        return products ? { ...found.body, closest: { ...found.body.closest!, products } } : found.body;
      },
    );
  }

  app.get(
    '/items/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product with description, logistics fields and category path',
        params: ZIdParams,
        response: { 200: ZProductDetail },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [answer, userId] = await Promise.all([catalog.pricedDetail(id, viewOf(request)), userIdOf(request)]);
      reply.header('cache-control', 'no-cache');
      if (userId === null) return sendCached(request, reply, answer);
      const [favored, terms] = await Promise.all([favoriteIdsOf(userId, [id]), termsOf(userId, [id])]);
      if (!favored.has(id) && !terms) return sendCached(request, reply, answer);
      const priced = terms ? withBuyerTerms(answer.body, answer.fen, terms, await catalog.exchangeRate()) : answer.body;
      return favored.has(id) ? { ...priced, favorite: true } : priced;
    },
  );

  app.get(
    '/categories',
    {
      schema: { tags: ['catalog'], summary: 'The category tree in the request language', response: { 200: ZCategoryList } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      reply.header('vary', 'x-lang-type, accept-language');
      return catalog.categoryTree(request.locale);
    },
  );

  app.get(
    '/suppliers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands; with categoryId, those with products in that category or its descendants',
        querystring: ZSupplierQuery,
        response: { 200: ZSupplierList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      reply.header('vary', 'x-lang-type, accept-language');
      return catalog.suppliers(request.locale, request.query.categoryId);
    },
  );

  // Pictures. Strong ETag; immutable when the URL carries the current version (the API's URLs
  // do); WebP for clients that accept it, PNG otherwise.
  const image = (size: ImageSize, fixedIndex?: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id, index } = request.params as { id: number; index?: number };
    const { v } = request.query as { v?: string };
    const accept = String(request.headers.accept ?? '');
    const format = /\bimage\/webp\b/.test(accept) ? 'webp' : 'png';
    const result = await images.image(id, fixedIndex ?? index ?? 0, size, format, v);
    reply.header('vary', 'Accept');
    reply.header('etag', result.etag);
    reply.header('cache-control', result.current ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    const match = String(request.headers['if-none-match'] ?? '')
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''));
    if (match.includes(result.etag) || match.includes('*')) return reply.code(304).send();
    const bytes = await result.load();
    reply.type(format === 'webp' ? 'image/webp' : 'image/png');
    return reply.send(bytes);
  };
  const imageSchema = (summary: string, params: z.ZodType) => ({
    schema: { tags: ['catalog'], summary, params, querystring: ZImageQuery, produces: ['image/webp', 'image/png'] },
  });
  app.get('/items/:id/image', imageSchema('Main picture, 800×800', ZIdParams), image('image', 0));
  app.get('/items/:id/thumbnail', imageSchema('Main picture, 320×320', ZIdParams), image('thumbnail', 0));
  app.get('/items/:id/images/:index', imageSchema('Picture n (0 = main), 800×800', ZImageParams), image('image'));
  app.get('/items/:id/images/:index/thumbnail', imageSchema('Picture n (0 = main), 320×320', ZImageParams), image('thumbnail'));
  app.get('/image/item/:id/image', imageSchema('Alias of /api/items/{id}/image', ZIdParams), image('image', 0));
  app.get('/image/item/:id/thumbnail', imageSchema('Alias of /api/items/{id}/thumbnail', ZIdParams), image('thumbnail', 0));
};
