import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Side effects that must not be lost (docs/architecture.md): an e-mail to a buyer is written here in the
 * same transaction as the change that causes it, and a worker delivers it with retries
 * (modules/outbox). `dedupe_key` makes a change that is retried enqueue its mail once.
 * `claimed_by` / `claimed_until` (database time): the instance delivering the row and until when
 * its claim holds; an expired claim (the instance died) lets another instance take the row.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What delivers it: 'mail'. */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`sent_at is null`),
  ],
);
