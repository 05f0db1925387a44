import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ErrorLevel, XMLToSitemapIndexStream, XMLToSitemapItemStream, type IndexItem, type SitemapItem } from 'sitemap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCategory, TProductList, TSupplier } from '@cubeshop/shared';
import { seedCatalog } from '../../cli/seed/catalog.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { createSeoService, robotsTxt } from './seo.service.js';

/**
 * robots.txt and the sitemaps over 150 generated products, cut in chunks of 40
 * (SITEMAP_CHUNK_SIZE) so that paging shows: 4 product chunks, the last one of 30.
 */
const CHUNK = 40;
const SKUS = 150;
const HOST = 'shop.example';
const ORIGIN = `http://${HOST}`;
let t: TestApp;

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
}

/** Parses with the package's strict XML parser; any error in the document fails the test. */
async function parse<T>(stream: XMLToSitemapItemStream | XMLToSitemapIndexStream, xml: string): Promise<T[]> {
  const out: T[] = [];
  await new Promise((resolve, reject) =>
    Readable.from([xml])
      .pipe(stream)
      .on('data', (item: T) => out.push(item))
      .on('end', resolve)
      .on('error', reject),
  );
  // The urlset parser collects what it refused (the index parser fails on it instead).
  if (stream instanceof XMLToSitemapItemStream) expect(stream.errors).toEqual([]);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return out;
}
const parseUrlset = (xml: string) => parse<SitemapItem>(new XMLToSitemapItemStream({ level: ErrorLevel.THROW, logger: false }), xml);
const parseIndex = (xml: string) => {
  expect(xml.trimEnd().endsWith('</sitemapindex>')).toBe(true);
  return parse<IndexItem>(new XMLToSitemapIndexStream({ level: ErrorLevel.THROW, logger: false }), xml);
};

/** Every product id, from the catalog API (not from the code under test). */
async function allProductIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const body = (await get(`/api/items?recPerPage=120&page=${page}`)).json<TProductList>();
    ids.push(...body.data.map((p) => p.id));
    if (page * 120 >= body.pager.recTotal) return ids;
  }
}

const productId = (url: string) => Number(/\/product\/(\d+)\?lang=zh$/.exec(url)?.[1]);

beforeAll(async () => {
  t = await createTestApp({ SITEMAP_CHUNK_SIZE: String(CHUNK) });
  await seedCatalog(t.services.catalog.writes, { skus: SKUS, now: new Date() });
});

afterAll(async () => {
  await t?.close();
});

describe(`robots.txt (${TEST_DB_KIND})`, () => {
  it('allows the shop, disallows private pages and the API but pictures, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/cart', '/order/', '/profile', '/my-order', '/my-address', '/my-favorite', '/favorites', '/admin', '/login', '/register', '/api/']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    // Nothing public is caught by a prefix (/order/ must not take /orders-shipping-policy).
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const page of [
      '/',
      '/brands',
      '/product/100001',
      '/products-by-category/3',
      '/products-by-tag/hot',
      '/search?brand=3',
      '/search?keyword=magnetic',
      '/orders-shipping-policy',
      '/about-us',
    ]) {
      expect(
        disallowed.filter((rule) => !rule.includes('*') && page.startsWith(rule)),
        page,
      ).toEqual([]);
    }
    // Pictures stay reachable; Allow lines come before the Disallow lines (Baidu takes the first match).
    expect(lines).toContain('Allow: /api/items/*/image');
    expect(lines.findIndex((l) => l.startsWith('Disallow'))).toBeGreaterThan(lines.findLastIndex((l) => l.startsWith('Allow')));
    expect(lines).not.toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // PUBLIC_ORIGIN, when set, wins over the request's host.
    expect(robotsTxt('https://cubeshop.example')).toContain('Sitemap: https://cubeshop.example/sitemap.xml');
  });

  it('uses localhost for a Host header that is not a plain host name', async () => {
    const res = await get('/robots.txt', { host: 'evil.example/"><x' });
    expect(res.body).toContain('Sitemap: http://localhost/sitemap.xml');
  });
});

