import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { items } from './catalog.js';

/**
 * Customer groups (docs/catalog.md, Prices): retail, wholesale, VIP ... A group takes a percentage
 * off every price, or a price of its own per product. A buyer in no group pays the shop's prices.
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    discountPercent: smallint('discount_percent').notNull().default(0),
    position: integer('position').notNull().default(0),
    /** The group of buyers nobody assigned (at most one; none: the shop's prices). */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_groups_code_key').on(t.code), check('customer_groups_discount_check', sql`discount_percent between 0 and 99`)],
);

/** A group's own price for one product (fen), instead of the group's percentage. */
export const customerGroupPrices = pgTable(
  'customer_group_prices',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    priceFen: integer('price_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.itemId] }),
    index('customer_group_prices_item_idx').on(t.itemId),
    check('customer_group_prices_check', sql`price_fen >= 0`),
  ],
);

/** Which group a buyer is in (staff assign it). */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_group_members_group_idx').on(t.groupId)],
);
