import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { categories, itemImages, items, suppliers } from '../../../db/schema/index.js';
import type { NewItemRow } from '../catalog.repository.js';
import type { ParsedKeyword } from '../search/catalog.search.text.js';

/**
 * The back office's reads and writes of the catalog's tables (docs/catalog.md, Back office): one
 * product with every column, the staff list (archived ones too), single-row writes, uploaded
 * pictures (item_images) and the category and brand trees. Writes take the transaction they run
 * in, so a change, its stock lines and its audit entry commit together.
 */

export type StaffItemRow = typeof items.$inferSelect;
export type ItemImageRow = typeof itemImages.$inferSelect;
export type StaffCategoryRow = typeof categories.$inferSelect & { items: number };
export type StaffSupplierRow = typeof suppliers.$inferSelect & { items: number };

export interface StaffItemFilter {
  search?: ParsedKeyword | undefined;
  /** The keyword as typed: a barcode matches exactly, whatever its case. */
  barcode?: string | undefined;
  categoryIds?: number[] | undefined;
  supplierId?: number | undefined;
  archived: 'false' | 'true' | 'all';
}

const staffListColumns = {
  id: items.id,
  nameZh: items.nameZh,
  nameEn: items.nameEn,
  barcode: items.barcode,
  categoryId: items.categoryId,
  supplierId: items.supplierId,
  priceFen: items.priceFen,
  discountPercent: items.discountPercent,
  priceTiers: items.priceTiers,
  preorder: items.preorder,
  lowStockAt: items.lowStockAt,
  moq: items.moq,
  orderMultiple: items.orderMultiple,
  imageVersion: items.imageVersion,
  archivedAt: items.archivedAt,
  updatedAt: items.updatedAt,
};
export type StaffListRow = Pick<StaffItemRow, keyof typeof staffListColumns>;

function whereOf(f: StaffItemFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.archived === 'false') parts.push(isNull(items.archivedAt));
  if (f.archived === 'true') parts.push(isNotNull(items.archivedAt));
  if (f.categoryIds) parts.push(inArray(items.categoryId, f.categoryIds));
  if (f.supplierId !== undefined) parts.push(eq(items.supplierId, f.supplierId));
  if (f.search) {
    const text = and(...f.search.patterns.map((p) => sql`${items.searchText} like ${p}`));
    if (f.search.code) {
      const id = Number(f.search.code);
      parts.push(
        or(
          Number.isSafeInteger(id) ? eq(items.id, id) : undefined,
          eq(items.barcode, f.search.code),
          f.barcode ? eq(items.barcode, f.barcode) : undefined,
          text,
        ),
      );
    } else {
      parts.push(f.barcode ? or(eq(items.barcode, f.barcode), text) : text);
    }
  }
  return and(...parts);
}

