import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { LOCALES, type TCreateSsrRenderer, type TLocale, type TSsrRequest, type TSsrResult } from '@cubeshop/shared';
import type { PageContext, PageMeta, PrefetchResult } from '@/app/page';
import { routes } from '@/app/router';
import { showsSidebar } from '@/app/shell';
import { buildTitle, titleKeyOf, type RouteHandle } from '@/app/title';
import { categoriesQuery } from '@/features/catalog/api/get-categories';
import { shopSettingsQuery } from '@/lib/shop-settings';
import { htmlLang } from '@/lib/locale';
import { createQueryClient } from '@/lib/query-client';
import { BOOT_ELEMENT_ID, setRenderContextSource, STATE_ELEMENT_ID, type BootData, type HydrationState, type RenderContext } from '@/lib/render-context';
import { headTags } from './entry-server-head';
import { contentFirstTemplate } from './entry-server-scripts';
import { stockSummaryQuery } from '@/lib/skus-in-stock';

/**
 * Server rendering of the public pages (docs/architecture.md; the contract is @cubeshop/shared ssr). The
 * server loads this bundle once and calls render() per request: the router's static handler
 * matches the URL (one route table for both sides, app/router.tsx), the page's route module
 * prefetches what its first render needs into a QueryClient of this request, React renders the
 * whole tree to HTML (waiting for every Suspense boundary, so crawlers get the full page), and the
 * HTML carries the query cache and the router's state for the browser to hydrate from.
 */

/* ---------- one i18next per language, every namespace loaded (no suspense on the server) ---------- */

const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(localeFiles)) {
  const match = /\/locales\/(\w+)\/(\w+)\.json$/.exec(file);
  if (match) (resources[match[1]!] ??= {})[match[2]!] = texts;
}

function translator(locale: TLocale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    resources,
    ns: Object.keys(resources[locale] ?? {}),
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
const translators = Object.fromEntries(LOCALES.map((locale) => [locale, translator(locale)])) as Record<TLocale, I18n>;

/* ---------- the request being rendered ---------- */

const requests = new AsyncLocalStorage<RenderContext>();
setRenderContextSource(() => requests.getStore());

/** fetch for the API client, answered by the server in-process (TSsrRequest.fetchApi). */
function apiFetch(request: TSsrRequest): typeof fetch {
  return async (input) => {
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(target, request.origin);
    const answer = await request.fetchApi(`${url.pathname}${url.search}`);
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };
}

/* ---------- rendering ---------- */

const handler = createStaticHandler(routes);
/** Longest a page may take to render before it is cut (the client then finishes it). */
const RENDER_TIMEOUT_MS = 10_000;

function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, in document order: no script (the Content-Security-Policy allows
      // none inline) has to move content into place, and crawlers read the page as it is.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // Crawlers and shared links get the whole page: wait for every boundary, then write.
      onAllReady() {
        if (!failed) stream.pipe(sink);
      },
      onShellError(error) {
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        // A boundary that failed renders its fallback; the browser retries it after hydration.
        if (!(error instanceof Error && error.name === 'AbortError')) console.error('server render:', error);
      },
    });
    setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

/** JSON inside a <script>: nothing in it may close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The router's state for the browser's createBrowserRouter({ hydrationData }). */
function routerState(context: StaticHandlerContext): HydrationState['router'] {
  return { loaderData: context.loaderData, actionData: context.actionData, errors: null };
}

async function renderPage(request: TSsrRequest, url: URL, template: string, i18n: I18n): Promise<TSsrResult> {
  const queryClient: QueryClient = createQueryClient();
  // A query that failed in prefetch renders its error state (a product that does not exist says
  // so, with its 404), not the loading state a refetch on mount would start and never finish here.
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const context = await handler.query(new Request(url.href, { headers: { accept: 'text/html' } }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status >= 300 && context.status < 400 ? context.status : 302, location: context.headers.get('Location') ?? '/' };
  }
  const leaf = context.matches[context.matches.length - 1];
  const page: PageContext = { queryClient, params: leaf?.params ?? {}, url, locale: request.locale, currency: request.currency };
  const modules = await Promise.all(context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.module?.() ?? []));

  // What the shell and the page need for their first render.
  const results: (PrefetchResult | void)[] = await Promise.all([
    showsSidebar(url.pathname) ? queryClient.prefetchQuery(categoriesQuery()) : undefined,
    // the footer's contact details (owner's settings): no flash of the built-in ones after hydration
    queryClient.prefetchQuery(shopSettingsQuery()),
    // the pages' "N+ SKUs in stock" from real counts (footer, home, about, policy)
    queryClient.prefetchQuery(stockSummaryQuery()),
    ...modules.map((module) => module.prefetch?.(page)),
  ]);
  const status = Math.max(context.statusCode, ...results.map((r) => r?.status ?? 200));

  const t = i18n.getFixedT(request.locale);
  const meta: PageMeta = {};
  for (const module of modules) Object.assign(meta, module.meta?.({ ...page, t, origin: request.origin }));
  const titleKey = titleKeyOf(context.matches.map((m) => ({ handle: m.route.handle as unknown, params: m.params })));
  const title = buildTitle(meta.title ?? (titleKey ? t(titleKey) : undefined), t('app.name'));

  const router = createStaticRouter(handler.dataRoutes, context);
  const body = await renderToHtml(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );

  // A page whose data failed (a product that does not exist) is rendered again by the browser
  // instead of hydrated: its error state is not carried across.
  const failed =
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error') || Boolean(context.errors);
  const boot: BootData = { locale: request.locale, currency: request.currency, ssr: !failed };
  const state: HydrationState = { router: routerState(context), queries: dehydrate(queryClient) };
  const data = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>${failed ? '' : `<script type="application/json" id="${STATE_ELEMENT_ID}">${scriptJson(state)}</script>`}`;
  queryClient.clear();

  const html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${htmlLang(request.locale)}"`)
    .replace(/<!--ssr-head-->[\s\S]*?<!--\/ssr-head-->/, headTags({ title, meta, url, request }))
    .replace('<!--ssr-body-->', body)
    .replace('<!--ssr-data-->', data);
  return { kind: 'page', status, html };
}

export const createSsrRenderer: TCreateSsrRenderer = ({ template: built }) => {
  const template = contentFirstTemplate(built);
  return {
    async render(request) {
      const url = new URL(request.url, request.origin);
      const matches = matchRoutes(routes, url.pathname);
      const handle = matches?.[matches.length - 1]?.route.handle as RouteHandle | undefined;
      if (!handle?.ssr) return { kind: 'client' };
      const i18n = translators[request.locale];
      const context: RenderContext = {
        locale: request.locale,
        currency: request.currency,
        t: (key, options) => i18n.t(key, options),
        fetch: apiFetch(request),
      };
      return requests.run(context, () => renderPage(request, url, template, i18n));
    },
  };
};
