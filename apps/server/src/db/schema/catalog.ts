import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

/** Category tree (docs/requirements.md, Data). A category lists its descendants' products too. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Order among siblings. */
    position: integer('position').notNull().default(0),
    /** Drawing used for generated product pictures (cube3, megaminx, timer, ...); inherited when null. */
    shape: text('shape'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

/** Brands (the public API calls them suppliers; docs/glossary.md). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    /** The shop is an authorized dealer of the brand (shown on the brand page). */
    authorized: boolean('authorized').notNull().default(false),
    /** Bumped when a logo is uploaded (part of its immutable URL); null: no logo. */
    logoVersion: integer('logo_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_slug_key').on(t.slug)],
);

/**
 * One SKU. Money is integer fen (CNY minor units); weights integer grams; volumes integer cm³.
 * The API converts them at the edge (docs/catalog.md).
 */
export const items = pgTable(
  'items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Sanitized HTML (sanitize-html on write). */
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** Styles the buyer picks: [{ code, zh, en }]. */
    types: jsonb('types').$type<{ code: string; zh: string; en: string }[]>().notNull().default([]),
    priceFen: integer('price_fen').notNull(),
    /** Equals price_fen when there is no discount. */
    discountPriceFen: integer('discount_price_fen').notNull(),
    discountPercent: smallint('discount_percent').notNull().default(0),
    /** What the buyer pays: the sort and filter key (basePrice). */
    basePriceFen: integer('base_price_fen')
      .notNull()
      .generatedAlwaysAs(sql`case when discount_percent > 0 then discount_price_fen else price_fen end`),
    moq: integer('moq').notNull().default(1),
    /**
     * Quantity breaks, cheapest last: [{ minQuantity, priceFen }] (1+ is the base price). A line of
     * q pieces costs the price of the highest break with minQuantity <= q (docs/catalog.md, Prices).
     */
    priceTiers: jsonb('price_tiers').$type<{ minQuantity: number; priceFen: number }[]>().notNull().default([]),
    /** Buyers may order it when out of stock (it ships when the goods arrive). */
    preorder: boolean('preorder').notNull().default(false),
    /** At or below this many pieces available, the stock shows as low. */
    lowStockAt: integer('low_stock_at').notNull().default(10),
    /** Set when staff archive it: gone from the storefront, kept for orders and staff. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    orderMultiple: integer('order_multiple'),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** Label H (docs/catalog.md): set by staff or the sales job for best sellers. */
    hot: boolean('hot').notNull().default(false),
    barcode: text('barcode'),
    commentZh: text('comment_zh'),
    commentEn: text('comment_en'),
    nwG: integer('nw_g'),
    gwG: integer('gw_g'),
    volumeCm3: integer('volume_cm3'),
    volumeWeightG: integer('volume_weight_g'),
    pkgZh: text('pkg_zh'),
    pkgEn: text('pkg_en'),
    carton: text('carton'),
    pcs: integer('pcs'),
    dimension: text('dimension'),
    unitNwDesc: text('unit_nw_desc'),
    unitGwDesc: text('unit_gw_desc'),
    unitVolumeDesc: text('unit_volume_desc'),
    unitVolumeWeightDesc: text('unit_volume_weight_desc'),
    totalVolumeWeightG: integer('total_volume_weight_g'),
    /** How many pictures the product has (generated views until real photos are uploaded). */
    imageCount: smallint('image_count').notNull().default(1),
    /** Bumped when the pictures change; part of the immutable image URLs. */
    imageVersion: integer('image_version').notNull().default(1),
    /**
     * Search text, lower case (NFKC), with every character written twice ("gan" -> "ggaann"):
     * names in both languages, brand, category, types, and the pinyin (full and initials) of
     * the Chinese words. Doubling lets the pg_trgm index serve 2-character words such as 魔方
     * or "mf" (docs/catalog.md, Search).
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('items_updated_idx').on(t.updatedAt, t.id),
    index('items_created_idx').on(t.createdAt),
    // Covering list indexes (docs/catalog.md, Speed): led by the price, the category or the
    // brand, each carries every column a list filters or sorts on, so the ordered id list of
    // any filter is read from one index alone (an index-only scan), never from the wide rows.
    // They hold the products on sale only (archived ones leave the storefront).
    index('items_list_price_idx')
      .on(t.basePriceFen, t.id, t.updatedAt, t.categoryId, t.supplierId, t.createdAt, t.discountPercent, t.hot)
      .where(sql`archived_at is null`),
    index('items_list_category_idx')
      .on(t.categoryId, t.basePriceFen, t.id, t.updatedAt, t.supplierId, t.createdAt, t.discountPercent, t.hot)
      .where(sql`archived_at is null`),
    index('items_list_supplier_idx')
      .on(t.supplierId, t.basePriceFen, t.id, t.updatedAt, t.categoryId, t.createdAt, t.discountPercent, t.hot)
      .where(sql`archived_at is null`),
    index('items_hot_idx')
      .on(t.updatedAt, t.id)
      .where(sql`hot and archived_at is null`),
    index('items_discount_idx')
      .on(t.updatedAt, t.id)
      .where(sql`discount_percent > 0 and archived_at is null`),
    index('items_barcode_idx').on(t.barcode),
    index('items_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('items_moq_check', sql`moq >= 1`),
    check('items_order_multiple_check', sql`order_multiple is null or order_multiple >= 1`),
    check('items_discount_check', sql`discount_percent between 0 and 99`),
    check('items_price_check', sql`price_fen >= 0 and discount_price_fen >= 0`),
    check('items_image_count_check', sql`image_count >= 1`),
    check('items_low_stock_check', sql`low_stock_at >= 0`),
  ],
);

/**
 * Uploaded product pictures (position 0 is the main one). Each is stored re-encoded in the sizes
 * the storefront uses; a product without uploads shows its generated demo pictures.
 */
export const itemImages = pgTable(
  'item_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_images_item_idx').on(t.itemId, t.position)],
);

/** A signed-in buyer's favourites (docs/requirements.md, Data, Favorite). */
export const favorites = pgTable(
  'favorites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index('favorites_user_created_idx').on(t.userId, t.createdAt),
    index('favorites_item_idx').on(t.itemId),
  ],
);
