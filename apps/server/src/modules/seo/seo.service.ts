import { LANG_QUERY_PARAM, LOCALES, PRODUCT_TAGS, type TCategory, type TLocale } from '@cubeshop/shared';
import { notFound } from '../../lib/app-error.js';
import { LoadingCache, type CacheStats } from '../../lib/cache.js';
import type { CatalogQuery, ItemRun } from '../catalog/catalog.module.js';
import { sitemapIndexXml, urlsetXml, type SitemapEntry } from './seo.xml.js';

/**
 * robots.txt and the sitemaps (README, SEO). /sitemap.xml is an index of chunks: one of the
 * public pages that are not products (/sitemap-pages.xml) and the products by id in runs of
 * `chunkSize` (/sitemap-products-1.xml ...), each product once, with its last update and its
 * zh/en alternates. Products come from the catalog's query side; what is built is kept a few
 * minutes and dropped whenever the catalog changes.
 */

/** The protocol's limit of URLs in one sitemap. */
export const SITEMAP_MAX_URLS = 50_000;
export const DEFAULT_SITEMAP_CHUNK_SIZE = 10_000;
/** How long built sitemaps are kept (and how long clients may keep them), unless the catalog changes. */
export const SITEMAP_TTL_MS = 5 * 60_000;
/** Characters of built sitemaps kept at most (a chunk of 10,000 products is about 4 MB). */
const SITEMAP_CACHE_CHARS = 64 * 1024 * 1024;

export const SITEMAP_PATHS = {
  index: '/sitemap.xml',
  pages: '/sitemap-pages.xml',
  products: (n: number) => `/sitemap-products-${n}.xml`,
} as const;

/**
 * The language of each entry's <loc>; the other language and x-default are its alternates.
 * Chinese: Baidu reads <loc> and ignores hreflang, Google and Bing follow the alternates.
 */
const LOC_LOCALE: TLocale = 'zh';
/** hreflang of each language, as the pages' own <link rel="alternate"> tags say it. */
const HREFLANG: Record<TLocale, string> = { zh: 'zh-CN', en: 'en' };

/** Public pages besides products, categories and brands (the web app's router). */
const STATIC_PATHS = [
  '/',
  '/brands',
  ...PRODUCT_TAGS.map((tag) => `/products-by-tag/${tag}`),
  '/about-us',
  '/customization',
  '/orders-shipping-policy',
  '/brand-authorization',
];

/**
 * Pages crawlers may not fetch: accounts, cart, orders, favourites, staff pages, sign-in (also
 * /login?redirect=...), the chat socket and its images and the API, except product pictures
 * (product results show them). Searches stay open: a keyword with results is a landing page of
 * its own (titled and described with the keyword); one without results says noindex itself.
 * Allow lines come first: Baidu applies the first line that matches, Google and Bing the longest.
 */
const ALLOWED_API = ['/api/items/*/image', '/api/items/*/thumbnail', '/api/image/item/'];
const DISALLOWED = [
  '/api/',
  '/cart',
  '/order/',
  '/favorites',
  '/profile',
  '/change-password',
  '/my-info',
  '/edit-name',
  '/my-favorite',
  '/my-order',
  '/my-address',
  '/admin',
  '/login',
  '/register',
  '/forgot-password',
  '/ws',
  '/internal/',
  '/uploads/',
];

