import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TSsrApiResponse, TSsrRequest, TSsrResult } from '@cubeshop/shared';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness.js';

/**
 * The server-rendering side of plugins/web.ts without a web build: a temporary WEB_DIST with an
 * index.html carrying the template's markers, and a fake bundle (dist-ssr/entry-server.js beside
 * it, as the plugin looks for it) that hands every render to the function this test sets in
 * globalThis, so each test decides what the "web app" answers and sees what it was asked.
 */
interface FakeSsr {
  template?: string;
  calls: TSsrRequest[];
  render: (request: TSsrRequest) => Promise<TSsrResult>;
}
const fake: FakeSsr = { calls: [], render: defaultRender };
(globalThis as { __cubeshopFakeSsr?: FakeSsr }).__cubeshopFakeSsr = fake;

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><!--ssr-head--><title>Cubeshop</title><!--/ssr-head--></head>
  <body><div id="root"><!--ssr-body--></div><!--ssr-data--><script type="module" src="/assets/app-abc123.js"></script></body>
</html>
`;
const BUNDLE = `export function createSsrRenderer({ template }) {
  const fake = globalThis.__cubeshopFakeSsr;
  fake.template = template;
  return {
    render(request) {
      fake.calls.push(request);
      return fake.render(request);
    },
  };
}
`;

function pageOf(status: number, text: string): TSsrResult {
  return { kind: 'page', status, html: TEMPLATE.replace('<!--ssr-body-->', `<main>${text}</main>`) };
}

async function defaultRender(request: TSsrRequest): Promise<TSsrResult> {
  const { pathname } = new URL(request.url, 'http://x');
  if (pathname === '/boom') throw new Error('render failed');
  if (pathname === '/cart') return { kind: 'client' };
  if (pathname === '/old') return { kind: 'redirect', status: 301, location: '/new?lang=en' };
  if (pathname === '/gone') return pageOf(404, 'gone');
  return pageOf(200, `rendered ${request.locale} ${request.currency} ${request.url}`);
}

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-web-'));
  fs.mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  // The bundle is an ES module, as the web build's is.
  fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}\n');
  fs.writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(root, 'dist', 'assets', 'app-abc123.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), BUNDLE);
  t = await createTestApp({ WEB_DIST: path.join(root, 'dist') });
  await t.services.settings.set('exchangeRate', { cnyPerUsd: 7.1 });
  const admin = t.services.catalog.writes;
  const supplierId = await admin.createSupplier({ slug: 'orbit', nameZh: '轨道', nameEn: 'Orbit' });
  const categoryId = await admin.createCategory({ slug: 'cubes', nameZh: '魔方', nameEn: 'Cubes' });
  await admin.addItems([{ nameZh: '轨道 三阶', nameEn: 'Orbit 3x3', priceFen: 7_100, supplierId, categoryId }]);
});

afterAll(async () => {
  await t?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  fake.render = defaultRender;
  fake.calls.length = 0;
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** What the renderer was asked for its last call. */
const lastCall = () => fake.calls.at(-1)!;

describe(`server-rendered pages (${TEST_DB_KIND})`, () => {
  it('gives the bundle the built index.html as its template', () => {
    expect(fake.template).toBe(TEMPLATE);
  });

  it('chooses the language by ?lang, then the locale cookie, then Accept-Language, else English', async () => {
    const cases: [url: string, headers: Record<string, string>, locale: string, currency: string][] = [
      ['/lang-1?lang=zh', { cookie: 'locale=en', 'accept-language': 'en-US' }, 'zh', 'CNY'],
      ['/lang-1?lang=en', { cookie: 'locale=zh', 'accept-language': 'zh-CN' }, 'en', 'USD'],
      ['/lang-2', { cookie: 'theme=dark; locale=zh', 'accept-language': 'en-US,en;q=0.9' }, 'zh', 'CNY'],
      ['/lang-2', { cookie: 'locale=en', 'accept-language': 'zh-CN' }, 'en', 'USD'],
      ['/lang-3?lang=fr', { cookie: 'locale=zh', 'accept-language': 'en' }, 'zh', 'CNY'],
      ['/lang-4', { cookie: 'locale=xx', 'accept-language': 'zh-TW,zh;q=0.8' }, 'zh', 'CNY'],
      ['/lang-4', { 'accept-language': 'en-GB' }, 'en', 'USD'],
      ['/lang-5', { 'accept-language': 'fr-FR, de' }, 'en', 'USD'],
      ['/lang-5', {}, 'en', 'USD'],
    ];
    for (const [url, headers, locale, currency] of cases) {
      const res = await page(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toContain(`rendered ${locale} ${currency} ${url}`);
    }
  });

  it('takes the currency from its cookie, else from the language', async () => {
    await page('/money?lang=zh', { cookie: 'userCurrency=USD' });
    expect(lastCall()).toMatchObject({ locale: 'zh', currency: 'USD' });
    await page('/money?lang=en', { cookie: 'userCurrency=CNY; locale=zh' });
    expect(lastCall()).toMatchObject({ locale: 'en', currency: 'CNY' });
    await page('/money?lang=en', { cookie: 'userCurrency=EUR' });
    expect(lastCall()).toMatchObject({ locale: 'en', currency: 'USD' });
  });

  it('passes the URL asked for and the origin of the request', async () => {
    await page('/product/7?lang=en&x=1', { host: 'shop.example:8080' });
    expect(lastCall()).toMatchObject({ url: '/product/7?lang=en&x=1', origin: 'http://shop.example:8080' });
    await page('/product/8', { host: 'bad host/"' });
    expect(lastCall().origin).toBe('http://localhost');
  });

  it('sends pages with their status, no-cache and Vary: Cookie, Accept-Language', async () => {
    const ok = await page('/fine');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(ok.headers['cache-control']).toBe('no-cache');
    expect(String(ok.headers.vary)).toMatch(/^Cookie, Accept-Language\b/);
    const head = await t.app.inject({ method: 'HEAD', url: '/fine' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
    const gone = await page('/gone');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<main>gone</main>');
    expect(gone.headers['cache-control']).toBe('no-cache');
  });

  it("turns a 'redirect' result into a redirect with its status", async () => {
    const res = await page('/old');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/new?lang=en');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('never redirects off the site, whatever a rendered route answers or the URL carries (open redirect)', async () => {
    // A route that redirects to what it read from the URL, as a careless loader would.
    fake.render = (request) => {
      const { pathname, searchParams } = new URL(request.url, 'http://x');
      if (pathname === '/go') return Promise.resolve({ kind: 'redirect', status: 302, location: searchParams.get('to') ?? '/' });
      return defaultRender(request);
    };
    const hostile = [
      '/.//evil.example/',
      '/..//evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '///evil.example',
    ];
    for (const to of hostile) {
      const res = await page(`/go?to=${encodeURIComponent(to)}`);
      const location = res.headers.location === undefined ? undefined : String(res.headers.location);
      expect(location, to).toBeUndefined();
      expect(res.statusCode, to).toBe(200);
    }
    // A path on this site is still followed, normalised.
    const fine = await page(`/go?to=${encodeURIComponent('/a/../cart?x=1')}`);
    expect(fine.statusCode).toBe(302);
    expect(fine.headers.location).toBe('/cart?x=1');
    // The sign-in pages are served as they are: the server follows no ?redirect= of its own.
    for (const url of [
      '/login?redirect=/.//evil.example/',
      '/register?redirect=%2F%2Fevil',
      '/forgot-password?redirect=/..//evil.example',
      '/login?redirect=javascript:alert(1)',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it("serves the shell with the boot data (ssr: false) and the page's <html lang> for a 'client' result", async () => {
    for (const [headers, lang, locale, currency] of [
      [{ cookie: 'locale=zh' }, 'zh-CN', 'zh', 'CNY'],
      [{ 'accept-language': 'en' }, 'en', 'en', 'USD'],
    ] as const) {
      const res = await page('/cart', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/^Cookie, Accept-Language\b/);
      expect(res.body).toContain(`<html lang="${lang}">`);
      const boot = /<script type="application\/json" id="cubeshop-boot">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(boot!)).toEqual({ locale, currency, ssr: false });
      expect(res.body).toContain('<div id="root"><!--ssr-body--></div>');
    }
  });

  it('falls back to the shell with 200 when the renderer throws, and tries again next time', async () => {
    const first = await page('/boom?lang=zh');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<html lang="zh-CN">');
    expect(first.body).toContain('"ssr":false');
    await page('/boom?lang=zh');
    expect(fake.calls).toHaveLength(2);
  });

  it('keeps a rendered page per URL, language and currency', async () => {
    await page('/cached?lang=en');
    await page('/cached?lang=en', { cookie: 'locale=zh' });
    expect(fake.calls).toHaveLength(1);
    await page('/cached?lang=zh');
    expect(fake.calls).toHaveLength(2);
    await page('/cached?lang=en', { cookie: 'userCurrency=CNY' });
    expect(fake.calls).toHaveLength(3);
    await page('/cached?lang=en&page=2');
    expect(fake.calls).toHaveLength(4);
    await page('/cached?lang=zh');
    expect(fake.calls).toHaveLength(4);
  });

  it('renders again after the catalog or the settings change', async () => {
    await page('/changing');
    await page('/changing');
    expect(fake.calls).toHaveLength(1);
    await t.services.catalog.writes.createSupplier({ slug: 'nova', nameZh: '新星', nameEn: 'Nova' });
    await page('/changing');
    expect(fake.calls).toHaveLength(2);
    t.services.catalog.query.invalidate();
    await page('/changing');
    expect(fake.calls).toHaveLength(3);
    await t.services.settings.set('exchangeRate', { cnyPerUsd: 7.1 });
    await page('/changing');
    expect(fake.calls).toHaveLength(4);
  });

  it("reaches the API in-process with the page's language and currency", async () => {
    const answers: Record<string, TSsrApiResponse> = {};
    fake.render = async (request) => {
      for (const p of ['/api/items?recPerPage=1', '/api/categories', '/api/nope']) answers[p] = await request.fetchApi(p);
      return pageOf(200, 'probe');
    };
    await page('/probe?lang=zh', { cookie: 'userCurrency=USD' });
    const items = answers['/api/items?recPerPage=1']!;
    expect(items.status).toBe(200);
    expect(items.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(items.body)).toMatchObject({ data: [{ name: '轨道 三阶', currency: 'USD', price: 10 }] });
    expect(JSON.parse(answers['/api/categories']!.body)).toMatchObject([{ name: '魔方' }]);
    expect(answers['/api/nope']).toMatchObject({ status: 404 });
    expect(JSON.parse(answers['/api/nope']!.body)).toMatchObject({ code: 'NOT_FOUND' });

    await page('/probe?lang=en');
    expect(JSON.parse(answers['/api/items?recPerPage=1']!.body)).toMatchObject({ data: [{ name: 'Orbit 3x3', currency: 'USD' }] });
    expect(JSON.parse(answers['/api/categories']!.body)).toMatchObject([{ name: 'Cubes' }]);
  });

  it('does not keep a page rendered while the API failed (5xx); one it answered 404 is kept', async () => {
    fake.render = async (request) => {
      const categories = await request.fetchApi('/api/categories');
      const missing = await request.fetchApi('/api/items/999999');
      return pageOf(200, `categories ${categories.status}, item ${missing.status}`);
    };
    const query = t.services.catalog.query;
    const categoryTree = query.categoryTree;
    query.categoryTree = () => Promise.reject(new Error('connection refused'));
    try {
      expect((await page('/flaky')).body).toMatch(/categories 5\d\d, item 404/);
    } finally {
      query.categoryTree = categoryTree;
    }
    expect((await page('/flaky')).body).toContain('categories 200, item 404');
    expect((await page('/flaky')).body).toContain('categories 200, item 404');
    expect(fake.calls).toHaveLength(2);
  });
});

describe(`web build files and unknown paths (${TEST_DB_KIND})`, () => {
  it('serves hashed assets for a year and answers 404 JSON for a missing one', async () => {
    const asset = await page('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await page('/assets/app-old999.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(fake.calls).toHaveLength(0);
  });

  it('answers 404 JSON for unknown /api paths and other methods, without rendering', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/nope'],
      ['POST', '/somewhere'],
      ['DELETE', '/cart'],
      ['GET', '/internal/x'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(fake.calls).toHaveLength(0);
  });
});
