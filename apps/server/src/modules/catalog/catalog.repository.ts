// Over 400 lines on purpose: the one file that touches the catalog's tables (lists, keyword
// search, details, pricing, sitemap reads, bulk writes), which share the filter and column sets.
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, items, suppliers } from '../../db/schema/index.js';
import type { ParsedKeyword } from './search/catalog.search.text.js';

export type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'slug' | 'parentId' | 'nameZh' | 'nameEn' | 'position' | 'shape'>;
export type SupplierRow = Pick<typeof suppliers.$inferSelect, 'id' | 'slug' | 'nameZh' | 'nameEn' | 'position'>;
export type NewCategoryRow = typeof categories.$inferInsert;
export type NewSupplierRow = typeof suppliers.$inferInsert;
/** What a write gives for one item: every stored column but the generated ones. */
export type NewItemRow = Omit<typeof items.$inferInsert, 'basePriceFen'>;

export interface ItemFilter {
  /** The category and its descendants. */
  categoryIds?: number[] | undefined;
  supplierId?: number | undefined;
  /** Bounds on base_price_fen (the price the buyer pays), inclusive. */
  minFen?: number | undefined;
  maxFen?: number | undefined;
  search?: ParsedKeyword | undefined;
  hot?: boolean | undefined;
  discounted?: boolean | undefined;
  /** Only products created at or after this moment (label N). */
  createdSince?: Date | undefined;
}

export interface ItemSort {
  field: 'basePrice' | 'lastUpdatedTime';
  order: 'asc' | 'desc';
}

/** A product's id and last update (sitemaps). */
export interface ItemStamp {
  id: number;
  updatedAt: Date;
}

/** A run of consecutive products by id (a sitemap chunk): its ids, size and latest update. */
export interface ItemRun {
  firstId: number;
  lastId: number;
  count: number;
  updatedAt: Date;
}

/** The columns a list card needs, nothing heavier. */
const listColumns = {
  id: items.id,
  nameZh: items.nameZh,
  nameEn: items.nameEn,
  types: items.types,
  priceFen: items.priceFen,
  discountPriceFen: items.discountPriceFen,
  discountPercent: items.discountPercent,
  basePriceFen: items.basePriceFen,
  priceTiers: items.priceTiers,
  hot: items.hot,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  supplierId: items.supplierId,
  categoryId: items.categoryId,
  moq: items.moq,
  orderMultiple: items.orderMultiple,
  imageVersion: items.imageVersion,
  preorder: items.preorder,
  lowStockAt: items.lowStockAt,
};
type ItemSelect = typeof items.$inferSelect;
export type ItemListRow = Pick<ItemSelect, keyof typeof listColumns>;

const detailColumns = {
  ...listColumns,
  descriptionZh: items.descriptionZh,
  descriptionEn: items.descriptionEn,
  barcode: items.barcode,
  commentZh: items.commentZh,
  commentEn: items.commentEn,
  nwG: items.nwG,
  gwG: items.gwG,
  volumeCm3: items.volumeCm3,
  volumeWeightG: items.volumeWeightG,
  pkgZh: items.pkgZh,
  pkgEn: items.pkgEn,
  carton: items.carton,
  pcs: items.pcs,
  dimension: items.dimension,
  unitNwDesc: items.unitNwDesc,
  unitGwDesc: items.unitGwDesc,
  unitVolumeDesc: items.unitVolumeDesc,
  unitVolumeWeightDesc: items.unitVolumeWeightDesc,
  totalVolumeWeightG: items.totalVolumeWeightG,
  imageCount: items.imageCount,
};
export type ItemDetailRow = Pick<ItemSelect, keyof typeof detailColumns>;

