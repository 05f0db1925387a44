import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

export type OutboxRow = typeof outbox.$inferSelect;
export interface NewOutboxRow {
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
}

/** `now() + ms`, on the database's clock (instances' clocks may differ; the database's is one). */
const inMs = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/**
 * Claims are per row (`claimed_by`, `claimed_until`, database time): a row is delivered by the
 * instance that claimed it; a claim that expires (the instance died or lost the database) lets
 * another instance take the row.
 */
export function createOutboxRepository(db: Db) {
  return {
    /** Inside the change's transaction; a key already written is left alone (the change was retried). */
    async enqueue(exec: Db, rows: readonly NewOutboxRow[]): Promise<void> {
      if (rows.length)
        await exec
          .insert(outbox)
          .values([...rows])
          .onConflictDoNothing({ target: outbox.dedupeKey });
    },
    /**
     * Claims up to `limit` messages that are due and not claimed by anyone (or whose claim has
     * expired) for `holder`, for `leaseMs`; oldest first. Rows another instance is claiming at
     * this moment are skipped (SKIP LOCKED), so concurrent claimers never get the same row.
     */
    async claim(holder: string, limit: number, leaseMs: number): Promise<OutboxRow[]> {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`), or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, sql`now()`))))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(outbox)
        .set({ claimedBy: holder, claimedUntil: inMs(leaseMs) })
        .where(inArray(outbox.id, due))
        .returning();
      return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
    },
    /** Extends holder's claims on these rows by leaseMs from now; the ids it still holds (unsent). */
    async renew(holder: string, ids: readonly number[], leaseMs: number): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .update(outbox)
        .set({ claimedUntil: inMs(leaseMs) })
        .where(and(inArray(outbox.id, [...ids]), eq(outbox.claimedBy, holder), isNull(outbox.sentAt)))
        .returning({ id: outbox.id });
      return rows.map((r) => r.id);
    },
    /** Gives holder's unsent claims back (shutdown), so another instance need not wait for them to expire. */
    async releaseClaims(holder: string): Promise<void> {
      await db
        .update(outbox)
        .set({ claimedBy: null, claimedUntil: null })
        .where(and(eq(outbox.claimedBy, holder), isNull(outbox.sentAt)));
    },
    /** The message left: recorded whoever holds the claim now, so nobody sends it again. */
    async markSent(id: number): Promise<void> {
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null, claimedBy: null, claimedUntil: null })
        .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
    },
    /** Delivery failed: try again in retryInMs (database time); only while holder still has the claim. */
    async markFailed(id: number, holder: string, error: string, retryInMs: number): Promise<void> {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 500), nextAttemptAt: inMs(retryInMs), claimedBy: null, claimedUntil: null })
        .where(and(eq(outbox.id, id), eq(outbox.claimedBy, holder), isNull(outbox.sentAt)));
    },
    /** Waiting and failed counts (health, tests). */
    async pending(): Promise<{ waiting: number; failing: number }> {
      const [row] = await db
        .select({ waiting: sql<number>`count(*)::int`, failing: sql<number>`count(*) filter (where ${outbox.attempts} > 0)::int` })
        .from(outbox)
        .where(isNull(outbox.sentAt));
      return { waiting: row?.waiting ?? 0, failing: row?.failing ?? 0 };
    },
    /**
     * The backlog at a glance (metrics, at scrape time): unsent messages, those due now, those
     * that failed at least once, and how long the oldest due one has waited past its time (s, 0
     * when none). One read of the partial index of unsent rows.
     */
    async backlog(): Promise<{ waiting: number; due: number; failing: number; oldestDueAgeSeconds: number }> {
      const isDue = sql`${outbox.nextAttemptAt} <= now()`;
      const [row] = await db
        .select({
          waiting: sql<number>`count(*)::int`,
          due: sql<number>`(count(*) filter (where ${isDue}))::int`,
          failing: sql<number>`(count(*) filter (where ${outbox.attempts} > 0))::int`,
          oldest: sql<number>`coalesce(extract(epoch from now() - min(${outbox.nextAttemptAt}) filter (where ${isDue})), 0)::float8`,
        })
        .from(outbox)
        .where(isNull(outbox.sentAt));
      return { waiting: row?.waiting ?? 0, due: row?.due ?? 0, failing: row?.failing ?? 0, oldestDueAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
