import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { items } from './catalog.js';

/**
 * One row per buyer with a cart: the row every cart write and every order placement locks
 * (INSERT ... ON CONFLICT DO UPDATE takes its row lock), so a buyer's cart changes one request
 * at a time (docs/orders.md). updated_at is the last cart activity.
 */
export const carts = pgTable('carts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cart lines: one per (product, type). Prices are not stored: the cart always shows today's. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** A product type code ('' when the product has none). */
    typeCode: text('type_code').notNull().default(''),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_user_item_type_key').on(t.userId, t.itemId, t.typeCode),
    index('cart_items_item_idx').on(t.itemId),
    check('cart_items_quantity_check', sql`quantity >= 1`),
  ],
);