describe(`sitemaps (${TEST_DB_KIND})`, () => {
  it('serves an index that lists the pages chunk and every product chunk', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const entries = await parseIndex(res.body);
    const chunks = Math.ceil(SKUS / CHUNK);
    expect(entries.map((e) => e.url)).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      ...Array.from({ length: chunks }, (_, i) => `${ORIGIN}/sitemap-products-${i + 1}.xml`),
    ]);
    // Product chunks carry their latest update; each one listed answers.
    for (const entry of entries.slice(1)) expect(Number.isNaN(Date.parse(entry.lastmod!))).toBe(false);
    for (const entry of entries) expect((await get(new URL(entry.url).pathname)).statusCode, entry.url).toBe(200);
  });

  it('covers every product exactly once, in chunks of at most the chunk size, each with lastmod and zh/en alternates', async () => {
    const expected = await allProductIds();
    expect(expected).toHaveLength(SKUS);
    const seen: number[] = [];
    const sizes: number[] = [];
    for (let n = 1; ; n++) {
      const res = await get(`/sitemap-products-${n}.xml`);
      if (res.statusCode === 404) break;
      expect(res.statusCode).toBe(200);
      const items = await parseUrlset(res.body);
      sizes.push(items.length);
      for (const item of items) {
        const id = productId(item.url);
        expect(id, item.url).toBeGreaterThan(0);
        seen.push(id);
        const base = `${ORIGIN}/product/${id}`;
        expect(item.url).toBe(`${base}?lang=zh`);
        expect(item.links).toEqual([
          { lang: 'zh-CN', url: `${base}?lang=zh` },
          { lang: 'en', url: `${base}?lang=en` },
          { lang: 'x-default', url: base },
        ]);
        expect(Number.isNaN(Date.parse(item.lastmod!))).toBe(false);
      }
    }
    expect(sizes).toEqual([40, 40, 40, 30]);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('gives each product its update time as lastmod', async () => {
    const items = await parseUrlset((await get('/sitemap-products-2.xml')).body);
    for (const item of items.slice(0, 5)) {
      const detail = (await get(`/api/items/${productId(item.url)}`)).json<{ lastUpdatedTime: string }>();
      expect(new Date(item.lastmod!).getTime()).toBe(new Date(detail.lastUpdatedTime).getTime());
    }
  });

  it('lists home, brands, content pages, the three tags, every category and every brand page', async () => {
    const res = await get('/sitemap-pages.xml');
    expect(res.statusCode).toBe(200);
    const items = await parseUrlset(res.body);
    const urls = items.map((i) => i.url);
    for (const path of [
      '/',
      '/brands',
      '/products-by-tag/newest',
      '/products-by-tag/hot',
      '/products-by-tag/discount',
      '/about-us',
      '/customization',
      '/orders-shipping-policy',
      '/brand-authorization',
    ]) {
      expect(urls, path).toContain(`${ORIGIN}${path}?lang=zh`);
    }
    const flat = (tree: TCategory[]): number[] => tree.flatMap((c) => [c.id, ...flat(c.children)]);
    const categories = flat((await get('/api/categories')).json<TCategory[]>());
    expect(categories.length).toBeGreaterThan(20);
    for (const id of categories) expect(urls).toContain(`${ORIGIN}/products-by-category/${id}?lang=zh`);
    const brands = (await get('/api/suppliers')).json<TSupplier[]>();
    expect(brands.length).toBeGreaterThan(3);
    for (const brand of brands) expect(urls).toContain(`${ORIGIN}/search?brand=${brand.id}&lang=zh`);
    expect(items).toHaveLength(9 + categories.length + brands.length);
    // The query is sorted with lang among it, as the pages' canonical URLs are.
    const brand = items.find((i) => i.url.includes('/search?'))!;
    expect(brand.links.map((l) => l.url)).toEqual([brand.url, brand.url.replace('lang=zh', 'lang=en'), brand.url.replace('&lang=zh', '')]);
    const home = items.find((i) => i.url === `${ORIGIN}/?lang=zh`)!;
    expect(home.links).toEqual([
      { lang: 'zh-CN', url: `${ORIGIN}/?lang=zh` },
      { lang: 'en', url: `${ORIGIN}/?lang=en` },
      { lang: 'x-default', url: `${ORIGIN}/` },
    ]);
  });

  it('answers 404 JSON past the last chunk and for names that are no chunk', async () => {
    for (const path of [
      '/sitemap-products-5.xml',
      '/sitemap-products-0.xml',
      '/sitemap-products-x.xml',
      '/sitemap-products-01.xml',
      '/sitemap-products-.xml',
      '/sitemap-other.xml',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json<{ code: string }>().code, path).toBe('NOT_FOUND');
    }
  });

  it('compresses with brotli or gzip as the client accepts', async () => {
    const plain = await get('/sitemap-products-1.xml');
    const br = await get('/sitemap-products-1.xml', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/sitemap-products-1.xml', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 5);
    const robots = await get('/robots.txt', { 'accept-encoding': 'gzip' });
    expect(robots.statusCode).toBe(200);
  });

  it('follows the catalog: a new product shows in the last chunk at once', async () => {
    const before = await parseUrlset((await get('/sitemap-products-4.xml')).body);
    const admin = t.services.catalog.writes;
    const { categories, suppliers } = await admin.slugIds();
    const updatedAt = new Date('2030-01-02T03:04:05.000Z');
    const [id] = await admin.addItems([
      {
        nameZh: '新品',
        nameEn: 'New one',
        priceFen: 1_000,
        categoryId: categories.get('3x3')!,
        supplierId: [...suppliers.values()][0]!,
        createdAt: updatedAt,
        updatedAt,
      },
    ]);
    const after = await parseUrlset((await get('/sitemap-products-4.xml')).body);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ url: `${ORIGIN}/product/${id}?lang=zh`, lastmod: updatedAt.toISOString() });
    const index = await parseIndex((await get('/sitemap.xml')).body);
    expect(index.at(-1)?.lastmod).toBe(updatedAt.toISOString());
  });

  it('is in the OpenAPI document, outside /api', async () => {
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap-pages.xml', '/sitemap-products-{n}.xml']) expect(Object.keys(doc.paths), path).toContain(path);
  });
});

