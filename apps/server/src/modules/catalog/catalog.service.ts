import fs from 'node:fs/promises';
import path from 'node:path';
import {
  convertMinor,
  displayRangeToBaseMinor,
  majorStringToMinor,
  minorToMajor,
  NEWEST_DAYS,
  NEWEST_MIN_COUNT,
  SEARCH_COUNT_CAP,
  type TCategory,
  type TCategoryRef,
  type TCurrency,
  type TLocale,
  type TProduct,
  type TProductDetail,
  type TProductLabel,
  type TProductList,
  type TProductListQuery,
  type TProductTag,
  type TSupplier,
} from '@cubeshop/shared';
import { notFound } from '../../lib/app-error.js';
import { BufferLru, TtlCache } from './cache.js';
import { parseShape, RENDERER_VERSION, renderImage, type ImageFormat, type ImageSize } from './catalog.images.js';
import type {
  CatalogRepository,
  CategoryRow,
  ItemDetailRow,
  ItemFilter,
  ItemListRow,
  ItemPricingRow,
  ItemSort,
  NewItemRow,
  SupplierRow,
} from './catalog.repository.js';
import { sanitizeDescription } from './catalog.sanitize.js';
import { buildSearchText, parseKeyword } from './catalog.search.js';

/** Used when the settings table has no exchangeRate (an empty database); the demo seed stores 7.1. */
export const FALLBACK_CNY_PER_USD = 7.1;

export interface CatalogServiceOptions {
  /** Where rendered pictures are kept (DATA_DIR/uploads/items); memory only when undefined. */
  imageDir?: string | undefined;
  /** Bytes of rendered pictures kept in memory. */
  imageMemoryBytes?: number;
  /** Lifetime of cached list pages and details, ms (default 30 s). */
  pageTtlMs?: number;
  /** Lifetime of categories, brands, counts, exchange rate and the newest threshold, ms (default 60 s). */
  dictTtlMs?: number;
  /** Where keyword-search counts stop (default SEARCH_COUNT_CAP). */
  searchCountCap?: number;
  now?: () => Date;
}

export interface View {
  locale: TLocale;
  currency: TCurrency;
}

/** A list page as cached for every buyer; never mutated (favourite flags are applied on copies). */
export interface ProductPage {
  body: TProductList;
  ids: number[];
}

