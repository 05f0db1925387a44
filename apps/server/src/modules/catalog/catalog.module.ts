import { createMemoryObjectStorage } from '../../lib/object-storage.js';
import type { CacheStats } from '../../lib/cache.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StockService } from '../stock/stock.service.js';
import { createCatalogItemsStaff } from './staff/catalog.staff.items.js';
import type { CatalogStaffRepository } from './staff/catalog.staff.repository.js';
import { createCatalogTreeStaff } from './staff/catalog.staff.tree.js';
import { createCatalogWrites } from './staff/catalog.writes.js';
import { createCatalogBroadcast, type CatalogBroadcastOptions } from './cache/catalog.cluster-invalidation.js';
import { createCategoryDictionary } from './cache/catalog.dictionary.js';
import { createProductImages } from './images/catalog.images.js';
import { memoryOnlyImageStorage, type ImageStorage } from './images/catalog.images.storage.js';
import { createCatalogQuery, type CatalogQueryDeps, type CatalogQueryOptions } from './query/catalog.query.js';
import type { CatalogRepository } from './catalog.repository.js';
import type { CatalogSearchRepository } from './search/catalog.search.repository.js';
import { createSearchAlternatives } from './search/catalog.search.alternatives.js';
import { createCatalogSearch } from './search/catalog.search.service.js';
import { createSuggest } from './search/catalog.suggest.js';
import { createSynonymsStaff } from './search/catalog.synonyms.js';

/**
 * The catalog, assembled (docs/catalog.md). Other modules and the routes use its parts:
 * - `query`: lists, search, details, brands, the category tree and current prices (catalog.query.ts);
 * - `writes`: categories, brands and products written one at a time or in bulk, shared by the
 *   seed, the CLI and the back office (catalog.writes.ts);
 * - `images`: product pictures (catalog.images.ts), kept in an ImageStorage.
 * The category dictionary (catalog.dictionary.ts) is shared by all three; the rate comes from the
 * settings module, and a change of it empties the read side's caches. README.md in this folder
 * maps the module's job folders (query, search, staff, sheets, images, cache) and their files.
 */

export interface CatalogDeps extends CatalogQueryOptions {
  repo: CatalogRepository;
  /** The search index's reads, synonyms and the search log (catalog.search.repository.ts). */
  searchRepo: CatalogSearchRepository;
  /** Background search work that failed (index builds, log flushes). */
  onSearchError?: ((error: unknown) => void) | undefined;
  settings: Pick<SettingsService, 'cnyPerUsd' | 'onChange'>;
  /** Where rendered pictures are kept between restarts; memory only when undefined. */
  imageStorage?: ImageStorage | undefined;
  /** Where uploaded photos and logos are kept; memory only when undefined (tests). */
  uploadStorage?: ImageStorage | undefined;
  /** Told when the storage of rendered pictures fails (they are rendered again meanwhile). */
  onImageStorageError?: ((err: unknown) => void) | undefined;
  /** Bytes of rendered pictures kept in memory. */
  imageMemoryBytes?: number | undefined;
  /** Cluster events: a catalog write on one instance empties every instance's caches (catalog.cluster-invalidation.ts). */
  events?: CatalogBroadcastOptions['events'];
  /** Stock lines per product for pages and details (the stock module's levels). */
  stockLevels?: CatalogQueryDeps['stockLevels'];
  /** Hit and miss counts of the catalog's caches by name (catalog.pages, catalog.details, ...; GET /metrics). */
  cacheStats?: CacheStats | undefined;
}

