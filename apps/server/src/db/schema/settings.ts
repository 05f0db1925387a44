import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Shop-wide settings (exchange rate, free-shipping threshold, ...), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
