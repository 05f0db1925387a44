import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  choosePageCurrency,
  choosePageLocale,
  HEADER_CURRENCY,
  HEADER_LANG,
  LANG_QUERY_PARAM,
  PREFERENCE_COOKIES,
  sameSitePath,
  type TCreateSsrRenderer,
  type TCurrency,
  type TLocale,
  type TSsrRenderer,
  type TSsrResult,
} from '@cubeshop/shared';
import { LoadingCache, type CacheStats } from '../lib/cache.js';
import { publicOriginOf } from '../lib/origin.js';
import { sendPrecompressed } from '../lib/compressed.js';
import { apiNotFound } from './errors.js';

/** apps/web/dist, reached the same way from src/plugins and dist/plugins. */
export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cubeshop</title></head>
<body><p>The web app is not built yet. Run <code>npm run build</code> (npm start does it for you).</p></body></html>`;

/** A rendered page is kept this long for every visitor asking for the same URL, language and currency. */
export const PAGE_CACHE_TTL_MS = 30_000;
/** Rendered pages kept at most (by their size in bytes). */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export interface WebOptions {
  webDist?: string | undefined;
  /** The server-rendering bundle; by default dist-ssr/entry-server.js beside the web build. */
  ssrBundle?: string | undefined;
  /** The shop's public origin for canonical and Open Graph URLs; by default the request's. */
  publicOrigin?: string | undefined;
  /** Tells the plugin when the catalog (or anything pages show) changed: rendered pages go. */
  onContentChange?: ((listener: () => void) => void) | undefined;
  /** Hit and miss counts of rendered pages (metrics), as 'web.pages'. */
  cacheStats?: CacheStats | undefined;
}

/** One cookie's value from a Cookie header (the two preference cookies are all the server reads). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The page's language and currency as the browser will decide them too (@cubeshop/shared, preference). */
export function pagePreferences(request: FastifyRequest): { locale: TLocale; currency: TCurrency } {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = typeof query?.[LANG_QUERY_PARAM] === 'string' ? query[LANG_QUERY_PARAM] : undefined;
  const cookies = request.headers.cookie;
  const locale = choosePageLocale({
    queryLang: lang,
    stored: cookieValue(cookies, PREFERENCE_COOKIES.locale),
    acceptLanguage: request.headers['accept-language'],
  });
  return { locale, currency: choosePageCurrency({ stored: cookieValue(cookies, PREFERENCE_COOKIES.currency), locale }) };
}

async function loadRenderer(bundle: string, template: string, app: FastifyInstance): Promise<TSsrRenderer | undefined> {
  if (!fs.existsSync(bundle)) {
    app.log.warn({ bundle }, 'server-rendering bundle not found: every page is rendered in the browser');
    return undefined;
  }
  try {
    const module = (await import(pathToFileURL(bundle).href)) as { createSsrRenderer?: TCreateSsrRenderer };
    return module.createSsrRenderer?.({ template });
  } catch (err) {
    app.log.error({ err, bundle }, 'server-rendering bundle failed to load: every page is rendered in the browser');
    return undefined;
  }
}

/**
 * Serves the web app: hashed assets cached for a year; public pages (home, lists, search,
 * brands, products, content pages, 404) rendered on the server with their data, cached a short
 * while per URL, language and currency, and hydrated in the browser; every other page (cart,
 * profile, sign-in ...) as the plain shell the browser renders. Unknown /api paths get 404 JSON.
 */
export const webPlugin = fp<WebOptions>(
  async (app, { webDist, ssrBundle, publicOrigin, onContentChange, cacheStats }) => {
    const root = webDist ?? DEFAULT_WEB_DIST;
    const indexPath = path.join(root, 'index.html');
    const hasBuild = fs.existsSync(indexPath);
    const template = hasBuild ? fs.readFileSync(indexPath, 'utf8') : '';
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: false,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'public, max-age=300');
          }
        },
      });
    } else {
      app.log.warn({ root }, 'web build not found; the shop pages will show a build hint');
    }

    const renderer = hasBuild ? await loadRenderer(ssrBundle ?? path.join(path.dirname(root), 'dist-ssr', 'entry-server.js'), template, app) : undefined;
    const pages = new LoadingCache<TSsrResult>({
      ttlMs: PAGE_CACHE_TTL_MS,
      weigh: (r) => (r.kind === 'page' ? r.html.length : 64),
      maxWeight: PAGE_CACHE_BYTES,
      name: 'web.pages',
      stats: cacheStats,
    });
    onContentChange?.(() => pages.clear());

    /** The shell for the browser to render, in the page's language. */
    const shell = (locale: TLocale, currency: TCurrency) =>
      template
        .replace(/<html lang="[^"]*"/, `<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"`)
        .replace('<!--ssr-data-->', `<script type="application/json" id="cubeshop-boot">${JSON.stringify({ locale, currency, ssr: false })}</script>`);

    /** A page, compressed once per cached result (the not-found handler gets no @fastify/compress). */
    const send = (request: FastifyRequest, reply: FastifyReply, status: number, page: { html: string }) =>
      sendPrecompressed(
        request,
        reply
          .status(status)
          .header('cache-control', 'no-cache')
          // The same URL is another page in another language or currency.
          .header('vary', 'Cookie, Accept-Language'),
        page,
        'text/html; charset=utf-8',
        () => page.html,
      );
    const shells = new Map<string, { html: string }>();
    const shellPage = (locale: TLocale, currency: TCurrency) => {
      const key = `${locale}|${currency}`;
      let page = shells.get(key);
      if (!page) shells.set(key, (page = { html: shell(locale, currency) }));
      return page;
    };

    async function renderPage(request: FastifyRequest, reply: FastifyReply) {
      if (!hasBuild) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(FALLBACK_HTML);
      const { locale, currency } = pagePreferences(request);
      if (!renderer) return send(request, reply, 200, shellPage(locale, currency));
      const origin = publicOriginOf(request, publicOrigin);
      const key = `${locale}|${currency}|${origin}|${request.url}`;
      // A page rendered while the API failed (a database outage answers 503) shows what it could
      // and is sent, but not kept: the next visitor gets a fresh render, not 30 s of the outage.
      let degraded = false;
      let result: TSsrResult;
      try {
        result = await pages.get(key, async () => {
          const rendered = await renderer.render({
            url: request.url,
            locale,
            currency,
            origin,
            async fetchApi(apiPath) {
              const answer = await app.inject({
                method: 'GET',
                url: apiPath,
                headers: { accept: 'application/json', [HEADER_LANG]: locale, [HEADER_CURRENCY]: currency, 'x-forwarded-for': request.ip },
              });
              if (answer.statusCode >= 500) degraded = true;
              return { status: answer.statusCode, contentType: String(answer.headers['content-type'] ?? ''), body: answer.body };
            },
          });
          if (rendered.kind === 'page' && rendered.status >= 500) degraded = true;
          return rendered;
        });
        if (degraded) pages.delete(key);
      } catch (err) {
        // The browser renders the page instead: a failed server render never fails the page.
        request.log.error({ err, url: request.url }, 'server render failed; serving the shell');
        return send(request, reply, 200, shellPage(locale, currency));
      }
      if (result.kind === 'redirect') {
        // Only to a path on this site (the shop's redirect rule, docs/security.md): a route that
        // ever redirects to something it read from the URL cannot send the visitor elsewhere.
        const location = sameSitePath(result.location);
        if (location !== null) return reply.header('cache-control', 'no-cache').redirect(location, result.status);
        request.log.warn({ url: request.url }, 'a rendered page redirected off the site; serving the shell');
        return send(request, reply, 200, shellPage(locale, currency));
      }
      if (result.kind === 'client') return send(request, reply, 200, shellPage(locale, currency));
      return send(request, reply, result.status, result);
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/internal/')) {
        return apiNotFound(request, reply);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') return apiNotFound(request, reply);
      // A missing asset (an old hashed file) is a real 404, not the app.
      if (/\.[a-z0-9]{2,5}$/i.test(pathname)) return apiNotFound(request, reply);
      return renderPage(request, reply);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
