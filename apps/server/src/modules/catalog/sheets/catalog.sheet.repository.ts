import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { items } from '../../../db/schema/index.js';
import { EDITABLE, SELECTED, unnestOf, type NewItemRow } from '../catalog.repository.js';
import type { ParsedKeyword } from '../search/catalog.search.text.js';
import type { SheetItem } from './catalog.sheet.columns.js';

/**
 * The spreadsheet import's and export's SQL (catalog.import.ts): pages of products by id for an
 * export, current rows by id or barcode, and the bulk writes of an import, each a single
 * statement over arrays (unnest) for thousands of rows, inside the import's transaction.
 */

export interface SheetFilter {
  categoryIds?: number[] | undefined;
  supplierId?: number | undefined;
  minFen?: number | undefined;
  maxFen?: number | undefined;
  search?: ParsedKeyword | undefined;
  archived: 'false' | 'true' | 'all';
}

/** The current state of a product as the import compares it (what toRow writes, plus the id). */
export type StoredItem = SheetItem & { discountPriceFen: number; volumeWeightG: number | null; searchText: string };

const columns = {
  id: items.id,
  barcode: items.barcode,
  nameZh: items.nameZh,
  nameEn: items.nameEn,
  categoryId: items.categoryId,
  supplierId: items.supplierId,
  priceFen: items.priceFen,
  discountPriceFen: items.discountPriceFen,
  discountPercent: items.discountPercent,
  priceTiers: items.priceTiers,
  moq: items.moq,
  orderMultiple: items.orderMultiple,
  types: items.types,
  lowStockAt: items.lowStockAt,
  preorder: items.preorder,
  hot: items.hot,
  nwG: items.nwG,
  gwG: items.gwG,
  volumeCm3: items.volumeCm3,
  volumeWeightG: items.volumeWeightG,
  dimension: items.dimension,
  pkgZh: items.pkgZh,
  pkgEn: items.pkgEn,
  carton: items.carton,
  totalVolumeWeightG: items.totalVolumeWeightG,
  pcs: items.pcs,
  unitNwDesc: items.unitNwDesc,
  unitGwDesc: items.unitGwDesc,
  unitVolumeDesc: items.unitVolumeDesc,
  unitVolumeWeightDesc: items.unitVolumeWeightDesc,
  commentZh: items.commentZh,
  commentEn: items.commentEn,
  descriptionZh: items.descriptionZh,
  descriptionEn: items.descriptionEn,
  archivedAt: items.archivedAt,
  searchText: items.searchText,
};

function whereOf(f: SheetFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.archived === 'false') parts.push(isNull(items.archivedAt));
  if (f.archived === 'true') parts.push(isNotNull(items.archivedAt));
  if (f.categoryIds) parts.push(inArray(items.categoryId, f.categoryIds));
  if (f.supplierId !== undefined) parts.push(eq(items.supplierId, f.supplierId));
  if (f.minFen !== undefined) parts.push(gte(items.basePriceFen, f.minFen));
  if (f.maxFen !== undefined) parts.push(lte(items.basePriceFen, f.maxFen));
  if (f.search) {
    const text = and(...f.search.patterns.map((p) => sql`${items.searchText} like ${p}`));
    const id = Number(f.search.code);
    parts.push(f.search.code ? or(Number.isSafeInteger(id) ? eq(items.id, id) : undefined, eq(items.barcode, f.search.code), text) : text);
  }
  return and(...parts);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function createCatalogSheetRepository(db: Db) {
  return {
    /** Runs `work` in one transaction: the import's writes, its stock and its audit entry commit together. */
    async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },

    /** Up to `limit` products matching the filter after `afterId`, by id (keyset paging of an export). */
    async page(filter: SheetFilter, afterId: number, limit: number): Promise<StoredItem[]> {
      return db
        .select(columns)
        .from(items)
        .where(and(gt(items.id, afterId), whereOf(filter)))
        .orderBy(asc(items.id))
        .limit(limit);
    },

    async byIds(ids: readonly number[]): Promise<StoredItem[]> {
      if (ids.length === 0) return [];
      return db
        .select(columns)
        .from(items)
        .where(sql`${items.id} = any(${sql.param(ids)}::bigint[])`);
    },

    /** Products by barcode (a barcode may be on several products: the import refuses to guess). */
    async idsByBarcodes(barcodes: readonly string[]): Promise<{ id: number; barcode: string }[]> {
      if (barcodes.length === 0) return [];
      const rows = await db
        .select({ id: items.id, barcode: items.barcode })
        .from(items)
        .where(sql`${items.barcode} = any(${sql.param(barcodes)}::text[])`);
      return rows.map((r) => ({ id: r.id, barcode: r.barcode ?? '' }));
    },

    /** New products, one statement; their ids in input order. */
    async insert(tx: Db, rows: readonly NewItemRow[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const result = await tx.execute(sql`
        insert into items (${EDITABLE}) select ${SELECTED} from ${unnestOf(rows)} order by ord returning id`);
      return rowsOf<{ id: string | number }>(result).map((r) => Number(r.id));
    },

    /** Changed products, one statement: every editable column and updated_at. */
    async update(tx: Db, rows: readonly (NewItemRow & { id: number })[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.execute(sql`
        update items i set
          name_zh = t.name_zh, name_en = t.name_en, description_zh = t.description_zh, description_en = t.description_en,
          types = t.types::jsonb, price_fen = t.price_fen, discount_price_fen = t.discount_price_fen,
          discount_percent = t.discount_percent, moq = t.moq, order_multiple = t.order_multiple,
          price_tiers = t.price_tiers::jsonb, preorder = t.preorder, low_stock_at = t.low_stock_at,
          supplier_id = t.supplier_id, category_id = t.category_id, hot = t.hot, barcode = t.barcode,
          comment_zh = t.comment_zh, comment_en = t.comment_en, nw_g = t.nw_g, gw_g = t.gw_g,
          volume_cm3 = t.volume_cm3, volume_weight_g = t.volume_weight_g, pkg_zh = t.pkg_zh, pkg_en = t.pkg_en,
          carton = t.carton, pcs = t.pcs, dimension = t.dimension, unit_nw_desc = t.unit_nw_desc,
          unit_gw_desc = t.unit_gw_desc, unit_volume_desc = t.unit_volume_desc,
          unit_volume_weight_desc = t.unit_volume_weight_desc, total_volume_weight_g = t.total_volume_weight_g,
          search_text = t.search_text, updated_at = now()
        from ${unnestOf(rows, { columns: sql`id`, arrays: sql`${sql.param(rows.map((r) => r.id))}::bigint[]` })}
        where i.id = t.id`);
    },
  };
}
export type CatalogSheetRepository = ReturnType<typeof createCatalogSheetRepository>;
