// Over 400 lines: the catalog's read side with its caches, one service other modules import.
import {
  CURRENCIES,
  LOCALES,
  displayRangeToBaseMinor,
  majorStringToMinor,
  NEWEST_DAYS,
  NEWEST_MIN_COUNT,
  SEARCH_COUNT_CAP,
  type TCategory,
  type TCurrency,
  type TLocale,
  type TProduct,
  type TProductDetail,
  type TProductList,
  type TProductListQuery,
  type TProductTag,
  type TSupplier,
} from '@cubeshop/shared';
import { notFound } from '../../../lib/app-error.js';
import { LoadingCache, type CacheStats } from '../../../lib/cache.js';
import type { CategoryDictionary } from '../cache/catalog.dictionary.js';
import { withBuyerTerms, type BuyerTerms } from './catalog.buyer-terms.js';
import { paidFenOf, toPricing, toProduct, type PricingItem, type ProductFen, type View } from './catalog.mapper.js';
import type { StockLine } from '../../stock/stock.service.js';
import type { CatalogRepository, ItemFilter, ItemRun, ItemSort, ItemStamp } from '../catalog.repository.js';
import { parseKeyword } from '../search/catalog.search.text.js';
import type { CatalogSearch } from '../search/catalog.search.service.js';
import { answerOf } from '../../../lib/kept-answer.js';
import { createFragments } from '../cache/catalog.product-json.js';

/**
 * The read side of the catalog (docs/catalog.md): lists, search, details, brands and the
 * category tree for the shop window, and current prices for the cart and orders. What is the
 * same for every buyer is cached here (docs/architecture.md, Speed on the hot paths).
 */

export interface CatalogQueryOptions {
  /** Lifetime of cached list pages and details, ms (default 30 s). */
  pageTtlMs?: number | undefined;
  /** Lifetime of brands per category, id lists, keyword matches and the newest threshold, ms (default 60 s). */
  dictTtlMs?: number | undefined;
  /** Read every product into the kept fragments in the background after a start or change (default true). */
  warm?: boolean | undefined;
  /** Where keyword-search counts stop (default SEARCH_COUNT_CAP). */
  searchCountCap?: number | undefined;
  now?: (() => Date) | undefined;
}

export interface CatalogQueryDeps {
  dictionary: CategoryDictionary;
  /** CNY per USD (the settings module keeps it). */
  cnyPerUsd: () => Promise<number>;
  /** Stock lines of these products (the stock module); absent: every product reads as not tracked. */
  stockLevels?: ((ids: readonly number[]) => Promise<Map<number, StockLine[]>>) | undefined;
  /** The search index (keyword lists, docs/catalog.md, Search). */
  search: CatalogSearch;
}

/** A list page as cached for every buyer; never mutated (favourite flags are applied on copies). */
export interface ProductPage {
  /** The body as sent, UTF-8 (made from kept product fragments, docs/catalog.md, Speed). */
  bytes: Buffer;
  /** The body parsed, made on first use (favourites, group prices, the home page). */
  readonly body: TProductList;
  ids: number[];
  /** Each product's price and tiers in fen, in the order of body.data (a buyer's group prices are derived from them). */
  fen: ProductFen[];
}

/** A cached detail and its price in fen. */
export interface PricedDetail {
  bytes: Buffer;
  readonly body: TProductDetail;
  fen: ProductFen;
}

/** Products the background pass reads at a time: building the cards of 1,000 held the event loop ~65 ms. */
const WARM_BATCH = 250;

/** A keyword search's matches: best match first, and ascending by price and by last update. */
type KeywordMatches = { relevance: Float64Array; byPrice: Float64Array; byUpdated: Float64Array };
const NO_MATCHES: KeywordMatches = { relevance: new Float64Array(0), byPrice: new Float64Array(0), byUpdated: new Float64Array(0) };