const imageColumns = {
  id: items.id,
  nameEn: items.nameEn,
  types: items.types,
  supplierId: items.supplierId,
  categoryId: items.categoryId,
  imageCount: items.imageCount,
  imageVersion: items.imageVersion,
  /** Ids of the uploaded pictures in order (null: none, the generated pictures show). Qualified by hand: a column in a select field renders unqualified. */
  uploads: sql<number[] | null>`(select array_agg(i.id::int order by i.position, i.id) from item_images i where i.item_id = "items"."id")`,
};
export type ItemImageRow = Pick<ItemSelect, Exclude<keyof typeof imageColumns, 'uploads'>> & { uploads: number[] | null };

/** What the cart and orders need to price, weigh and name a product (docs/orders.md). */
const pricingColumns = {
  id: items.id,
  nameZh: items.nameZh,
  nameEn: items.nameEn,
  types: items.types,
  priceFen: items.priceFen,
  discountPriceFen: items.discountPriceFen,
  discountPercent: items.discountPercent,
  priceTiers: items.priceTiers,
  moq: items.moq,
  orderMultiple: items.orderMultiple,
  supplierId: items.supplierId,
  nwG: items.nwG,
  gwG: items.gwG,
  volumeCm3: items.volumeCm3,
  volumeWeightG: items.volumeWeightG,
  imageVersion: items.imageVersion,
  preorder: items.preorder,
  lowStockAt: items.lowStockAt,
};
export type ItemPricingRow = Pick<ItemSelect, keyof typeof pricingColumns>;

/** Buyers see products on sale only (the list indexes are partial on the same predicate). */
const onSale = isNull(items.archivedAt);

function whereOf(f: ItemFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [onSale];
  if (f.categoryIds) parts.push(f.categoryIds.length === 1 ? eq(items.categoryId, f.categoryIds[0]!) : inArray(items.categoryId, f.categoryIds));
  if (f.supplierId !== undefined) parts.push(eq(items.supplierId, f.supplierId));
  if (f.minFen !== undefined) parts.push(gte(items.basePriceFen, f.minFen));
  if (f.maxFen !== undefined) parts.push(lte(items.basePriceFen, f.maxFen));
  if (f.hot) parts.push(sql`${items.hot}`);
  if (f.discounted) parts.push(sql`${items.discountPercent} > 0`);
  if (f.createdSince) parts.push(gte(items.createdAt, f.createdSince));
  if (f.search) {
    const text = and(...f.search.patterns.map((p) => sql`${items.searchText} like ${p}`));
    if (f.search.code) {
      const id = Number(f.search.code);
      parts.push(or(Number.isSafeInteger(id) ? eq(items.id, id) : undefined, eq(items.barcode, f.search.code), text));
    } else {
      parts.push(text);
    }
  }
  return and(...parts);
}

/** Rows of a multi-row insert by unnest: one array parameter per column, any number of rows. */
function column<T>(rows: readonly T[], pick: (row: T) => unknown): SQL {
  return sql`${sql.param(rows.map((r) => pick(r) ?? null))}`;
}

/** Rows of db.execute (node-postgres and PGlite both answer { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** 8-byte big-endian integers (int8send) -> numbers; ids stay far below 2^53. */
function decodeIds(bytes: Uint8Array | null): Float64Array {
  if (!bytes || bytes.length === 0) return new Float64Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(bytes.byteLength / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 8) * 2 ** 32 + view.getUint32(i * 8 + 4);
  return out;
}

/** The editable columns of items, in the order of the unnest below. */
export const EDITABLE_LIST = `name_zh, name_en, description_zh, description_en, types, price_fen, discount_price_fen, discount_percent,
  moq, order_multiple, price_tiers, preorder, low_stock_at, supplier_id, category_id, hot, barcode, comment_zh, comment_en,
  nw_g, gw_g, volume_cm3, volume_weight_g, pkg_zh, pkg_en, carton, pcs, dimension, unit_nw_desc, unit_gw_desc,
  unit_volume_desc, unit_volume_weight_desc, total_volume_weight_g, search_text`;
export const EDITABLE = sql.raw(EDITABLE_LIST);