/** What a write gives for one product (staff tools, imports, the demo seed). */
export interface ItemInput {
  nameZh: string;
  nameEn: string;
  descriptionZh?: string;
  descriptionEn?: string;
  types?: { code: string; zh: string; en: string }[];
  priceFen: number;
  discountPercent?: number;
  /** Defaults to price × (100 − percent) / 100, rounded to the fen. */
  discountPriceFen?: number;
  moq?: number;
  orderMultiple?: number | null;
  supplierId: number;
  categoryId: number;
  hot?: boolean;
  barcode?: string | null;
  commentZh?: string | null;
  commentEn?: string | null;
  nwG?: number | null;
  gwG?: number | null;
  volumeCm3?: number | null;
  pkgZh?: string | null;
  pkgEn?: string | null;
  carton?: string | null;
  pcs?: number | null;
  dimension?: string | null;
  unitNwDesc?: string | null;
  unitGwDesc?: string | null;
  unitVolumeDesc?: string | null;
  unitVolumeWeightDesc?: string | null;
  /** Carton volume in cm³; gives totalVolumeWeight. */
  cartonVolumeCm3?: number | null;
  imageCount?: number;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface ImageResult {
  /** Strong validator: product, picture, version, renderer, size and format. */
  etag: string;
  /** True when the URL asked for the current version (the response may be cached forever). */
  current: boolean;
  format: ImageFormat;
  load(): Promise<Buffer>;
}

/**
 * A product as the cart and orders price it (docs/orders.md): money in fen, weights in grams,
 * volume in cm³, names and types in both languages. `unitPriceFen` is what one piece costs the
 * buyer (the discounted price when there is a discount).
 */
export interface PricingItem {
  id: number;
  nameZh: string;
  nameEn: string;
  supplierId: number;
  supplierNameZh: string;
  supplierNameEn: string;
  types: { code: string; zh: string; en: string }[];
  listPriceFen: number;
  unitPriceFen: number;
  discountPercent: number;
  moq: number;
  orderMultiple: number | null;
  nwG: number | null;
  gwG: number | null;
  volumeCm3: number | null;
  volumeWeightG: number | null;
  imageVersion: number;
}

/** Main picture URLs of a product (versioned, as in the catalog answers). */
export function productImageUrls(id: number, imageVersion: number): { image: string; thumbnail: string } {
  return imageUrls(id, imageVersion, 0);
}

/** Express carriers' volumetric divisor: kg = cm³ / 5000, so grams = cm³ / 5. */
const VOLUMETRIC_DIVISOR_G = 5;

interface Dictionary {
  categories: Map<number, CategoryRow>;
  suppliers: Map<number, SupplierRow>;
  descendants: Map<number, number[]>;
  trees: Record<TLocale, TCategory[]>;
  refs: Record<TLocale, Map<number, TCategoryRef>>;
  supplierRefs: Record<TLocale, Map<number, TSupplier>>;
  shapes: Map<number, string>;
}

const pick = (zh: string | null, en: string | null, locale: TLocale): string | null =>
  locale === 'zh' ? zh || en || null : en || zh || null;

function buildDictionary(categoryRows: CategoryRow[], supplierRows: SupplierRow[]): Dictionary {
  const categories = new Map(categoryRows.map((c) => [c.id, c]));
  const children = new Map<number | null, CategoryRow[]>();
  for (const c of categoryRows) {
    const parent = c.parentId !== null && categories.has(c.parentId) ? c.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(c);
    children.set(parent, list);
  }
  const descendants = new Map<number, number[]>();
  const collect = (id: number, seen: Set<number>): number[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    return [id, ...(children.get(id) ?? []).flatMap((c) => collect(c.id, seen))];
  };
  for (const c of categoryRows) descendants.set(c.id, collect(c.id, new Set()));
  const tree = (locale: TLocale, parent: number | null, seen: Set<number>): TCategory[] =>
    (children.get(parent) ?? [])
      .filter((c) => !seen.has(c.id))
      .map((c) => {
        seen.add(c.id);
        return { id: c.id, slug: c.slug, parentId: c.parentId, name: pick(c.nameZh, c.nameEn, locale) ?? c.slug, children: tree(locale, c.id, seen) };
      });
  const refs = (locale: TLocale) =>
    new Map(categoryRows.map((c) => [c.id, { id: c.id, slug: c.slug, name: pick(c.nameZh, c.nameEn, locale) ?? c.slug }]));
  const supplierRefs = (locale: TLocale) =>
    new Map(supplierRows.map((s) => [s.id, { id: s.id, name: pick(s.nameZh, s.nameEn, locale) ?? s.slug }]));
  const shapes = new Map<number, string>();
  for (const c of categoryRows) {
    let cur: CategoryRow | undefined = c;
    const seen = new Set<number>();
    while (cur && !cur.shape && cur.parentId !== null && !seen.has(cur.id)) {
      seen.add(cur.id);
      cur = categories.get(cur.parentId);
    }
    shapes.set(c.id, cur?.shape ?? 'cube3');
  }
  return {
    categories,
    suppliers: new Map(supplierRows.map((s) => [s.id, s])),
    descendants,
    trees: { zh: tree('zh', null, new Set()), en: tree('en', null, new Set()) },
    refs: { zh: refs('zh'), en: refs('en') },
    supplierRefs: { zh: supplierRefs('zh'), en: supplierRefs('en') },
    shapes,
  };
}

function categoryPath(dict: Dictionary, id: number): CategoryRow[] {
  const out: CategoryRow[] = [];
  const seen = new Set<number>();
  let cur = dict.categories.get(id);
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    out.unshift(cur);
    cur = cur.parentId === null ? undefined : dict.categories.get(cur.parentId);
  }
  return out;
}

export function imageVersionTag(imageVersion: number): string {
  return `${imageVersion}.${RENDERER_VERSION}`;
}

