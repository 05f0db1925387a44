import { bigint, doublePrecision, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Shop-wide settings (exchange rate, free-shipping threshold, ...), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every exchange rate the shop has used, newest last (the current one is also the exchangeRate setting). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cnyPerUsd: doublePrecision('cny_per_usd').notNull(),
    /** The staff member who set it (null: the seed or the CLI). */
    setBy: bigint('set_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_rates_created_idx').on(t.createdAt)],
);