/** The same list for INSERT ... SELECT (jsonb columns travel as text). */
export const SELECTED = sql.raw(EDITABLE_LIST.replace(/\btypes\b/, 'types::jsonb').replace(/\bprice_tiers\b/, 'price_tiers::jsonb'));

/**
 * The rows as `unnest(one array per editable column, ...) with ordinality as t(columns..., ord)`:
 * any number of rows in one statement with 40-odd parameters (the seed's inserts, an import's
 * inserts and updates). `extra` adds columns after the editable ones (ids to update by, or
 * the picture and time columns of a first insert).
 */
export function unnestOf(rows: readonly NewItemRow[], extra?: { columns: SQL; arrays: SQL }): SQL {
  return sql`unnest(
    ${column(rows, (r) => r.nameZh)}::text[], ${column(rows, (r) => r.nameEn)}::text[],
    ${column(rows, (r) => r.descriptionZh ?? '')}::text[], ${column(rows, (r) => r.descriptionEn ?? '')}::text[],
    ${column(rows, (r) => JSON.stringify(r.types ?? []))}::text[], ${column(rows, (r) => r.priceFen)}::int[],
    ${column(rows, (r) => r.discountPriceFen)}::int[], ${column(rows, (r) => r.discountPercent ?? 0)}::smallint[],
    ${column(rows, (r) => r.moq ?? 1)}::int[], ${column(rows, (r) => r.orderMultiple)}::int[],
    ${column(rows, (r) => JSON.stringify(r.priceTiers ?? []))}::text[], ${column(rows, (r) => r.preorder ?? false)}::bool[],
    ${column(rows, (r) => r.lowStockAt ?? 10)}::int[],
    ${column(rows, (r) => r.supplierId)}::int[], ${column(rows, (r) => r.categoryId)}::int[],
    ${column(rows, (r) => r.hot ?? false)}::bool[], ${column(rows, (r) => r.barcode)}::text[],
    ${column(rows, (r) => r.commentZh)}::text[], ${column(rows, (r) => r.commentEn)}::text[],
    ${column(rows, (r) => r.nwG)}::int[], ${column(rows, (r) => r.gwG)}::int[],
    ${column(rows, (r) => r.volumeCm3)}::int[], ${column(rows, (r) => r.volumeWeightG)}::int[],
    ${column(rows, (r) => r.pkgZh)}::text[], ${column(rows, (r) => r.pkgEn)}::text[],
    ${column(rows, (r) => r.carton)}::text[], ${column(rows, (r) => r.pcs)}::int[],
    ${column(rows, (r) => r.dimension)}::text[], ${column(rows, (r) => r.unitNwDesc)}::text[],
    ${column(rows, (r) => r.unitGwDesc)}::text[], ${column(rows, (r) => r.unitVolumeDesc)}::text[],
    ${column(rows, (r) => r.unitVolumeWeightDesc)}::text[], ${column(rows, (r) => r.totalVolumeWeightG)}::int[],
    ${column(rows, (r) => r.searchText ?? '')}::text[]${extra ? sql`, ${extra.arrays}` : sql``}
  ) with ordinality as t(${EDITABLE}, ${extra ? sql`${extra.columns}, ` : sql``}ord)`;
}