export function createCatalogStaffRepository(db: Db) {
  return {
    /** Runs `work` in one transaction. */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Db));
    },

    async listItems(
      filter: StaffItemFilter,
      sort: { field: 'basePrice' | 'lastUpdatedTime'; order: 'asc' | 'desc' },
      limit: number,
      offset: number,
    ): Promise<{ rows: StaffListRow[]; total: number }> {
      const where = whereOf(filter);
      const dir = sort.order === 'asc' ? asc : desc;
      const key = sort.field === 'basePrice' ? items.basePriceFen : items.updatedAt;
      const [rows, totals] = await Promise.all([
        db.select(staffListColumns).from(items).where(where).orderBy(dir(key), dir(items.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(items).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /** The first `limit` matching products, newest change first, without counting them (the staff search box). */
    async findItems(filter: StaffItemFilter, limit: number): Promise<StaffListRow[]> {
      return db.select(staffListColumns).from(items).where(whereOf(filter)).orderBy(desc(items.updatedAt), desc(items.id)).limit(limit);
    },

    /** Every matching product's id and stock settings, in list order, at most `cap` (the stock-state filter). */
    async listCandidates(
      filter: StaffItemFilter,
      sort: { field: 'basePrice' | 'lastUpdatedTime'; order: 'asc' | 'desc' },
      cap: number,
    ): Promise<{ id: number; preorder: boolean; lowStockAt: number; moq: number; orderMultiple: number | null }[]> {
      const dir = sort.order === 'asc' ? asc : desc;
      const key = sort.field === 'basePrice' ? items.basePriceFen : items.updatedAt;
      return db
        .select({ id: items.id, preorder: items.preorder, lowStockAt: items.lowStockAt, moq: items.moq, orderMultiple: items.orderMultiple })
        .from(items)
        .where(whereOf(filter))
        .orderBy(dir(key), dir(items.id))
        .limit(cap);
    },
    async listByIds(ids: readonly number[]): Promise<StaffListRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(staffListColumns)
        .from(items)
        .where(inArray(items.id, [...ids]));
    },

    async findItem(id: number, tx: Db = db): Promise<StaffItemRow | undefined> {
      const rows = await tx.select().from(items).where(eq(items.id, id)).limit(1);
      return rows[0];
    },

    /** Locks the product's row for the rest of the transaction (two edits of one product queue). */
    async lockItem(tx: Db, id: number): Promise<StaffItemRow | undefined> {
      const rows = await tx.select().from(items).where(eq(items.id, id)).limit(1).for('update');
      return rows[0];
    },

    async insertItem(tx: Db, row: NewItemRow): Promise<number> {
      const [created] = await tx.insert(items).values(row).returning({ id: items.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },

    async updateItem(tx: Db, id: number, row: Partial<NewItemRow>): Promise<void> {
      await tx.update(items).set(row).where(eq(items.id, id));
    },

    /** The product (other than `exceptId`) that already has this barcode. */
    async barcodeOwner(tx: Db, barcode: string, exceptId: number | undefined): Promise<number | undefined> {
      const rows = await tx
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.barcode, barcode), exceptId === undefined ? undefined : ne(items.id, exceptId)))
        .limit(1);
      return rows[0]?.id;
    },

    // Uploaded pictures.
    async imagesOf(itemId: number, tx: Db = db): Promise<ItemImageRow[]> {
      return tx.select().from(itemImages).where(eq(itemImages.itemId, itemId)).orderBy(asc(itemImages.position), asc(itemImages.id));
    },
    async insertImage(tx: Db, row: { itemId: number; position: number; width: number; height: number }): Promise<number> {
      const [created] = await tx.insert(itemImages).values(row).returning({ id: itemImages.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },
    async deleteImage(tx: Db, itemId: number, imageId: number): Promise<void> {
      await tx.delete(itemImages).where(and(eq(itemImages.itemId, itemId), eq(itemImages.id, imageId)));
    },
    /** Positions 0.. in the order given (the first is the main picture). */
    async orderImages(tx: Db, itemId: number, ids: readonly number[]): Promise<void> {
      for (const [position, id] of ids.entries()) {
        await tx
          .update(itemImages)
          .set({ position })
          .where(and(eq(itemImages.itemId, itemId), eq(itemImages.id, id)));
      }
    },
    /** After the pictures change: their count and a new version (the storefront's URLs change). */
    async setImageState(tx: Db, itemId: number, imageCount: number): Promise<void> {
      await tx
        .update(items)
        .set({ imageCount, imageVersion: sql`${items.imageVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(items.id, itemId));
    },

    // Categories.
    async listCategories(tx: Db = db): Promise<StaffCategoryRow[]> {
      const counts = tx
        .select({ categoryId: items.categoryId, n: count().as('n') })
        .from(items)
        .groupBy(items.categoryId)
        .as('counts');
      const rows = await tx
        .select({ category: categories, n: counts.n })
        .from(categories)
        .leftJoin(counts, eq(counts.categoryId, categories.id))
        .orderBy(asc(categories.position), asc(categories.id));
      return rows.map((r) => ({ ...r.category, items: Number(r.n ?? 0) }));
    },
    async insertCategory(tx: Db, row: typeof categories.$inferInsert): Promise<number> {
      const [created] = await tx.insert(categories).values(row).returning({ id: categories.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },
    async updateCategory(tx: Db, id: number, row: Partial<typeof categories.$inferInsert>): Promise<void> {
      await tx.update(categories).set(row).where(eq(categories.id, id));
    },
    async deleteCategory(tx: Db, id: number): Promise<void> {
      await tx.delete(categories).where(eq(categories.id, id));
    },
    async categorySlugTaken(tx: Db, slug: string): Promise<boolean> {
      return (await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).limit(1)).length > 0;
    },
    /** Serialises tree changes (moves and reorders read the whole tree). */
    async lockTree(tx: Db): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(4815162342)`);
    },

    // Brands.
    async listSuppliers(tx: Db = db): Promise<StaffSupplierRow[]> {
      const counts = tx
        .select({ supplierId: items.supplierId, n: count().as('n') })
        .from(items)
        .groupBy(items.supplierId)
        .as('counts');
      const rows = await tx
        .select({ supplier: suppliers, n: counts.n })
        .from(suppliers)
        .leftJoin(counts, eq(counts.supplierId, suppliers.id))
        .orderBy(asc(suppliers.position), asc(suppliers.id));
      return rows.map((r) => ({ ...r.supplier, items: Number(r.n ?? 0) }));
    },
    async insertSupplier(tx: Db, row: typeof suppliers.$inferInsert): Promise<number> {
      const [created] = await tx.insert(suppliers).values(row).returning({ id: suppliers.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },
    async updateSupplier(tx: Db, id: number, row: Partial<typeof suppliers.$inferInsert>): Promise<void> {
      await tx.update(suppliers).set(row).where(eq(suppliers.id, id));
    },
    async supplierSlugTaken(tx: Db, slug: string): Promise<boolean> {
      return (await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.slug, slug)).limit(1)).length > 0;
    },
    /** The public brand's logo version (null: none uploaded). */
    async logoVersion(id: number): Promise<number | null | undefined> {
      const rows = await db.select({ v: suppliers.logoVersion }).from(suppliers).where(eq(suppliers.id, id)).limit(1);
      return rows.length === 0 ? undefined : rows[0]!.v;
    },
  };
}
export type CatalogStaffRepository = ReturnType<typeof createCatalogStaffRepository>;
