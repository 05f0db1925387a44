// Over 400 lines: the composition root wires every module to the services it needs, one block per module with its reason; splitting it would only scatter the wiring.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_SEARCH_LIMIT, type TLocale } from '@cubeshop/shared';
import { Redis } from 'ioredis';
import { CacheStats } from './lib/cache.js';
import { createClusterEvents } from './lib/cluster-events.js';
import { createFileObjectStorage, createMemoryObjectStorage, createS3ObjectStorage, scopedStorage } from './lib/object-storage.js';
import type { TConfig } from './config.js';
import type { Database } from './db/client.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { createAccountService } from './modules/account/account.service.js';
import path from 'node:path';
import { createCatalog, createCatalogStaff } from './modules/catalog/catalog.module.js';
import { createCatalogStaffRepository } from './modules/catalog/staff/catalog.staff.repository.js';
import { createStockRepository } from './modules/stock/stock.repository.js';
import { createStockService } from './modules/stock/stock.service.js';
import { createCatalogSheets } from './modules/catalog/sheets/catalog.import.js';
import { createCatalogSheetRepository } from './modules/catalog/sheets/catalog.sheet.repository.js';
import { createStockStaff } from './modules/stock/stock.staff.js';
import { createCatalogRepository } from './modules/catalog/catalog.repository.js';
import { createCatalogSearchRepository } from './modules/catalog/search/catalog.search.repository.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSettingsStaff } from './modules/settings/settings.staff.js';
import { createShippingStaff } from './modules/shipping/shipping.staff.js';
import { createFavoritesRepository } from './modules/favorites/favorites.repository.js';
import { createFavoritesService } from './modules/favorites/favorites.service.js';
import { createAuthnRepository } from './modules/authn/authn.repository.js';
import { createAuthnService } from './modules/authn/authn.service.js';
import { createCredentialsService } from './modules/authn/credentials.service.js';
import { createLimits } from './modules/authn/limits.js';
import { createOtpRepository } from './modules/authn/otp.repository.js';
import { createOtpService } from './modules/authn/otp.service.js';
import { createSigninSourcesRepository } from './modules/authn/signin-sources.repository.js';
import { createPasswordLinksRepository } from './modules/authn/password-links.repository.js';
import { createPasswordLinks, PASSWORD_LINK_OUTBOX_KIND } from './modules/authn/password-links.service.js';
import { createStaffRepository } from './modules/staff/staff.repository.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { createNewsletterService } from './modules/newsletter/newsletter.service.js';
import { createNotificationService, outboxMailDeliverer } from './modules/notifications/notifications.service.js';
import { createRegionsService } from './modules/regions/regions.service.js';
import { createChat } from './modules/chat/chat.module.js';
import { createShippingRepository } from './modules/shipping/shipping.repository.js';
import { createShippingService } from './modules/shipping/shipping.service.js';
import { createPaymentQrStorage } from './modules/shipping/shipping.qr.js';
import { createCartRepository } from './modules/cart/cart.repository.js';
import { createCartService } from './modules/cart/cart.service.js';
import { createAddressesRepository } from './modules/addresses/addresses.repository.js';
import { createAddressesService } from './modules/addresses/addresses.service.js';
import { createOrdersRepository } from './modules/orders/orders.repository.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createOrdersStaff } from './modules/orders/orders.staff.js';
import { createOrderEditsRepository } from './modules/orders/orders.edit.repository.js';
import { createStaffPlacedOrders } from './modules/orders/orders.staff-placed.js';
import { createOrderPlacing } from './modules/orders/orders.place.js';
import { createOrderNotes } from './modules/orders/orders.notes.js';
import { createOrderNotesRepository } from './modules/orders/orders.notes.repository.js';
import { createOrderSeeder } from './modules/orders/orders.seed.js';
import { createOrderNotifier } from './modules/orders/orders.notify.js';
import { createUnpaidFollowUp } from './modules/orders/orders.lapse.js';
import { paymentInstructionLines } from './modules/notifications/payment-instructions.mail.js';
import { createOutboxRepository } from './modules/outbox/outbox.repository.js';
import { createOutboxService } from './modules/outbox/outbox.service.js';
import { createOrdersStaffRepository } from './modules/orders/orders.staff.repository.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createSeoService } from './modules/seo/seo.service.js';
import { createPayPalClient } from './modules/payments/paypal.client.js';
import { createPayPalRepository } from './modules/payments/paypal.repository.js';
import { createPayPalService } from './modules/payments/paypal.service.js';
import { createDocumentsService } from './modules/documents/documents.service.js';
import { createAftersalesRepository } from './modules/aftersales/aftersales.repository.js';
import { createAftersalesService } from './modules/aftersales/aftersales.service.js';
import { createRequestPhotoStore } from './modules/aftersales/aftersales.photos.js';
import { createQuotesRepository } from './modules/quotes/quotes.repository.js';
import { createQuotesService } from './modules/quotes/quotes.service.js';
import { createOrderFacts } from './modules/orders/orders.facts.js';
import { createShipmentsRepository } from './modules/orders/orders.shipments.repository.js';
import { createCustomersRepository } from './modules/customers/customers.repository.js';
import { createCustomersService } from './modules/customers/customers.service.js';
import { createPricingRepository } from './modules/pricing/pricing.repository.js';
import { createPricingService } from './modules/pricing/pricing.service.js';
import { createOrdersBuyers } from './modules/orders/orders.buyers.js';
import { createOrdersBuyersRepository } from './modules/orders/orders.buyers.repository.js';
import { createLookupService } from './modules/lookup/lookup.service.js';
import { createOrdersSales } from './modules/orders/orders.sales.js';
import { createOrdersSalesRepository } from './modules/orders/orders.sales.repository.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';