export function createCatalogRepository(db: Db) {
  // A product detail is read for every detail nobody opened in the last 30 s: built and planned once.
  const detailById = db
    .select(detailColumns)
    .from(items)
    .where(and(eq(items.id, sql.placeholder('id')), onSale))
    .limit(1)
    .prepare('catalog_item_detail');
  return {
    async listCategories(): Promise<CategoryRow[]> {
      return db
        .select({
          id: categories.id,
          slug: categories.slug,
          parentId: categories.parentId,
          nameZh: categories.nameZh,
          nameEn: categories.nameEn,
          position: categories.position,
          shape: categories.shape,
        })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.id));
    },

    async listSuppliers(): Promise<SupplierRow[]> {
      return db
        .select({ id: suppliers.id, slug: suppliers.slug, nameZh: suppliers.nameZh, nameEn: suppliers.nameEn, position: suppliers.position })
        .from(suppliers)
        .orderBy(asc(suppliers.position), asc(suppliers.id));
    },

    /** Brands with at least one product in these categories (or anywhere). */
    async supplierIdsWithItems(categoryIds: number[] | undefined): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: items.supplierId })
        .from(items)
        .where(and(onSale, categoryIds ? inArray(items.categoryId, categoryIds) : undefined));
      return rows.map((r) => r.id);
    },

    /**
     * Ids of every product matching the filter, in ascending sort order (key, id); the
     * descending order is the exact reverse. One row comes back: the ids as 8-byte big-endian
     * integers in one bytea, which PostgreSQL builds from the covering list indexes without
     * touching the table (index-only), and which is decoded without parsing 100,000 rows.
     */
    async orderedIds(filter: ItemFilter, field: ItemSort['field']): Promise<Float64Array> {
      const key = field === 'basePrice' ? items.basePriceFen : items.updatedAt;
      // string_agg keeps the order of an ordered subquery (which PostgreSQL never flattens), so
      // the sort comes from the index where it can; "order by" inside the aggregate would sort
      // again on PostgreSQL 15.
      const result = await db.execute(
        sql`select string_agg(int8send(id), ''::bytea) as ids from (select ${items.id} as id from ${items} where ${whereOf(filter) ?? sql`true`} order by ${key}, ${items.id}) s`,
      );
      return decodeIds(rowsOf<{ ids: Uint8Array | null }>(result)[0]?.ids ?? null);
    },

    /**
     * Every product by id, cut in runs of `size` (the sitemap's chunks): first and last id, count
     * and latest update of each run. One pass over (id, updated_at) along the primary key.
     * Archived products are left out (they are gone from the storefront).
     */
    async itemRuns(size: number): Promise<ItemRun[]> {
      const numbered = db
        .select({ id: items.id, updatedAt: items.updatedAt, run: sql<number>`(row_number() over (order by ${items.id}) - 1) / ${size}::int`.as('run') })
        .from(items)
        .where(onSale)
        .as('numbered');
      return db
        .select({
          firstId: sql`min(${numbered.id})`.mapWith(Number),
          lastId: sql`max(${numbered.id})`.mapWith(Number),
          count: count(),
          updatedAt: sql`max(${numbered.updatedAt})`.mapWith(items.updatedAt),
        })
        .from(numbered)
        .groupBy(numbered.run)
        .orderBy(numbered.run);
    },

    /**
     * Keyset paging by id: (id, updated_at) of the products after `afterId` and up to `untilId`
     * (when given), at most `limit`, by id. A primary-key range scan, however deep the page.
     */
    async itemStamps(afterId: number, untilId: number | undefined, limit: number): Promise<ItemStamp[]> {
      return db
        .select({ id: items.id, updatedAt: items.updatedAt })
        .from(items)
        .where(and(onSale, gt(items.id, afterId), untilId === undefined ? undefined : lte(items.id, untilId)))
        .orderBy(asc(items.id))
        .limit(limit);
    },

    async findByIds(ids: number[]): Promise<ItemListRow[]> {
      if (ids.length === 0) return [];
      // One array parameter rather than 120 (building 120 typed parameters costs more than the query).
      return db
        .select(listColumns)
        .from(items)
        .where(sql`${items.id} = any(${sql.param(ids)}::bigint[])`);
    },

    async findForPricing(ids: number[]): Promise<ItemPricingRow[]> {
      if (ids.length === 0) return [];
      // Archived products cannot be bought: the cart sees them as gone (orders keep their snapshots).
      return db
        .select(pricingColumns)
        .from(items)
        .where(and(inArray(items.id, ids), onSale));
    },

    async findDetail(id: number): Promise<ItemDetailRow | undefined> {
      const rows = await detailById.execute({ id });
      return rows[0];
    },

    async findImageSource(id: number): Promise<ItemImageRow | undefined> {
      const rows = await db.select(imageColumns).from(items).where(eq(items.id, id)).limit(1);
      return rows[0];
    },

    /** Products on sale, all or among `ids` (the stock summary's "in stock" count). */
    async countOnSale(ids?: readonly number[]): Promise<number> {
      if (ids && ids.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(items)
        .where(and(onSale, ids ? sql`${items.id} = any(${sql.param([...ids])}::bigint[])` : undefined));
      return row?.n ?? 0;
    },

    async exists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.id, id), onSale))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * created_at of the n-th most recently created product, or undefined when there are fewer
     * (label N, docs/catalog.md).
     */
    async nthNewestCreatedAt(n: number): Promise<Date | undefined> {
      const rows = await db
        .select({ createdAt: items.createdAt })
        .from(items)
        .where(onSale)
        .orderBy(desc(items.createdAt))
        .limit(1)
        .offset(Math.max(0, n - 1));
      return rows[0]?.createdAt;
    },

    async countItems(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(items);
      return row?.n ?? 0;
    },

    async insertCategory(row: NewCategoryRow): Promise<number> {
      const [created] = await db.insert(categories).values(row).returning({ id: categories.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },

    async insertSupplier(row: NewSupplierRow): Promise<number> {
      const [created] = await db.insert(suppliers).values(row).returning({ id: suppliers.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },

    /**
     * Inserts many items in one statement (INSERT ... SELECT FROM unnest(array per column)), so
     * 10,000 rows cost one round trip and 30-odd parameters. Returns the new ids in input order.
     */
    async insertItems(rows: readonly NewItemRow[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const result = await db.execute<{ id: string | number }>(sql`
        insert into items (${EDITABLE}, image_count, image_version, created_at, updated_at)
        select ${SELECTED}, image_count, image_version, coalesce(created_at, now()), coalesce(updated_at, created_at, now())
        from ${unnestOf(rows, {
          columns: sql`image_count, image_version, created_at, updated_at`,
          arrays: sql`${column(rows, (r) => r.imageCount ?? 1)}::smallint[], ${column(rows, (r) => r.imageVersion ?? 1)}::int[],
            ${column(rows, (r) => (r.createdAt ? r.createdAt.toISOString() : null))}::timestamptz[],
            ${column(rows, (r) => (r.updatedAt ? r.updatedAt.toISOString() : null))}::timestamptz[]`,
        })}
        order by ord
        returning id`);
      return rowsOf<{ id: string | number }>(result).map((r) => Number(r.id));
    },

    /**
     * Bulk loads drop the search index and build it again afterwards: building a GIN index once
     * is several times faster than updating it row by row. The definition matches the migration.
     */
    async dropSearchIndex(): Promise<void> {
      await db.execute(sql`drop index if exists items_search_idx`);
    },
    async createSearchIndex(): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql`create index if not exists items_search_idx on items using gin (search_text gin_trgm_ops)`);
      });
    },

    /**
     * After a bulk load: planner statistics, and the visibility map that lets counts and deep
     * pages use index-only scans (PGlite has no autovacuum to do it later).
     */
    async vacuumAnalyze(): Promise<void> {
      await db.execute(sql`vacuum (analyze) items`);
    },

    /** Removes every product, category and brand (favourites go with the products). */
    async deleteCatalog(): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from items`);
        // parent_id is ON DELETE RESTRICT: remove the tree from the leaves up.
        for (let depth = 0; depth < 32; depth++) {
          const left = await tx.select({ n: count() }).from(categories);
          if ((left[0]?.n ?? 0) === 0) break;
          await tx.execute(sql`delete from categories c where not exists (select 1 from categories k where k.parent_id = c.id)`);
        }
        await tx.execute(sql`delete from suppliers`);
      });
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