function imageUrls(id: number, imageVersion: number, index: number) {
  const v = imageVersionTag(imageVersion);
  if (index === 0) return { image: `/api/items/${id}/image?v=${v}`, thumbnail: `/api/items/${id}/thumbnail?v=${v}` };
  return { image: `/api/items/${id}/images/${index}?v=${v}`, thumbnail: `/api/items/${id}/images/${index}/thumbnail?v=${v}` };
}

type KeywordMatches = { byPrice: Float64Array; byUpdated: Float64Array };

/** Broad keyword searches read at least this many ids (5 pages of 120) per sort order. */
const PREFIX_MIN = 600;

/** One page of an ascending id list, read forwards (asc) or from the end (desc). */
function sliceIds(list: Float64Array, order: ItemSort['order'], offset: number, limit: number): number[] {
  if (order === 'asc') return Array.from(list.subarray(offset, offset + limit));
  const end = Math.max(0, list.length - offset);
  return Array.from(list.subarray(Math.max(0, end - limit), end)).reverse();
}

export function createCatalogService(repo: CatalogRepository, options: CatalogServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const clock = () => now().getTime();
  const pageTtl = options.pageTtlMs ?? 30_000;
  const dictTtl = options.dictTtlMs ?? 60_000;
  const countCap = options.searchCountCap ?? SEARCH_COUNT_CAP;

  // Caches of what is the same for every buyer (DESIGN.md, Speed on the hot paths). Lifetimes
  // are short; invalidate() empties them all after a write in this process.
  const dictCache = new TtlCache<Dictionary>(dictTtl, 1, clock);
  const rateCache = new TtlCache<number>(dictTtl, 1, clock);
  const newestCache = new TtlCache<Date>(dictTtl, 1, clock);
  // Ordered id lists per filter and sort key (8 bytes an id): 4 M ids, 32 MB, at most in each.
  const idLists = new TtlCache<Float64Array>(dictTtl, 5_000, clock, { weigh: (ids) => ids.length + 16, maxWeight: 4_000_000 });
  const keywordLists = new TtlCache<KeywordMatches | undefined>(dictTtl, 5_000, clock, {
    weigh: (m) => (m ? m.byPrice.length * 2 : 0) + 16,
    maxWeight: 4_000_000,
  });
  // Bounded by memory: a cached page is 120 products plus its JSON and compressed forms (~0.2 MB).
  const pageCache = new TtlCache<ProductPage>(pageTtl, 500, clock);
  const detailCache = new TtlCache<TProductDetail>(pageTtl, 2_000, clock);
  const supplierCache = new TtlCache<number[]>(dictTtl, 500, clock);
  const images = new BufferLru(options.imageMemoryBytes ?? 32 * 1024 * 1024);
  const rendering = new Map<string, Promise<Buffer>>();

  const dictionary = () => dictCache.get('dict', async () => {
    const [c, s] = await Promise.all([repo.listCategories(), repo.listSuppliers()]);
    return buildDictionary(c, s);
  });
  const exchangeRate = () => rateCache.get('rate', async () => (await repo.exchangeRate()) ?? FALLBACK_CNY_PER_USD);

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

  /**
   * H: the hot flag (staff or the sales job sets it on best sellers).
   * N: created at or after the newest threshold above.
   * D: discountPercent > 0.
   */
  function labelsOf(row: Pick<ItemListRow, 'hot' | 'createdAt' | 'discountPercent'>, since: Date): TProductLabel[] {
    const labels: TProductLabel[] = [];
    if (row.hot) labels.push('H');
    if (row.createdAt >= since) labels.push('N');
    if (row.discountPercent > 0) labels.push('D');
    return labels;
  }

  function toProduct(row: ItemListRow, view: View, rate: number, dict: Dictionary, since: Date): TProduct {
    const money = (fen: number) => minorToMajor(convertMinor(fen, view.currency, rate));
    const category = dict.refs[view.locale].get(row.categoryId) ?? { id: row.categoryId, slug: '', name: '' };
    const supplier = dict.supplierRefs[view.locale].get(row.supplierId) ?? { id: row.supplierId, name: '' };
    const paid = row.discountPercent > 0 ? row.discountPriceFen : row.priceFen;
    return {
      id: row.id,
      name: pick(row.nameZh, row.nameEn, view.locale) ?? '',
      types: row.types.map((t) => ({ code: t.code, name: pick(t.zh, t.en, view.locale) ?? t.code })),
      labels: labelsOf(row, since),
      currency: view.currency,
      price: money(row.priceFen),
      discountPrice: money(paid),
      discountPercent: row.discountPercent,
      basePrice: money(row.basePriceFen),
      lastUpdatedTime: row.updatedAt.toISOString(),
      supplierId: row.supplierId,
      supplier,
      categoryId: row.categoryId,
      category,
      moq: row.moq,
      orderMultiple: row.orderMultiple,
      ...imageUrls(row.id, row.imageVersion, 0),
      favorite: false,
    };
  }

  function toDetail(row: ItemDetailRow, view: View, rate: number, dict: Dictionary, since: Date): TProductDetail {
    const kg = (g: number | null) => (g === null ? null : g / 1000);
    return {
      ...toProduct(row, view, rate, dict, since),
      description: pick(row.descriptionZh, row.descriptionEn, view.locale) ?? '',
      images: Array.from({ length: Math.max(1, row.imageCount) }, (_, i) => imageUrls(row.id, row.imageVersion, i)),
      categoryPath: categoryPath(dict, row.categoryId).map((c) => dict.refs[view.locale].get(c.id)!),
      createdTime: row.createdAt.toISOString(),
      barcode: row.barcode,
      comment: pick(row.commentZh, row.commentEn, view.locale),
      nw: kg(row.nwG),
      gw: kg(row.gwG),
      volume: row.volumeCm3 === null ? null : row.volumeCm3 / 1_000_000,
      volumeWeight: kg(row.volumeWeightG),
      pkg: pick(row.pkgZh, row.pkgEn, view.locale),
      carton: row.carton,
      pcs: row.pcs,
      dimension: row.dimension,
      unitNwDesc: row.unitNwDesc,
      unitGwDesc: row.unitGwDesc,
      unitVolumeDesc: row.unitVolumeDesc,
      unitVolumeWeightDesc: row.unitVolumeWeightDesc,
      totalVolumeWeight: kg(row.totalVolumeWeightG),
    };
  }

  async function filterOf(tag: TProductTag | 'all', q: TProductListQuery, currency: TCurrency): Promise<ItemFilter> {
    const filter: ItemFilter = {};
    if (q.categoryId !== undefined) {
      const dict = await dictionary();
      const ids = dict.descendants.get(q.categoryId);
      if (!ids) throw notFound('categoryNotFound');
      filter.categoryIds = ids;
    }
    filter.supplierId = q.supplierId;
    if (q.minPrice !== undefined || q.maxPrice !== undefined) {
      const min = q.minPrice === undefined ? undefined : majorStringToMinor(q.minPrice, 'min');
      const max = q.maxPrice === undefined ? undefined : majorStringToMinor(q.maxPrice, 'max');
      const fen = displayRangeToBaseMinor(min, max, currency, await exchangeRate());
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
   * - a keyword with at most countCap matches: both sort orders of all its matches, gathered
   *   in one pass through the trigram index;
   * - a broader keyword: the first ids in the requested order, walked along the sort index
   *   (where matches are dense, 120 of them are near), in prefixes that double as deeper pages
   *   are asked for; the total says "countCap or more".
   */
  async function pageIds(filter: ItemFilter, sort: ItemSort, offset: number, limit: number): Promise<{ ids: number[]; total: number; capped: boolean }> {
    const filterKey = JSON.stringify(filter);
    if (!filter.search) {
      const list = await idLists.get(`${filterKey}|${sort.field}`, () => repo.orderedIds(filter, sort.field));
      return { ids: sliceIds(list, sort.order, offset, limit), total: list.length, capped: false };
    }
    const matches = await keywordLists.get(filterKey, () => repo.keywordMatches(filter, countCap));
    if (matches) {
      const list = sort.field === 'basePrice' ? matches.byPrice : matches.byUpdated;
      return { ids: sliceIds(list, sort.order, offset, limit), total: list.length, capped: false };
    }
    if (offset >= countCap) return { ids: [], total: countCap, capped: true };
    let size = PREFIX_MIN;
    while (size < offset + limit) size *= 2;
    const prefix = await idLists.get(`${filterKey}|${sort.field}|${sort.order}|${size}`, () => repo.idPrefix(filter, sort, size));
    return { ids: Array.from(prefix.subarray(offset, offset + limit)), total: countCap, capped: true };
  }

  const service = {
    /** Empties every cache; call after any write to products, categories, brands or the rate. */
    invalidate() {
      dictCache.clear();
      rateCache.clear();
      newestCache.clear();
      idLists.clear();
      keywordLists.clear();
      pageCache.clear();
      detailCache.clear();
      supplierCache.clear();
    },

    async categoryTree(locale: TLocale): Promise<TCategory[]> {
      return (await dictionary()).trees[locale];
    },

    /** Brands, optionally only those with products in a category or its descendants. */
    async suppliers(locale: TLocale, categoryId?: number): Promise<TSupplier[]> {
      const dict = await dictionary();
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
      const sort: ItemSort = { field: q.sortBy, order: q.order ?? (q.sortBy === 'basePrice' ? 'asc' : 'desc') };
      const search = parseKeyword(q.keyword);
      const key = JSON.stringify([
        tag,
        search?.tokens.join(' ') ?? '',
        q.categoryId ?? 0,
        q.supplierId ?? 0,
        q.minPrice ?? '',
        q.maxPrice ?? '',
        sort.field,
        sort.order,
        q.page,
        q.recPerPage,
        view.locale,
        view.currency,
      ]);
      return pageCache.get(key, async () => {
        const filter = await filterOf(tag, q, view.currency);
        const [found, rate, dict, since] = await Promise.all([
          pageIds(filter, sort, (q.page - 1) * q.recPerPage, q.recPerPage),
          exchangeRate(),
          dictionary(),
          newestSince(),
        ]);
        const byId = new Map((await repo.findByIds(found.ids)).map((r) => [r.id, r]));
        const rows = found.ids.flatMap((id) => byId.get(id) ?? []);
        return {
          body: {
            data: rows.map((r) => toProduct(r, view, rate, dict, since)),
            pager: found.capped
              ? { page: q.page, recPerPage: q.recPerPage, recTotal: countCap, recTotalCapped: true }
              : { page: q.page, recPerPage: q.recPerPage, recTotal: found.total },
          },
          ids: rows.map((r) => r.id),
        };
      });
    },

    /** Products by id in the given order (favourites); unknown ids are skipped. */
    async productsByIds(ids: number[], view: View): Promise<TProduct[]> {
      if (ids.length === 0) return [];
      const [rows, rate, dict, since] = await Promise.all([repo.findByIds(ids), exchangeRate(), dictionary(), newestSince()]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toProduct(row, view, rate, dict, since)] : [];
      });
    },

    async exists(id: number): Promise<boolean> {
      return repo.exists(id);
    },

    /** CNY per USD (settings row exchangeRate, cached for a minute; 7.1 when missing). */
    async exchangeRate(): Promise<number> {
      return exchangeRate();
    },

    /**
     * Current prices, weights, names and limits of these products for the cart and orders, by
     * id; a product that no longer exists is absent. Read from the database every time (no cache):
     * an order must be priced with what the catalog says now.
     */
    async itemsForPricing(ids: number[]): Promise<Map<number, PricingItem>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const [rows, dict] = await Promise.all([repo.findForPricing(unique), dictionary()]);
      return new Map(rows.map((row: ItemPricingRow) => [row.id, toPricing(row, dict)]));
    },

    /** GET /api/items/{id}; 404 when there is no such product. Cached per language and currency. */
    async detail(id: number, view: View): Promise<TProductDetail> {
      return detailCache.get(`${id}|${view.locale}|${view.currency}`, async () => {
        const row = await repo.findDetail(id);
        if (!row) throw notFound('itemNotFound');
        const [rate, dict, since] = await Promise.all([exchangeRate(), dictionary(), newestSince()]);
        return toDetail(row, view, rate, dict, since);
      });
    },

    /**
     * A product picture: the caller checks the ETag first and loads the bytes only when needed.
     * Bytes are rendered once and kept in memory and, with imageDir, on disk.
     */
    async image(id: number, index: number, size: ImageSize, format: ImageFormat, requestedVersion: string | undefined): Promise<ImageResult> {
      const row = await repo.findImageSource(id);
      if (!row || index >= row.imageCount) throw notFound('itemNotFound');
      const version = imageVersionTag(row.imageVersion);
      const key = `${id}-${index}-v${version}-${size}.${format}`;
      const etag = `"${key}"`;
      return {
        etag,
        current: requestedVersion === version,
        format,
        load: async () => {
          const hit = images.get(key);
          if (hit) return hit;
          let pending = rendering.get(key);
          if (!pending) {
            pending = (async () => {
              const file = options.imageDir ? path.join(options.imageDir, key) : undefined;
              if (file) {
                const stored = await fs.readFile(file).catch(() => undefined);
                if (stored) return stored;
              }
              const dict = await dictionary();
              const { shape, order } = parseShape(dict.shapes.get(row.categoryId) ?? 'cube3');
              const bytes = await renderImage(
                {
                  shape,
                  order,
                  typeCodes: row.types.map((t) => t.code),
                  brand: dict.suppliers.get(row.supplierId)?.nameEn ?? '',
                  seed: row.id,
                  view: index,
                },
                size,
                format,
              );
              if (file) {
                await fs.mkdir(path.dirname(file), { recursive: true });
                const temp = `${file}.${process.pid}.tmp`;
                await fs.writeFile(temp, bytes);
                await fs.rename(temp, file);
              }
              return bytes;
            })().finally(() => rendering.delete(key));
            rendering.set(key, pending);
          }
          const bytes = await pending;
          images.set(key, bytes);
          return bytes;
        },
      };
    },

    // ---- writes (staff tools, imports and the demo seed) ----

    async createCategory(input: { slug: string; nameZh: string; nameEn: string; parentId?: number | null; position?: number; shape?: string | null }) {
      const id = await repo.insertCategory({ ...input, parentId: input.parentId ?? null, shape: input.shape ?? null });
      service.invalidate();
      return id;
    },

    async createSupplier(input: { slug: string; nameZh: string; nameEn: string; position?: number }) {
      const id = await repo.insertSupplier(input);
      service.invalidate();
      return id;
    },

    /**
     * Adds products in batches of `batchSize` (one multi-row statement each): descriptions are
     * sanitized, the discount price and volumetric weights computed and the search text built.
     * Returns the new ids in input order.
     */
    async addItems(inputs: Iterable<ItemInput>, { batchSize = 5_000, bulk = false }: { batchSize?: number; bulk?: boolean } = {}): Promise<number[]> {
      const dict = await dictionary();
      const ids: number[] = [];
      let batch: NewItemRow[] = [];
      // The next batch is built while the database stores the previous one.
      let pending: Promise<void> = Promise.resolve();
      const flush = async () => {
        if (batch.length === 0) return;
        const rows = batch;
        batch = [];
        await pending;
        pending = repo.insertItems(rows).then((created) => {
          ids.push(...created);
        });
      };
      // bulk: tens of thousands of rows; the search index is built once at the end.
      if (bulk) await repo.dropSearchIndex();
      try {
        for (const input of inputs) {
          batch.push(toRow(input, dict));
          if (batch.length >= batchSize) await flush();
        }
        await flush();
        await pending;
      } finally {
        if (bulk) await repo.createSearchIndex();
        service.invalidate();
      }
      return ids;
    },

    /** Category and brand ids by slug (imports and the seed). */
    async slugIds(): Promise<{ categories: Map<string, number>; suppliers: Map<string, number> }> {
      const dict = await dictionary();
      return {
        categories: new Map([...dict.categories.values()].map((c) => [c.slug, c.id])),
        suppliers: new Map([...dict.suppliers.values()].map((s) => [s.slug, s.id])),
      };
    },

    async countItems(): Promise<number> {
      return repo.countItems();
    },

    /** Refreshes planner statistics and the visibility map; call after a bulk load. */
    async vacuumAnalyze(): Promise<void> {
      await repo.vacuumAnalyze();
    },

    async deleteCatalog(): Promise<void> {
      await repo.deleteCatalog();
      service.invalidate();
    },
  };
  return service;
}

