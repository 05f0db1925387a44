import { discountPriceFen, volumeWeightG, type TStaffItemInput } from '@cubeshop/shared';
import { categoryPath, type CategoryDictionary, type Dictionary } from '../cache/catalog.dictionary.js';
import type { CatalogRepository, NewItemRow } from '../catalog.repository.js';
import { sanitizeDescription } from './catalog.sanitize.js';
import { buildSearchText } from '../search/catalog.search.text.js';

/**
 * The write side of the catalog: categories, brands and products, one at a time or imported in
 * bulk. The demo seed, the CLI and the back office all write through here, so every product is
 * stored the same way: descriptions sanitized, the discount price, volumetric weights and the
 * search text computed, and the read side's caches emptied afterwards.
 */

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
  /** Quantity breaks in fen, rising quantities and falling prices (ZStaffItemInput checks them). */
  priceTiers?: { minQuantity: number; priceFen: number }[];
  preorder?: boolean;
  lowStockAt?: number;
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

export interface CategoryInput {
  slug: string;
  nameZh: string;
  nameEn: string;
  parentId?: number | null;
  position?: number;
  /** The drawing of its pictures (catalog.images.shapes.ts); inherited from the parent when null. */
  shape?: string | null;
}

export interface SupplierInput {
  slug: string;
  nameZh: string;
  nameEn: string;
  position?: number;
}

export interface CatalogWritesDeps {
  dictionary: CategoryDictionary;
  /** Called after every write: empties the read side's caches (and the dictionary). */
  changed: () => void;
}

export function createCatalogWrites(repo: CatalogRepository, { dictionary, changed }: CatalogWritesDeps) {
  return {
    async createCategory(input: CategoryInput): Promise<number> {
      const id = await repo.insertCategory({ ...input, parentId: input.parentId ?? null, shape: input.shape ?? null });
      changed();
      return id;
    },

    async createSupplier(input: SupplierInput): Promise<number> {
      const id = await repo.insertSupplier(input);
      changed();
      return id;
    },

    /**
     * Adds products in batches of `batchSize` (one multi-row statement each): descriptions are
     * sanitized, the discount price and volumetric weights computed and the search text built.
     * `bulk` (tens of thousands of rows) drops the search index and builds it once at the end.
     * Returns the new ids in input order.
     */
    async addItems(inputs: Iterable<ItemInput>, { batchSize = 5_000, bulk = false }: { batchSize?: number; bulk?: boolean } = {}): Promise<number[]> {
      const dict = await dictionary.get();
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
        changed();
      }
      return ids;
    },

    /** Category and brand ids by slug (imports and the seed). */
    async slugIds(): Promise<{ categories: Map<string, number>; suppliers: Map<string, number> }> {
      const dict = await dictionary.get();
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

    /** Removes every product, category and brand (favourites go with the products). */
    async deleteCatalog(): Promise<void> {
      await repo.deleteCatalog();
      changed();
    },
  };
}
export type CatalogWrites = ReturnType<typeof createCatalogWrites>;

const fen = (yuan: number) => Math.round(yuan * 100);

/** A staff edit or an import row (yuan, ZStaffItemInput) as the write side's input (fen). Stock is the stock module's. */
export function fromAdminInput(input: TStaffItemInput): ItemInput {
  const { price, priceTiers, stock: _stock, ...rest } = input;
  return {
    ...rest,
    priceFen: fen(price),
    priceTiers: priceTiers.map((t) => ({ minQuantity: t.minQuantity, priceFen: fen(t.price) })),
    barcode: input.barcode ?? null,
  };
}

/** The stored row of a product (descriptions sanitized, derived figures and search text computed). */
/**
 * What a bulk caller (the spreadsheet import) already knows, so 100,000 rows skip work: a
 * sanitizer that passes stored descriptions through, and the search text when nothing it is
 * built from changed.
 */
export interface RowReuse {
  sanitize?: (html: string) => string;
  searchText?: string;
}

export function toRow(input: ItemInput, dict: Dictionary, reuse: RowReuse = {}): NewItemRow {
  const category = dict.categories.get(input.categoryId);
  const supplier = dict.suppliers.get(input.supplierId);
  if (!category) throw new Error(`unknown category ${input.categoryId}`);
  if (!supplier) throw new Error(`unknown supplier ${input.supplierId}`);
  const percent = Math.max(0, Math.min(99, Math.round(input.discountPercent ?? 0)));
  // The discount rule and the volumetric divisor are shared with the web (packages/shared: catalog/price.ts, shipping/weight.ts).
  const discountFen = percent > 0 && input.discountPriceFen !== undefined ? input.discountPriceFen : discountPriceFen(input.priceFen, percent);
  const types = input.types ?? [];
  const sanitize = reuse.sanitize ?? sanitizeDescription;
  const extra = () => [
    supplier.nameZh,
    supplier.nameEn,
    ...categoryPath(dict, category.id).flatMap((c) => [c.nameZh, c.nameEn]),
    ...types.flatMap((t) => [t.zh, t.en]),
  ];
  return {
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    descriptionZh: sanitize(input.descriptionZh ?? ''),
    descriptionEn: sanitize(input.descriptionEn ?? ''),
    types,
    priceFen: input.priceFen,
    discountPriceFen: discountFen,
    discountPercent: percent,
    moq: Math.max(1, input.moq ?? 1),
    orderMultiple: input.orderMultiple ?? null,
    priceTiers: input.priceTiers ?? [],
    preorder: input.preorder ?? false,
    lowStockAt: input.lowStockAt ?? 10,
    supplierId: input.supplierId,
    categoryId: input.categoryId,
    hot: input.hot ?? false,
    barcode: input.barcode ?? null,
    commentZh: input.commentZh ?? null,
    commentEn: input.commentEn ?? null,
    nwG: input.nwG ?? null,
    gwG: input.gwG ?? null,
    volumeCm3: input.volumeCm3 ?? null,
    volumeWeightG: input.volumeCm3 == null ? null : volumeWeightG(input.volumeCm3),
    pkgZh: input.pkgZh ?? null,
    pkgEn: input.pkgEn ?? null,
    carton: input.carton ?? null,
    pcs: input.pcs ?? null,
    dimension: input.dimension ?? null,
    unitNwDesc: input.unitNwDesc ?? null,
    unitGwDesc: input.unitGwDesc ?? null,
    unitVolumeDesc: input.unitVolumeDesc ?? null,
    unitVolumeWeightDesc: input.unitVolumeWeightDesc ?? null,
    totalVolumeWeightG: input.cartonVolumeCm3 == null ? null : volumeWeightG(input.cartonVolumeCm3),
    imageCount: Math.max(1, input.imageCount ?? 1),
    imageVersion: 1,
    searchText:
      reuse.searchText ?? buildSearchText({ nameZh: input.nameZh, nameEn: input.nameEn, extra: extra(), pinyinOf: [supplier.nameZh, category.nameZh] }),
    createdAt: input.createdAt,
    updatedAt: input.updatedAt ?? input.createdAt,
  };
}
