import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.js';
import type { Database } from './db/client.js';
import { authPlugin, staffActorOf } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { inputPlugin } from './plugins/input.js';
import { serializeError } from './lib/log.js';
import { localePlugin } from './plugins/locale.js';
import { openapiPlugin } from './plugins/openapi.js';
import { webPlugin } from './plugins/web.js';
import { pressurePlugin } from './plugins/pressure.js';
import { drainPlugin } from './plugins/drain.js';
import { cliChannelPlugin } from './cli/channel.js';
import { createServices, type Services } from './services.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authnRoutes } from './modules/authn/authn.routes.js';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js';
import { regionsRoutes } from './modules/regions/regions.routes.js';
import { catalogRoutes } from './modules/catalog/query/catalog.routes.js';
import { catalogStaffRoutes } from './modules/catalog/staff/catalog.staff.routes.js';
import { catalogTreeRoutes } from './modules/catalog/staff/catalog.staff.tree.routes.js';
import { catalogSheetRoutes } from './modules/catalog/sheets/catalog.sheet.routes.js';
import { catalogSearchRoutes } from './modules/catalog/search/catalog.search.routes.js';
import { favoritesRoutes } from './modules/favorites/favorites.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { chatSocketPlugin } from './modules/chat/chat.plugin.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { paypalRoutes } from './modules/payments/paypal.routes.js';
import { aftersalesRoutes } from './modules/aftersales/aftersales.routes.js';
import { quotesRoutes } from './modules/quotes/quotes.routes.js';
import { ordersStaffPlacedRoutes } from './modules/orders/orders.staff-placed.routes.js';
import { ordersStaffRoutes } from './modules/orders/orders.staff.routes.js';
import { orderShipmentsRoutes } from './modules/orders/orders.shipments.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { pricingRoutes } from './modules/pricing/pricing.routes.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { lookupRoutes } from './modules/lookup/lookup.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { stockRoutes } from './modules/stock/stock.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createMetrics } from './modules/metrics/metrics.registry.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { shippingStaffRoutes } from './modules/shipping/shipping.staff.routes.js';

/** A Host header that is only a host name or address and a port (anything else is not echoed). */
const HOST_HEADER = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** ws:// and wss:// of the host the page was served from, for connect-src. */
export function socketOrigins(host: string | undefined): string {
  if (!host || !HOST_HEADER.test(host)) return "'self'";
  return `ws://${host} wss://${host}`;
}

