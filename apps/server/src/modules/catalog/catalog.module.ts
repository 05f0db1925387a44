import type { SettingsService } from '../settings/settings.service.js';
import { createCatalogAdmin } from './catalog.admin.js';
import { createCategoryDictionary } from './catalog.categories.js';
import { createProductImages } from './catalog.images.js';
import { memoryOnlyImageStorage, type ImageStorage } from './catalog.images.storage.js';
import { createCatalogQuery, type CatalogQueryOptions } from './catalog.query.js';
import type { CatalogRepository } from './catalog.repository.js';

/**
 * The catalog, assembled (docs/catalog.md). Other modules and the routes use its parts:
 * - `query`: lists, search, details, brands, the category tree and current prices (catalog.query.ts);
 * - `admin`: categories, brands and products written one at a time or in bulk, shared by the
 *   seed, the CLI and the back office (catalog.admin.ts);
 * - `images`: product pictures (catalog.images.ts), kept in an ImageStorage.
 * The category dictionary (catalog.categories.ts) is shared by all three; the rate comes from the
 * settings module, and a change of it empties the read side's caches.
 */

export interface CatalogDeps extends CatalogQueryOptions {
  repo: CatalogRepository;
  settings: Pick<SettingsService, 'cnyPerUsd' | 'onChange'>;
  /** Where rendered pictures are kept between restarts; memory only when undefined. */
  imageStorage?: ImageStorage | undefined;
  /** Bytes of rendered pictures kept in memory. */
  imageMemoryBytes?: number | undefined;
}

export function createCatalog({ repo, settings, imageStorage, imageMemoryBytes, ...options }: CatalogDeps) {
  const dictionary = createCategoryDictionary(repo, { ttlMs: options.dictTtlMs ?? 60_000, now: options.now && (() => options.now!().getTime()) });
  const query = createCatalogQuery(repo, { dictionary, cnyPerUsd: () => settings.cnyPerUsd() }, options);
  const admin = createCatalogAdmin(repo, { dictionary, changed: () => query.invalidate() });
  const images = createProductImages(repo, { dictionary, storage: imageStorage ?? memoryOnlyImageStorage, memoryBytes: imageMemoryBytes });
  // Pages and details carry prices in the buyer's currency: a new rate must not wait for them to expire.
  settings.onChange((keys) => {
    if (keys.includes('exchangeRate')) query.invalidate();
  });
  return { query, admin, images };
}
export type Catalog = ReturnType<typeof createCatalog>;

export type { CatalogAdmin, ItemInput } from './catalog.admin.js';
export type { PricingItem, View } from './catalog.mapper.js';
export { productImageUrls } from './catalog.mapper.js';
export type { CatalogQuery, ProductPage } from './catalog.query.js';
export type { ItemRun, ItemStamp } from './catalog.repository.js';
export type { ProductImages } from './catalog.images.js';