export function createCatalog({
  repo,
  searchRepo,
  onSearchError,
  settings,
  imageStorage,
  uploadStorage,
  onImageStorageError,
  imageMemoryBytes,
  stockLevels,
  events,
  ...options
}: CatalogDeps) {
  const dictionary = createCategoryDictionary(repo, {
    ttlMs: options.dictTtlMs ?? 60_000,
    now: options.now && (() => options.now!().getTime()),
    cacheStats: options.cacheStats,
  });
  const search = createCatalogSearch({ repo: searchRepo, dictionary, now: options.now, onError: onSearchError });
  const query = createCatalogQuery(repo, { dictionary, cnyPerUsd: () => settings.cnyPerUsd(), stockLevels, search }, options);
  const suggest = createSuggest({ search, query, dictionary, now: options.now, cacheStats: options.cacheStats });
  const alternatives = createSearchAlternatives({ search, query, now: options.now, cacheStats: options.cacheStats });
  const broadcast = createCatalogBroadcast({
    events,
    invalidate: () => query.invalidate(),
    itemsChanged: (ids) => query.itemsChanged(ids),
    stockChanged: (ids, pages) => query.stockChanged(ids, pages),
  });
  const writes = createCatalogWrites(repo, { dictionary, changed: () => broadcast.changed() });
  const uploads = uploadStorage ?? createMemoryObjectStorage();
  const images = createProductImages(repo, {
    dictionary,
    storage: imageStorage ?? memoryOnlyImageStorage,
    uploads,
    memoryBytes: imageMemoryBytes,
    onStorageError: onImageStorageError,
    cacheStats: options.cacheStats,
  });
  // Pages and details carry prices in the buyer's currency: a new rate must not wait for them to expire.
  settings.onChange((keys) => {
    if (keys.includes('exchangeRate')) query.invalidate();
  });
  // `changed`: for writers outside catalog.writes (pictures, stock): empties the caches on every
  // instance, or, given products, what those touched (itemsChanged);
  // `stockChanged`: only these products' stock changed (their states, pages, details);
  // `stockMoved`: an order moved their stock (their states and details; pages within 30 s).
  return {
    query,
    writes,
    images,
    search,
    suggest,
    alternatives,
    changed: (items?: readonly number[]) => broadcast.changed(items ? { items } : undefined),
    stockChanged: (ids: readonly number[]) => broadcast.changed({ stock: ids }),
    stockMoved: (ids: readonly number[]) => broadcast.changed({ stock: ids, pages: false }),
    dictionary,
    uploads,
  };
}
export type Catalog = ReturnType<typeof createCatalog>;

/**
 * The back office's side of the catalog (products, pictures, categories, brands), built once the
 * audit log and the stock module exist: every change is audited and empties the caches.
 */
export function createCatalogStaff(
  catalog: Catalog,
  deps: {
    repo: CatalogStaffRepository;
    searchRepo: CatalogSearchRepository;
    audit: Pick<AuditService, 'record'>;
    stock: Pick<StockService, 'levels' | 'setOnHand'>;
  },
) {
  return {
    items: createCatalogItemsStaff({ ...deps, dictionary: catalog.dictionary, uploads: catalog.uploads, changed: catalog.changed }),
    tree: createCatalogTreeStaff({ repo: deps.repo, audit: deps.audit, uploads: catalog.uploads, changed: catalog.changed }),
    synonyms: createSynonymsStaff({
      searchRepo: deps.searchRepo,
      transaction: (work) => deps.repo.transaction(work),
      audit: deps.audit,
      changed: () => catalog.changed(),
    }),
  };
}
export type CatalogStaff = ReturnType<typeof createCatalogStaff>;

export type { CatalogWrites, ItemInput } from './staff/catalog.writes.js';
export type { PricingItem, View } from './query/catalog.mapper.js';
export type { BuyerTerms, BuyerTermsOf } from './query/catalog.buyer-terms.js';
export { withBuyerTerms } from './query/catalog.buyer-terms.js';
export { productImageUrls } from './query/catalog.mapper.js';
export type { CatalogQuery, ProductPage } from './query/catalog.query.js';
export type { CatalogSearch } from './search/catalog.search.service.js';
export type { Suggest } from './search/catalog.suggest.js';
export type { SearchAlternatives } from './search/catalog.search.alternatives.js';
export type { ItemRun, ItemStamp } from './catalog.repository.js';
export type { ProductImages } from './images/catalog.images.js';