function chatOrigins(origin: string | undefined): string[] {
  if (!origin) return [];
  const url = new URL(origin);
  return [url.origin, `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
}

export interface BuildAppOptions {
  config: TConfig;
  database: Database;
  /** pino options or false; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Enables the loopback CLI channel with this secret (embedded database only). */
  cliSecret?: string;
}

export interface App {
  app: FastifyInstance;
  services: Services;
}

/** Builds the whole HTTP app (API, docs, web). It does not listen; server.ts does. */
export async function buildApp({ config, database, logger, cliSecret }: BuildAppOptions): Promise<App> {
  const serializers = {
    // Tokens travel in the WebSocket URL (?token=); they never reach the log.
    req: (req: { method: string; url: string; ip?: string }) => ({
      method: req.method,
      url: req.url.replace(/([?&]token=)[^&]*/gi, '$1***'),
      remoteAddress: req.ip,
    }),
    // Failed queries are logged without their parameter values (lib/log.ts).
    err: serializeError,
  };
  const app = Fastify({
    // Whatever logger a caller asks for, the serializers above apply.
    logger: logger === false ? false : { level: config.LOG_LEVEL, ...(typeof logger === 'object' ? logger : {}), serializers },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    forceCloseConnections: 'idle',
    requestTimeout: 30_000,
    // Malformed URLs the router refuses itself get the error shape too (plugins/errors.ts).
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices({ config, database, log: app.log });
  // Events from the other instances (sessions ended, settings changed) are heard from now on.
  await services.events.ready();

  // Shutdown: answers still in flight close their connection, so a proxy does not reuse it.
  await app.register(drainPlugin);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  // GET /metrics (token or loopback only) and the HTTP histogram, before the routes it measures.
  await app.register(metricsRoutes, {
    metrics: createMetrics({ database, outbox: services.outbox, chat: services.chat, caches: services.cacheStats }),
    token: config.METRICS_TOKEN,
  });
  // Load shedding comes first, so an overloaded server refuses work before doing any.
  await app.register(pressurePlugin, {
    maxEventLoopDelayMs: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedMb: config.PRESSURE_MAX_HEAP_USED_MB,
    exempt: ['/api/health', '/internal/cli', '/metrics', '/assets/*'],
  });
  await app.register(inputPlugin);
  // Security headers. helmet's middleware is made once: @fastify/helmet made it again for every
  // request, parsing the policy each time (a tenth of a cached list page's CPU, docs/catalog.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The chat WebSocket by name: this host (ws and wss) and the chat host when it has its own.
        connectSrc: ["'self'", (req: IncomingMessage) => socketOrigins(req.headers.host), ...chatOrigins(config.CHAT_ORIGIN)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err === undefined ? undefined : (err as Error))),
  );
  await app.register(cors, { origin: false });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(rateLimit, { global: false, ...(services.redis ? { redis: services.redis } : {}) });
  await app.register(authPlugin, { authn: services.authn });
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: () => database.ping(), kind: database.kind, pressure: () => app.pressureReport() });
      await api.register(authnRoutes, { authn: services.authn, credentials: services.credentials, links: services.passwordLinks });
      await api.register(accountRoutes, { account: services.account });
      await api.register(newsletterRoutes, { newsletter: services.newsletter });
      await api.register(regionsRoutes, { regions: services.regions });
      await api.register(catalogRoutes, {
        catalog: services.catalog.query,
        images: services.catalog.images,
        // The favourite flag on lists and details; favourites depend on the catalog, not the reverse.
        favoriteIdsOf: (userId, itemIds) => services.favorites.idsAmong(userId, itemIds),
        // A signed-in buyer's customer-group prices (modules/pricing), applied to their own answers only.
        buyerTermsOf: (userId, itemIds) => services.pricing.termsOf(userId, itemIds),
        // Suggestions while typing and the search log (docs/catalog.md, Search).
        search: {
          suggest: services.catalog.suggest,
          alternatives: services.catalog.alternatives,
          record: (keyword, found) => services.catalog.search.record(keyword, found),
        },
      });
      await api.register(favoritesRoutes, { favorites: services.favorites });
      await api.register(chatRoutes, {
        chat: services.chat.service,
        images: services.chat.images,
        account: services.account,
        buyerOrders: (buyerId) => services.customers.latestOrders(buyerId),
      });
      await api.register(shippingRoutes, { shipping: services.shipping });
      await api.register(cartRoutes, { cart: services.cart });
      await api.register(addressesRoutes, { addresses: services.addresses });
      await api.register(ordersRoutes, { orders: services.orders });
      await api.register(documentsRoutes, { documents: services.documents });
      await api.register(ordersStaffRoutes, { staff: services.ordersStaff, notes: services.orderNotes, actorOf: staffActorOf(services.account) });
      await api.register(ordersStaffPlacedRoutes, { staff: services.ordersStaff, placed: services.staffOrders, actorOf: staffActorOf(services.account) });
      await api.register(orderShipmentsRoutes, { staff: services.ordersStaff, actorOf: staffActorOf(services.account) });
      await api.register(auditRoutes, { audit: services.audit });
      await api.register(paypalRoutes, { paypal: services.paypal, publicOrigin: config.PUBLIC_ORIGIN });
      await api.register(aftersalesRoutes, { aftersales: services.aftersales, actorOf: staffActorOf(services.account) });
      await api.register(quotesRoutes, { quotes: services.quotes, actorOf: staffActorOf(services.account) });
      await api.register(customersRoutes, { customers: services.customers, actorOf: staffActorOf(services.account) });
      await api.register(staffRoutes, { staff: services.staff, actorOf: staffActorOf(services.account) });
      await api.register(lookupRoutes, { lookup: services.lookup });
      await api.register(dashboardRoutes, { dashboard: services.dashboard });
      await api.register(stockRoutes, { stock: services.stockStaff, actorOf: staffActorOf(services.account) });
      await api.register(catalogStaffRoutes, { items: services.catalogStaff.items, actorOf: staffActorOf(services.account) });
      await api.register(catalogTreeRoutes, { tree: services.catalogStaff.tree, actorOf: staffActorOf(services.account) });
      await api.register(catalogSheetRoutes, { sheets: services.catalogSheets, actorOf: staffActorOf(services.account) });
      await api.register(catalogSearchRoutes, {
        search: services.catalog.search,
        synonyms: services.catalogStaff.synonyms,
        actorOf: staffActorOf(services.account),
      });
      await api.register(pricingRoutes, { pricing: services.pricing, actorOf: staffActorOf(services.account) });
      await api.register(settingsRoutes, {
        staff: services.settingsStaff,
        actorOf: staffActorOf(services.account),
        carouselProducts: (view) => services.settingsStaff.carouselProducts(view),
      });
      await api.register(shippingStaffRoutes, { staff: services.shippingStaff, actorOf: staffActorOf(services.account) });
    },
    { prefix: '/api' },
  );
  // Chat WebSocket (/ws), outside /api (chat images: /api/chat/images, chat.routes.ts).
  await app.register(chatSocketPlugin, { chat: services.chat, authn: services.authn, account: services.account });

  if (cliSecret) await app.register(cliChannelPlugin, { secret: cliSecret, services });

  // robots.txt and the sitemaps: before the web plugin, whose not-found handler serves pages.
  await app.register(seoRoutes, { seo: services.seo, publicOrigin: config.PUBLIC_ORIGIN });

  await app.register(webPlugin, {
    webDist: config.WEB_DIST,
    publicOrigin: config.PUBLIC_ORIGIN,
    cacheStats: services.cacheStats,
    // Rendered pages show the catalog and the settings: they go when either changes.
    onContentChange: (listener) => {
      services.catalog.query.onInvalidate(listener);
      services.settings.onChange(listener);
    },
  });

  // The outbox worker (order mail) runs while the app does; instances claim messages row by row.
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or calls done()
  app.addHook('onReady', async () => {
    services.outbox.start();
    // The unpaid-order follow-up: every instance sweeps; each order is claimed, so each is reminded and cancelled once.
    services.unpaidOrders.start(config.UNPAID_SWEEP_INTERVAL_MS);
    // The search index is built in the background, so the first search does not wait for it (docs/catalog.md, Search).
    void services.catalog.search.index().catch((err: unknown) => app.log.warn({ err }, 'catalog search: first build'));
  });
  app.addHook('onClose', async () => {
    await services.close();
  });
  return { app, services };
}
