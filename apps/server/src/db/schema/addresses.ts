import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';

/** A buyer's delivery addresses (docs/requirements.md, Data, Address). At most one default per buyer. */
export const addresses = pgTable(
  'addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2, upper case. */
    regionId: text('region_id').notNull(),
    state: text('state'),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    company: text('company'),
    taxId: text('tax_id'),
    shippingMark: text('shipping_mark'),
    address: text('address').notNull(),
    address2: text('address2'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_key')
      .on(t.userId)
      .where(sql`is_default`),
  ],
);