export interface ServicesDeps {
  config: TConfig;
  database: Database;
  log: FastifyBaseLogger;
}

/**
 * Wires repositories into services once. HTTP routes, the CLI and background jobs all call these;
 * none of them touch the database directly.
 */
export function createServices({ config, database, log }: ServicesDeps) {
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  redis?.on('error', (err) => log.warn({ err }, 'redis error'));
  // This process among the instances sharing a Redis; events every instance must hear (sessions ended).
  const instanceId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const events = createClusterEvents({ redis, prefix: config.REDIS_PREFIX, instanceId, onError: (err) => log.warn({ err }, 'cluster events: redis') });
  // Hit and miss counts of this app's caches, by cache name (GET /metrics reads them).
  const cacheStats = new CacheStats();
  const regions = createRegionsService();
  const account = createAccountService(createAccountRepository(database.db), { isRegion: (id) => regions.isRegion(id), events });
  const authn = createAuthnService(createAuthnRepository(database.db), { users: account, events });
  // Accounts: one-time codes, sign-up/sign-in, newsletter. `clock` is the codes' time source (tests move it).
  const clock = { now: () => new Date() };
  const limits = createLimits(redis);
  const notifications = createNotificationService({ log, smtpUrl: config.SMTP_URL, mailFrom: config.MAIL_FROM });
  const otp = createOtpService({ repo: createOtpRepository(database.db), limits, notifications, log, now: () => clock.now() });
  // Mailed links that set a password (staff invitations and forced resets; docs/accounts.md, Staff accounts).
  const passwordLinks = createPasswordLinks(createPasswordLinksRepository(database.db), { people: account, now: () => clock.now() });
  const credentials = createCredentialsService({
    authn,
    account,
    otp,
    limits,
    links: passwordLinks,
    sources: createSigninSourcesRepository(database.db),
    now: () => clock.now(),
    log,
  });
  const newsletter = createNewsletterService({ account, otp });
  // Shop settings (exchange rate, free shipping): cached, dropped on every instance after a write.
  const settings = createSettingsService(createSettingsRepository(database.db), { events, cacheStats });
  // Stock per product and type (docs/catalog.md, Stock): reserved by orders, shown on pages.
  const stock = createStockService(createStockRepository(database.db));
  // Every picture (README, Running at scale): an S3-compatible bucket when S3_BUCKET is set, else
  // files in DATA_DIR/uploads; each kind in its folder (items/, chat/, requests/, payments/).
  const onPictureStorageError = (err: unknown) => log.warn({ err }, 'picture storage failed');
  const s3 = config.S3_BUCKET
    ? createS3ObjectStorage({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE ?? !!config.S3_ENDPOINT,
        prefix: config.S3_PREFIX,
        onError: onPictureStorageError,
      })
    : undefined;
  const pictures = s3 ?? createFileObjectStorage(path.join(config.DATA_DIR, 'uploads'), { onError: onPictureStorageError });
  // Tests share one DATA_DIR between their databases: pictures named by ids (products, brands,
  // payment methods) stay in each app's memory there, unless the test gives a bucket.
  const idPictures = config.NODE_ENV === 'test' && !s3 ? undefined : pictures;
  // Catalog: rendered product pictures, photos and logos under items/ (rendered ones only in memory in tests).
  const searchRepo = createCatalogSearchRepository(database.db);
  const catalog = createCatalog({
    cacheStats,
    repo: createCatalogRepository(database.db),
    searchRepo,
    onSearchError: (err) => log.warn({ err }, 'catalog search'),
    settings,
    events,
    stockLevels: (ids) => stock.levels(ids),
    imageStorage: idPictures && scopedStorage(idPictures, 'items/'),
    // Uploaded photos and brand logos (never rendered again): on disk beside the rendered pictures.
    uploadStorage: idPictures && scopedStorage(idPictures, 'items/'),
    onImageStorageError: onPictureStorageError,
  });
  // Favourites show a buyer's group prices (the pricing service below answers them when asked).
  const favoritesRepo = createFavoritesRepository(database.db);
  const favorites = createFavoritesService(favoritesRepo, catalog.query, (userId, ids) => pricing.termsOf(userId, ids));
  // Shipping, cart, addresses and orders (docs/orders.md). Payment methods' QR pictures under payments/.
  const paymentQr = createPaymentQrStorage(scopedStorage(idPictures ?? createMemoryObjectStorage(), 'payments/'));
  const shipping = createShippingService(createShippingRepository(database.db), {
    isRegion: (id) => regions.isRegion(id),
    regionName: (id, locale) => regions.regionName(id, locale),
    settings,
    events,
    qr: paymentQr,
  });
  // The back office: every staff change is audited in the change's transaction.
  const audit = createAuditService(createAuditRepository(database.db));
  // Staff stock changes (audited) and the public "in stock" count (docs/catalog.md, Stock).
  const stockStaff = createStockStaff(createStockRepository(database.db), {
    audit,
    items: (ids) => catalog.query.itemsForPricing(ids),
    // The stock screen finds products as the staff product list does (catalogStaff, made below).
    products: (query) => catalogStaff.items.list(query),
    countOnSale: (ids) => catalog.query.countOnSale(ids),
    changed: (itemId) => catalog.stockChanged([itemId]),
  });
  // The catalog back office: products, pictures, categories and brands (docs/catalog.md, Back office).
  const catalogStaff = createCatalogStaff(catalog, { repo: createCatalogStaffRepository(database.db), searchRepo, audit, stock });
  // Spreadsheet import and export of the catalog (docs/catalog.md, Spreadsheets): stock in the import's transaction.
  const catalogSheets = createCatalogSheets(createCatalogSheetRepository(database.db), {
    dictionary: catalog.dictionary,
    changed: catalog.changed,
    stock,
    audit,
  });
  // Customer groups and their prices (docs/catalog.md, Prices): the catalog and the cart ask what a buyer's group takes off.
  const pricing = createPricingService(createPricingRepository(database.db), { catalog: catalog.query, account, audit });
  const cart = createCartService(createCartRepository(database.db), {
    catalog: catalog.query,
    shipping,
    stock,
    buyerTermsOf: (userId, itemIds) => pricing.termsOf(userId, itemIds),
  });
  const addresses = createAddressesService(createAddressesRepository(database.db), { isRegion: (id) => regions.isRegion(id) });
  // Mail that must not be lost (order mail) goes through the transactional outbox: written with
  // the change, delivered with retries by every instance's worker, each message by the one that claimed it (modules/outbox).
  const outbox = createOutboxService(createOutboxRepository(database.db), {
    log,
    instanceId,
    intervalMs: config.OUTBOX_INTERVAL_MS,
    retryBaseMs: config.OUTBOX_RETRY_MS,
  });
  // The shop's address in mail links: PUBLIC_ORIGIN, else this server's own.
  const publicOrigin = config.PUBLIC_ORIGIN ?? `http://${config.HOST}:${config.PORT}`;
  const notifier = createOrderNotifier({
    outbox,
    contact: (id) => account.contact(id),
    origin: publicOrigin,
    // How to pay by the order's method, in the "order placed" mail (docs/orders.md, Buyer e-mail).
    instructionLines: paymentInstructionLines,
  });
  const ordersRepo = createOrdersRepository(database.db);
  // Best-match ties go to what buyers order and favourite most (the catalog does not read those tables).
  catalog.search.setPopularity(
    (limit) => ordersRepo.orderCountsByItem(limit),
    (limit) => favoritesRepo.countsByItem(limit),
  );
  const bankDetails = () => settings.get('bankTransfer');
  const notesRepo = createOrderNotesRepository(database.db);
  // How buyers pay by methods other than bank transfer (payment methods' instructions, docs/orders.md).
  const paymentInstructions = (methodId: string, locale: TLocale) => shipping.paymentInstructions(methodId, locale);
  // The parcels an order left in (docs/orders.md, Split shipments): on the buyer's and the staff's order.
  const shipments = createShipmentsRepository(database.db);
  // The one place an order is placed (docs/orders.md, Placing an order): checkout, accepted quotes, orders staff take for a buyer.
  const placing = createOrderPlacing({ orders: ordersRepo, stock, stockMoved: catalog.stockMoved, events, notifier, paymentInstructions, audit });
  const orders = createOrdersService(ordersRepo, {
    cart,
    stock,
    stockMoved: catalog.stockMoved,
    catalog: catalog.query,
    shipping,
    placing,
    bankDetails,
    notes: notesRepo,
    paymentInstructions,
    shipments,
    unpaidPolicy: () => settings.unpaidOrders(),
  });
  // Order documents (PDF); the "order placed" mail carries the proforma, rendered when the outbox delivers it.
  const documents = createDocumentsService({
    orders,
    regionName: (id, locale) => regions.regionName(id, locale),
    // The seller printed on documents and the payment method's QR picture on the proforma.
    settings,
    shipping,
    // The "quote sent" mail carries the quotation (quotes is made below; asked only when a mail leaves).
    quotes: () => quotes,
  });
  outbox.register(
    'mail',
    outboxMailDeliverer(
      (mail) => notifications.sendMail(mail),
      (refs) => documents.mailAttachments(refs),
    ),
  );
  // Password link mail: the link is made when the mail leaves, so the outbox row holds no secret.
  outbox.register(
    PASSWORD_LINK_OUTBOX_KIND,
    passwordLinks.deliverer({ origin: publicOrigin, send: (mail) => notifications.sendMail(mail), mailConfigured: notifications.mailConfigured, log }),
  );
  // Staff accounts, managed by the owner: invitations, roles, disabling, forced resets (docs/accounts.md, Staff accounts).
  const staff = createStaffService(createStaffRepository(database.db), { account, sessions: authn, links: passwordLinks, outbox, audit });
  // Shop settings and shipping/payment configuration edited by the owner (modules/settings, modules/shipping).
  const settingsStaff = createSettingsStaff(createSettingsRepository(database.db), {
    settings,
    audit,
    catalog: catalog.query,
    people: account,
  });
  const shippingStaff = createShippingStaff(createShippingRepository(database.db), { shipping, audit, isRegion: (id) => regions.isRegion(id), qr: paymentQr });
  const orderEdits = createOrderEditsRepository(database.db);
  const ordersStaff = createOrdersStaff(ordersRepo, createOrdersStaffRepository(database.db), {
    audit,
    stock,
    stockMoved: catalog.stockMoved,
    buyers: account,
    unpaidPolicy: () => settings.unpaidOrders(),
    events,
    notifier,
    bankDetails,
    notes: notesRepo,
    paymentInstructions,
    shipments,
    edits: { catalog: catalog.query, termsOf: (userId, itemIds) => pricing.termsOf(userId, itemIds), repo: orderEdits },
  });
  // Orders staff take for a buyer (docs/orders.md, Orders taken for a buyer): checkout's path with the lines from the request.
  const staffOrders = createStaffPlacedOrders({
    repo: orderEdits,
    catalog: catalog.query,
    termsOf: (userId, itemIds) => pricing.termsOf(userId, itemIds),
    shipping,
    placing,
    isBuyer: async (id) => (await account.sessionFacts([id])).get(id)?.role === null,
  });
  const orderNotes = createOrderNotes(ordersRepo, notesRepo, { audit, notifier });
  // The unpaid-order follow-up (docs/orders.md, Unpaid orders): reminders and cancels by the settings' days, on a timer on every instance.
  const unpaidOrders = createUnpaidFollowUp({ orders: ordersRepo, staff: ordersStaff, notifier, audit, policy: () => settings.unpaidOrders(), log });
  // After-sales requests (cancel, return): photos under requests/, served to the buyer and staff only.
  const aftersales = createAftersalesService(createAftersalesRepository(database.db), {
    orders: createOrderFacts(ordersRepo),
    ordersStaff,
    audit,
    people: account,
    photos: createRequestPhotoStore(scopedStorage(pictures, 'requests/')),
    outbox,
    origin: publicOrigin,
  });
  // Quotes (docs/orders.md, Quotes): asked from the cart, priced and sent by sales, accepted into one order through the orders module.
  const quotes = createQuotesService(createQuotesRepository(database.db), {
    cart,
    catalog: catalog.query,
    orders: orders.quoted,
    audit,
    people: account,
    outbox,
    events,
    documents,
    origin: publicOrigin,
  });
  // robots.txt and the sitemaps, from the catalog's query side (README, SEO).
  // PayPal online payment when the credentials are set (docs/orders.md, PayPal); else invoice by e-mail.
  const paypal = createPayPalService({
    client:
      config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
        ? createPayPalClient({
            clientId: config.PAYPAL_CLIENT_ID,
            clientSecret: config.PAYPAL_CLIENT_SECRET,
            environment: config.PAYPAL_ENVIRONMENT,
            baseUrl: config.PAYPAL_API_URL,
          })
        : undefined,
    repo: createPayPalRepository(database.db),
    orders,
    ordersStaff,
    facts: createOrderFacts(ordersRepo),
    webhookId: config.PAYPAL_WEBHOOK_ID,
    log,
  });
  const seo = createSeoService({ catalog: catalog.query, chunkSize: config.SITEMAP_CHUNK_SIZE, cacheStats });
  // Chat: customer-service WebSocket hub, queue and translation (Redis fan-out when REDIS_URL is set).
  // Chat images under chat/, private to their conversation (modules/chat/chat.images.ts).
  const chat = createChat({
    config,
    db: database.db,
    redis,
    account,
    sessions: authn,
    events,
    instanceId,
    log,
    cacheStats,
    pictures: scopedStorage(pictures, 'chat/'),
  });
  // Customers: buyers' pages from the account, orders, addresses and chat modules; disabling ends sessions (docs/orders.md).
  const customers = createCustomersService(createCustomersRepository(database.db), {
    account,
    sessions: authn,
    orders: createOrdersBuyers(createOrdersBuyersRepository(database.db)),
    addresses,
    chat: chat.buyerHistory,
    audit,
  });
  // The back office search box: orders, customers and products at once, as each list finds them (docs/orders.md, Staff search).
  const lookup = createLookupService({ orders: ordersStaff, customers, products: catalogStaff.items }, ADMIN_SEARCH_LIMIT);
  // The sales dashboard (the back office's first screen for owner and sales): each figure from its own module's service.
  const dashboard = createDashboardService({
    sales: createOrdersSales(createOrdersSalesRepository(database.db)),
    lowStock: async () => {
      const sheet = await stockStaff.sheet({ stockStatus: 'low', page: 1, recPerPage: 20 });
      const styles = sheet.data.flatMap((p) =>
        p.styles
          .filter((s) => s.stockStatus === 'low')
          .map((s) => ({
            itemId: p.id,
            nameZh: p.nameZh,
            nameEn: p.nameEn,
            code: s.code,
            zh: s.zh,
            en: s.en,
            available: s.available,
            lowStockAt: p.lowStockAt,
          })),
      );
      return { products: sheet.pager.recTotal, styles: styles.slice(0, 20) };
    },
    // Open after-sales requests and quote requests waiting for staff.
    openRequests: async () => (await aftersales.queue({ status: 'open', page: 1, recPerPage: 1 })).pager.recTotal + (await quotes.openCount()),
    chatLoad: async () => {
      const [waiting, serving] = await Promise.all([chat.service.listWaiting(), chat.service.listServing()]);
      return { waiting: waiting.length, serving: serving.length };
    },
    events,
  });
  return {
    config,
    database,
    redis,
    events,
    authn,
    account,
    regions,
    clock,
    limits,
    notifications,
    otp,
    credentials,
    passwordLinks,
    staff,
    newsletter,
    settings,
    settingsStaff,
    shippingStaff,
    catalog,
    catalogStaff,
    catalogSheets,
    stock,
    stockStaff,
    favorites,
    shipping,
    cart,
    addresses,
    orders,
    ordersStaff,
    staffOrders,
    documents,
    aftersales,
    quotes,
    orderNotes,
    unpaidOrders,
    paypal,
    outbox,
    orderSeeder: createOrderSeeder(ordersRepo, events),
    audit,
    seo,
    chat,
    customers,
    lookup,
    dashboard,
    pricing,
    cacheStats,
    async close() {
      await catalog.search.close().catch((err: unknown) => log.warn({ err }, 'catalog search: last flush'));
      await unpaidOrders.stop();
      await outbox.stop();
      await chat.close();
      await events.close();
      notifications.close();
      s3?.close();
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
export type Services = ReturnType<typeof createServices>;
