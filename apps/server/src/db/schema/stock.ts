import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './catalog.js';

/**
 * Stock per product and type ('' for a product without types), docs/catalog.md, Stock: pieces on
 * hand and pieces reserved by placed orders not yet shipped. Available = on hand − reserved.
 * Placing an order reserves in its transaction; cancelling releases; shipping consumes.
 */
export const itemStock = pgTable(
  'item_stock',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    typeCode: text('type_code').notNull().default(''),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.typeCode] }), check('item_stock_check', sql`on_hand >= 0 and reserved >= 0`)],
);