export function robotsTxt(origin: string): string {
  return [
    '# Cubeshop: shop pages may be crawled; accounts, carts, orders, staff pages and the API may not.',
    'User-agent: *',
    ...ALLOWED_API.map((path) => `Allow: ${path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATHS.index}`,
    '',
  ].join('\n');
}

/** A page's URL in a language (?lang= among its parameters, sorted as the pages' canonical URLs are), or x-default without. */
function pageUrl(origin: string, path: string, query: [string, string][], locale: TLocale | undefined): string {
  const params = new URLSearchParams(locale ? [...query, [LANG_QUERY_PARAM, locale]] : query);
  params.sort();
  const search = params.toString();
  return `${origin}${path}${search ? `?${search}` : ''}`;
}

function entry(origin: string, path: string, query: [string, string][] = [], lastmod?: Date): SitemapEntry {
  return {
    url: pageUrl(origin, path, query, LOC_LOCALE),
    ...(lastmod ? { lastmod: lastmod.toISOString() } : {}),
    links: [
      ...LOCALES.map((locale) => ({ lang: HREFLANG[locale], url: pageUrl(origin, path, query, locale) })),
      { lang: 'x-default', url: pageUrl(origin, path, query, undefined) },
    ],
  };
}

function categoryIds(tree: TCategory[]): number[] {
  return tree.flatMap((c) => [c.id, ...categoryIds(c.children ?? [])]);
}

/** A built sitemap; an object, so its compressed forms can be kept with it (lib/compressed.ts). */
export interface SitemapDocument {
  xml: string;
}

export interface SeoServiceOptions {
  catalog: Pick<CatalogQuery, 'categoryTree' | 'suppliers' | 'productRuns' | 'productStamps' | 'onInvalidate'>;
  /** Products per chunk, 1 to SITEMAP_MAX_URLS (default 10,000). */
  chunkSize?: number | undefined;
  ttlMs?: number | undefined;
  /** Time source of the cache lifetimes (tests move it). */
  now?: (() => number) | undefined;
  /** Hit and miss counts of the sitemap documents (metrics), as 'seo.sitemaps'. */
  cacheStats?: CacheStats | undefined;
}

export function createSeoService({ catalog, chunkSize = DEFAULT_SITEMAP_CHUNK_SIZE, ttlMs = SITEMAP_TTL_MS, now, cacheStats }: SeoServiceOptions) {
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > SITEMAP_MAX_URLS) throw new Error(`sitemap chunk size must be 1-${SITEMAP_MAX_URLS}`);
  // The runs are the same for every origin; documents are kept per origin (PUBLIC_ORIGIN makes it one).
  const runs = new LoadingCache<ItemRun[]>({ ttlMs, maxEntries: 1, now });
  const documents = new LoadingCache<SitemapDocument>({
    ttlMs,
    weigh: (d) => d.xml.length,
    maxWeight: SITEMAP_CACHE_CHARS,
    now,
    name: 'seo.sitemaps',
    stats: cacheStats,
  });
  catalog.onInvalidate(() => {
    runs.clear();
    documents.clear();
  });
  const productRuns = () => runs.get('runs', () => catalog.productRuns(chunkSize));

  return {
    chunkSize,

    robots: robotsTxt,

    /** /sitemap.xml: the pages chunk, then one chunk per run of products with its latest update. */
    async index(origin: string): Promise<SitemapDocument> {
      return documents.get(`${origin}|index`, async () => {
        const list = await productRuns();
        const xml = await sitemapIndexXml([
          { url: `${origin}${SITEMAP_PATHS.pages}` },
          ...list.map((run, i) => ({ url: `${origin}${SITEMAP_PATHS.products(i + 1)}`, lastmod: run.updatedAt.toISOString() })),
        ]);
        return { xml };
      });
    },

    /** Home, brands, content pages, the tag lists, every category and every brand with products. */
    async pages(origin: string): Promise<SitemapDocument> {
      return documents.get(`${origin}|pages`, async () => {
        const [tree, brands] = await Promise.all([catalog.categoryTree('en'), catalog.suppliers('en')]);
        const xml = await urlsetXml([
          ...STATIC_PATHS.map((path) => entry(origin, path)),
          ...categoryIds(tree).map((id) => entry(origin, `/products-by-category/${id}`)),
          ...brands.map((brand) => entry(origin, '/search', [['brand', String(brand.id)]])),
        ]);
        return { xml };
      });
    },

    /** Chunk n (from 1) of the products, by id; not found past the last. */
    async products(origin: string, n: number): Promise<SitemapDocument> {
      const list = await productRuns();
      const run = Number.isSafeInteger(n) && n >= 1 ? list[n - 1] : undefined;
      if (!run) throw notFound();
      return documents.get(`${origin}|products|${n}`, async () => {
        // The run's id range; the last run also takes products added since the runs were read.
        const stamps = await catalog.productStamps({
          afterId: n === 1 ? 0 : list[n - 2]!.lastId,
          untilId: n === list.length ? undefined : run.lastId,
          limit: chunkSize,
        });
        if (stamps.length === 0) throw notFound();
        const xml = await urlsetXml(stamps.map((s) => entry(origin, `/product/${s.id}`, [], s.updatedAt)));
        return { xml };
      });
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