/** One page of an ascending id list, read forwards (asc) or from the end (desc). */
function sliceIds(list: Float64Array, order: ItemSort['order'], offset: number, limit: number): number[] {
  if (order === 'asc') return Array.from(list.subarray(offset, offset + limit));
  const end = Math.max(0, list.length - offset);
  return Array.from(list.subarray(Math.max(0, end - limit), end)).reverse();
}

export function createCatalogQuery(
  repo: CatalogRepository,
  deps: CatalogQueryDeps,
  options: CatalogQueryOptions & { cacheStats?: CacheStats | undefined } = {},
) {
  const { dictionary, cnyPerUsd } = deps;
  // One extra query per page for its ids' stock (docs/catalog.md, Stock), run beside the rows' query.
  const noStock = new Map<number, StockLine[]>();
  const levelsOf = (ids: readonly number[]) => (deps.stockLevels && ids.length > 0 ? deps.stockLevels(ids) : Promise.resolve(noStock));
  const now = options.now ?? (() => new Date());
  // The caches ask for the time on every read: no Date made for it unless a test moves time.
  const testNow = options.now;
  const clock = testNow ? () => testNow().getTime() : Date.now;
  const pageTtlMs = options.pageTtlMs ?? 30_000;
  const ttlMs = options.dictTtlMs ?? 60_000;
  const countCap = options.searchCountCap ?? SEARCH_COUNT_CAP;

  // Caches of what is the same for every buyer: short lifetimes, emptied by a write in this process.
  // Id lists, the newest threshold and brands change with writes (which clear them) or slowly:
  // past their lifetime they are still answered while read again (no request waits for it).
  const newestCache = new LoadingCache<Date>({ ttlMs, maxEntries: 1, now: clock, staleWhileRevalidate: true });
  // Ordered id lists per filter and sort key (8 bytes an id): 4 M ids, 32 MB, at most in each.
  const idLists = new LoadingCache<Float64Array>({
    ttlMs,
    maxEntries: 5_000,
    now: clock,
    staleWhileRevalidate: true,
    weigh: (ids) => ids.length + 16,
    maxWeight: 4_000_000,
    name: 'catalog.ids',
    stats: options.cacheStats,
  });
  const keywordLists = new LoadingCache<KeywordMatches>({
    ttlMs,
    maxEntries: 5_000,
    now: clock,
    name: 'catalog.keywords',
    stats: options.cacheStats,
    weigh: (m) => m.byPrice.length * 3 + 16,
    maxWeight: 4_000_000,
  });
  // Bounded by memory: a cached page is 120 products plus its JSON and compressed forms (~0.2 MB).
  // (a page nobody else asks for again is written from the fragments in well under a millisecond,
  // so the budgets here are for shared answers, not for every page: RSS stays under 1 GB at 100k)
  const pageCache = new LoadingCache<ProductPage>({ ttlMs: pageTtlMs, maxEntries: 300, now: clock, name: 'catalog.pages', stats: options.cacheStats });
  // Details are ~3 KB of JSON (plus a compressed form, ~a third of it): 24 MB of them at most.
  const detailCache = new LoadingCache<PricedDetail>({
    ttlMs: pageTtlMs,
    maxEntries: 50_000,
    now: clock,
    name: 'catalog.details',
    stats: options.cacheStats,
    weigh: (d) => Math.ceil(d.bytes.length * 1.4) + 512,
    maxWeight: 24_000_000,
  });
  // Product cards and detail fields kept ready per language and currency (catalog.product-json.ts).
  const fragments = createFragments(
    { findByIds: (ids) => repo.findByIds(ids), findDetail: (id) => repo.findDetail(id), levelsOf },
    { statusTtlMs: pageTtlMs, now: clock },
  );
  // Every product on sale read into the fragments in the background, started by list requests
  // every 2/3 of a page lifetime (after a start or a catalog change: all of them; later: the stock
  // states nobody's page has had read again for 1.5 lifetimes, before they are too old to use), so
  // a page nobody opened before is written from memory too (docs/catalog.md, Speed on the hot
  // paths). States of products on pages people open are read again as they pass their lifetime.
  let warmedAt = -Infinity;
  const warmAll = () => {
    if (options.warm === false || clock() - warmedAt < (pageTtlMs * 2) / 3) return;
    warmedAt = clock();
    void idLists
      .get('{}|basePrice', () => repo.orderedIds({}, 'basePrice'))
      .then((all) => fragments.warm(all, WARM_BATCH, pageTtlMs * 1.5))
      .catch(() => (warmedAt = -Infinity));
  };
  const supplierCache = new LoadingCache<number[]>({ ttlMs, maxEntries: 500, now: clock, staleWhileRevalidate: true });

  /**
   * Label N threshold: products created at or after it are "newest". It is the earlier of
   * (now − NEWEST_DAYS) and the creation time of the NEWEST_MIN_COUNT-th newest product, so N
   * covers everything from the last 30 days and never fewer than 60 products.
   */
  const newestSince = () =>
    newestCache.get('newest', async () => {
      const byDays = new Date(now().getTime() - NEWEST_DAYS * 86_400_000);
      const nth = await repo.nthNewestCreatedAt(NEWEST_MIN_COUNT);
      if (!nth) return new Date(0);
      return nth < byDays ? nth : byDays;
    });

  /** What every product of an answer is mapped with: rate, dictionary and newest threshold. */
  const contextOf = async (view: View) => {
    const [rate, dict, since] = await Promise.all([cnyPerUsd(), dictionary.get(), newestSince()]);
    return { view, rate, dict, since };
  };

  async function filterOf(tag: TProductTag | 'all', q: TProductListQuery, currency: TCurrency): Promise<ItemFilter> {
    const filter: ItemFilter = {};
    if (q.categoryId !== undefined) {
      const ids = (await dictionary.get()).descendants.get(q.categoryId);
      if (!ids) throw notFound('categoryNotFound');
      filter.categoryIds = ids;
    }
    filter.supplierId = q.supplierId;
    if (q.minPrice !== undefined || q.maxPrice !== undefined) {
      const min = q.minPrice === undefined ? undefined : majorStringToMinor(q.minPrice, 'min');
      const max = q.maxPrice === undefined ? undefined : majorStringToMinor(q.maxPrice, 'max');
      const fen = displayRangeToBaseMinor(min, max, currency, await cnyPerUsd());
      filter.minFen = fen.min;
      filter.maxFen = fen.max;
    }
    filter.search = parseKeyword(q.keyword);
    if (tag === 'hot') filter.hot = true;
    if (tag === 'discount') filter.discounted = true;
    if (tag === 'newest') filter.createdSince = await newestSince();
    return filter;
  }

  /**
   * The ids of one page and the total, from cached id lists (docs/catalog.md, Speed):
   * - without a keyword, the whole ordered id list of the filter and sort key, read from the
   *   covering list indexes; any page, either order, and the total are then slices of memory;
   * - with a keyword, every match in best-match, price and update order, from the search index
   *   (catalog.search.index.ts) in one pass; past countCap matches the total says "countCap
   *   or more" and pages stop there.
   */
  async function pageIds(
    filter: ItemFilter,
    sort: ItemSort,
    offset: number,
    limit: number,
    relevance = false,
  ): Promise<{ ids: number[]; total: number; capped: boolean }> {
    const filterKey = JSON.stringify(filter);
    if (!filter.search) {
      const list = await idLists.get(`${filterKey}|${sort.field}`, () => repo.orderedIds(filter, sort.field));
      return { ids: sliceIds(list, sort.order, offset, limit), total: list.length, capped: false };
    }
    const keyword = filter.search.tokens.join(' ');
    const matches = await keywordLists.get(filterKey, async () => (await deps.search.index()).search(keyword, filter) ?? NO_MATCHES);
    const capped = matches.relevance.length > countCap;
    if (capped && offset >= countCap) return { ids: [], total: countCap, capped };
    const ids = relevance
      ? Array.from(matches.relevance.subarray(offset, offset + limit))
      : sliceIds(sort.field === 'basePrice' ? matches.byPrice : matches.byUpdated, sort.order, offset, limit);
    return { ids, total: capped ? countCap : matches.relevance.length, capped };
  }

  const detailKey = (id: number, locale: string, currency: string) => `${id}|${locale}|${currency}`;
  const pricedDetail = (id: number, view: View): Promise<PricedDetail> =>
    detailCache.get(detailKey(id, view.locale, view.currency), async () => {
      const found = await fragments.detail(id, await contextOf(view));
      if (!found) throw notFound('itemNotFound');
      return answerOf<TProductDetail, Pick<PricedDetail, 'fen'>>(found.json, { fen: found.fen });
    });

  const changeListeners = new Set<() => void>();
  // What was made from an index older than the last change (a large catalog's rebuild) goes once a newer is in.
  deps.search.onRebuilt(() => {
    keywordLists.clear();
    pageCache.clear();
    for (const listener of changeListeners) listener();
  });
  /** What any product write may change: lists, pages, details, brands per category, the newest threshold, the index. */
  function dropDerived(ids?: readonly number[]) {
    for (const listener of changeListeners) listener();
    newestCache.clear();
    idLists.clear();
    keywordLists.clear();
    if (ids) deps.search.itemsChanged(ids);
    else deps.search.invalidate();
    pageCache.clear();
    detailCache.clear();
    supplierCache.clear();
  }

  return {
    /** Empties every cache (and the category dictionary); call after any write to products, categories, brands or the rate. */
    invalidate() {
      dropDerived();
      dictionary.invalidate();
      fragments.clear();
      warmedAt = -Infinity;
    },

    /**
     * After a staff write of these products only: what is kept of them goes, with every list, page
     * and detail (a write may move them in any); the search reads just them again (itemsChanged).
     */
    itemsChanged(ids: readonly number[]) {
      dropDerived(ids);
      fragments.forget(ids);
    },

    /**
     * After a stock change of these products only: their states are read again, and pages and
     * details (which show them) are made again from what is kept; names, prices, orders and the
     * search index stay (nothing they hold depends on stock). `pages` false (an order moved the
     * stock): cached pages keep their states for their lifetime; only these products' details go.
     */
    stockChanged(ids: readonly number[], pages = true) {
      fragments.forgetStates(ids);
      if (!pages) {
        for (const id of ids) for (const locale of LOCALES) for (const currency of CURRENCIES) detailCache.delete(detailKey(id, locale, currency));
        return;
      }
      pageCache.clear();
      detailCache.clear();
      for (const listener of changeListeners) listener();
    },

    /** Hears every invalidate() (what is cached downstream of the catalog, rendered pages, must go too). */
    onInvalidate(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    async categoryTree(locale: TLocale): Promise<TCategory[]> {
      return (await dictionary.get()).trees[locale];
    },

    /** Brands, optionally only those with products in a category or its descendants. */
    async suppliers(locale: TLocale, categoryId?: number): Promise<TSupplier[]> {
      const dict = await dictionary.get();
      let categoryIds: number[] | undefined;
      if (categoryId !== undefined) {
        categoryIds = dict.descendants.get(categoryId);
        if (!categoryIds) throw notFound('categoryNotFound');
      }
      const ids = new Set(await supplierCache.get(String(categoryId ?? 'all'), () => repo.supplierIdsWithItems(categoryIds)));
      const refs = dict.supplierRefs[locale];
      return [...dict.suppliers.values()].filter((s) => ids.has(s.id)).map((s) => refs.get(s.id)!);
    },

    /** One page of GET /api/items (or a tag list) in the buyer's language and currency. */
    async list(tag: TProductTag | 'all', q: TProductListQuery, view: View): Promise<ProductPage> {
      const field = q.sortBy === 'basePrice' ? 'basePrice' : 'lastUpdatedTime';
      const sort: ItemSort = { field, order: q.order ?? (field === 'basePrice' ? 'asc' : 'desc') };
      const search = parseKeyword(q.keyword);
      // Best match (docs/catalog.md, Search): the default with a keyword; without one it reads as newest first.
      const relevance = !!search && (q.sortBy === undefined || q.sortBy === 'relevance');
      const key = JSON.stringify([
        tag,
        search?.tokens.join(' ') ?? '',
        q.categoryId ?? 0,
        q.supplierId ?? 0,
        q.minPrice ?? '',
        q.maxPrice ?? '',
        relevance ? 'relevance' : sort.field,
        relevance ? '' : sort.order,
        q.page,
        q.recPerPage,
        view.locale,
        view.currency,
      ]);
      warmAll();
      return pageCache.get(key, async () => {
        const filter = await filterOf(tag, q, view.currency);
        const [found, context] = await Promise.all([pageIds(filter, sort, (q.page - 1) * q.recPerPage, q.recPerPage, relevance), contextOf(view)]);
        const pager = found.capped
          ? { page: q.page, recPerPage: q.recPerPage, recTotal: countCap, recTotalCapped: true }
          : { page: q.page, recPerPage: q.recPerPage, recTotal: found.total };
        // Byte for byte what JSON.stringify({ data, pager }) of the mapped products gives.
        const page = await fragments.page(found.ids, context, pager);
        return answerOf<TProductList, Pick<ProductPage, 'ids' | 'fen'>>(page.bytes, { ids: page.ids, fen: page.fen });
      });
    },

    /** Products by id in the given order (favourites); unknown ids are skipped. */
    async productsByIds(ids: number[], view: View, terms?: BuyerTerms | null): Promise<TProduct[]> {
      if (ids.length === 0) return [];
      const [rows, context, levels] = await Promise.all([repo.findByIds(ids), contextOf(view), levelsOf(ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const product = toProduct(row, context, levels.get(id));
        // `terms`: a signed-in buyer's customer-group prices (docs/catalog.md, Prices).
        return [terms ? withBuyerTerms(product, paidFenOf(row), terms, context.rate) : product];
      });
    },

    /**
     * Every product by id in runs of `size` (sitemap chunks): ids, count and latest update of
     * each. Not cached here: callers keep what they build from it and listen to onInvalidate.
     */
    async productRuns(size: number): Promise<ItemRun[]> {
      return repo.itemRuns(size);
    },

    /** Id and last update of the products after `afterId` up to `untilId`, by id, at most `limit` (keyset paging). */
    async productStamps(range: { afterId: number; untilId?: number | undefined; limit: number }): Promise<ItemStamp[]> {
      return repo.itemStamps(range.afterId, range.untilId, range.limit);
    },

    /** Products on sale, all or among `ids` (not cached: the stock summary keeps its answer). */
    async countOnSale(ids?: readonly number[]): Promise<number> {
      return repo.countOnSale(ids);
    },

    async exists(id: number): Promise<boolean> {
      return repo.exists(id);
    },

    /** CNY per USD (the settings row exchangeRate; 7.1 when missing). */
    async exchangeRate(): Promise<number> {
      return cnyPerUsd();
    },

    /**
     * Current prices, weights, names and limits of these products for the cart and orders, by
     * id; a product that no longer exists is absent. Read from the database every time (no cache):
     * an order must be priced with what the catalog says now.
     */
    async itemsForPricing(ids: number[]): Promise<Map<number, PricingItem>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const [rows, dict] = await Promise.all([repo.findForPricing(unique), dictionary.get()]);
      return new Map(rows.map((row) => [row.id, toPricing(row, dict)]));
    },

    /** GET /api/items/{id}; 404 when there is no such product. Cached per language and currency. */
    async detail(id: number, view: View): Promise<TProductDetail> {
      return (await pricedDetail(id, view)).body;
    },

    /** The detail with its price in fen (for a buyer's group prices). */
    pricedDetail,
  };
}
export type CatalogQuery = ReturnType<typeof createCatalogQuery>;