describe('sitemap service', () => {
  const emptyCatalog = {
    categoryTree: () => Promise.resolve([]),
    suppliers: () => Promise.resolve([]),
    productRuns: () => Promise.resolve([]),
    productStamps: () => Promise.resolve([]),
    onInvalidate: () => () => false,
  };

  it('lists only the pages chunk when there are no products', async () => {
    const seo = createSeoService({ catalog: emptyCatalog });
    expect((await parseIndex((await seo.index(ORIGIN)).xml)).map((e) => e.url)).toEqual([`${ORIGIN}/sitemap-pages.xml`]);
    expect((await parseUrlset((await seo.pages(ORIGIN)).xml)).length).toBe(9);
    await expect(seo.products(ORIGIN, 1)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses chunk sizes above the protocol limit of 50,000', () => {
    expect(() => createSeoService({ catalog: emptyCatalog, chunkSize: 50_001 })).toThrow();
    expect(() => createSeoService({ catalog: emptyCatalog, chunkSize: 0 })).toThrow();
  });

  it('keeps what it built until the lifetime ends or the catalog changes', async () => {
    let clock = 10_000;
    let runsRead = 0;
    const listeners: (() => void)[] = [];
    const seo = createSeoService({
      catalog: {
        ...emptyCatalog,
        productRuns: () => {
          runsRead++;
          return Promise.resolve([{ firstId: 1, lastId: 2, count: 2, updatedAt: new Date(0) }]);
        },
        onInvalidate: (listener) => {
          listeners.push(listener);
          return () => true;
        },
      },
      ttlMs: 1_000,
      now: () => clock,
    });
    const first = await seo.index(ORIGIN);
    expect(await seo.index(ORIGIN)).toBe(first);
    expect(runsRead).toBe(1);
    clock = 12_000;
    expect(await seo.index(ORIGIN)).not.toBe(first);
    expect(runsRead).toBe(2);
    for (const listener of listeners) listener();
    await seo.index(ORIGIN);
    expect(runsRead).toBe(3);
  });
});
