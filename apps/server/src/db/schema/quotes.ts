import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { orders } from './orders.js';

/**
 * Quotes (docs/orders.md, Quotes): a buyer's request from the cart, priced by sales staff and
 * accepted by the buyer once, which places one order (order_id, unique). Money in minor units of
 * the quote's currency (the buyer's display currency when asked). Expiry is read from valid_until.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['requested', 'sent', 'accepted', 'withdrawn'] })
      .notNull()
      .default('requested'),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    /** The buyer's message with the request. */
    message: text('message').notNull(),
    /** Staff only. */
    note: text('note'),
    freightMinor: bigint('freight_minor', { mode: 'number' }),
    /** The end of the last valid day (shop time); past it a sent quote reads as expired. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    withdrawReason: text('withdraw_reason'),
    /** The order the acceptance placed: at most one per quote. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'restrict' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('quotes_status_created_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('quotes_order_key').on(t.orderId),
    check('quotes_money_check', sql`freight_minor is null or freight_minor >= 0`),
  ],
);

/** A quote's lines: the product as it was asked for, and the price staff quoted. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quoteId: bigint('quote_id', { mode: 'number' })
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    typeCode: text('type_code').notNull(),
    typeNameZh: text('type_name_zh'),
    typeNameEn: text('type_name_en'),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    imageVersion: integer('image_version').notNull(),
    quantity: integer('quantity').notNull(),
    /** The catalog's price for the buyer when asked (or when staff added the line). */
    catalogPriceMinor: bigint('catalog_price_minor', { mode: 'number' }),
    /** The quoted price of one piece; null until staff price it. */
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.position),
    check('quote_lines_check', sql`quantity >= 1 and (unit_price_minor is null or unit_price_minor > 0)`),
  ],
);