function toPricing(row: ItemPricingRow, dict: Dictionary): PricingItem {
  const supplier = dict.suppliers.get(row.supplierId);
  return {
    id: row.id,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    supplierId: row.supplierId,
    supplierNameZh: supplier?.nameZh || supplier?.nameEn || '',
    supplierNameEn: supplier?.nameEn || supplier?.nameZh || '',
    types: row.types,
    listPriceFen: row.priceFen,
    unitPriceFen: row.discountPercent > 0 ? row.discountPriceFen : row.priceFen,
    discountPercent: row.discountPercent,
    moq: row.moq,
    orderMultiple: row.orderMultiple,
    nwG: row.nwG,
    gwG: row.gwG,
    volumeCm3: row.volumeCm3,
    volumeWeightG: row.volumeWeightG,
    imageVersion: row.imageVersion,
  };
}

function toRow(input: ItemInput, dict: Dictionary): NewItemRow {
  const category = dict.categories.get(input.categoryId);
  const supplier = dict.suppliers.get(input.supplierId);
  if (!category) throw new Error(`unknown category ${input.categoryId}`);
  if (!supplier) throw new Error(`unknown supplier ${input.supplierId}`);
  const percent = Math.max(0, Math.min(99, Math.round(input.discountPercent ?? 0)));
  const discountPriceFen = percent > 0 ? (input.discountPriceFen ?? Math.round((input.priceFen * (100 - percent)) / 100)) : input.priceFen;
  const types = input.types ?? [];
  const extra = [supplier.nameZh, supplier.nameEn, ...categoryPath(dict, category.id).flatMap((c) => [c.nameZh, c.nameEn]), ...types.flatMap((t) => [t.zh, t.en])];
  return {
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    descriptionZh: sanitizeDescription(input.descriptionZh ?? ''),
    descriptionEn: sanitizeDescription(input.descriptionEn ?? ''),
    types,
    priceFen: input.priceFen,
    discountPriceFen,
    discountPercent: percent,
    moq: Math.max(1, input.moq ?? 1),
    orderMultiple: input.orderMultiple ?? null,
    supplierId: input.supplierId,
    categoryId: input.categoryId,
    hot: input.hot ?? false,
    barcode: input.barcode ?? null,
    commentZh: input.commentZh ?? null,
    commentEn: input.commentEn ?? null,
    nwG: input.nwG ?? null,
    gwG: input.gwG ?? null,
    volumeCm3: input.volumeCm3 ?? null,
    volumeWeightG: input.volumeCm3 == null ? null : Math.round(input.volumeCm3 / VOLUMETRIC_DIVISOR_G),
    pkgZh: input.pkgZh ?? null,
    pkgEn: input.pkgEn ?? null,
    carton: input.carton ?? null,
    pcs: input.pcs ?? null,
    dimension: input.dimension ?? null,
    unitNwDesc: input.unitNwDesc ?? null,
    unitGwDesc: input.unitGwDesc ?? null,
    unitVolumeDesc: input.unitVolumeDesc ?? null,
    unitVolumeWeightDesc: input.unitVolumeWeightDesc ?? null,
    totalVolumeWeightG: input.cartonVolumeCm3 == null ? null : Math.round(input.cartonVolumeCm3 / VOLUMETRIC_DIVISOR_G),
    imageCount: Math.max(1, input.imageCount ?? 1),
    imageVersion: 1,
    searchText: buildSearchText({ nameZh: input.nameZh, nameEn: input.nameEn, extra, pinyinOf: [supplier.nameZh, category.nameZh] }),
    createdAt: input.createdAt,
    updatedAt: input.updatedAt ?? input.createdAt,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
