import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox, outboxLease } from '../../db/schema/index.js';

export type OutboxRow = typeof outbox.$inferSelect;
export interface NewOutboxRow {
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
}

export function createOutboxRepository(db: Db) {
  return {
    /** Inside the change's transaction; a key already written is left alone (the change was retried). */
    async enqueue(exec: Db, rows: readonly NewOutboxRow[]): Promise<void> {
      if (rows.length) await exec.insert(outbox).values([...rows]).onConflictDoNothing({ target: outbox.dedupeKey });
    },
    /**
     * Takes or renews the worker lease `name` for `holder` until `until`: true when this holder
     * has it (free, expired, or already its own).
     */
    async lease(name: string, holder: string, until: Date): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .insert(outboxLease)
        .values({ name, holder, until })
        .onConflictDoUpdate({
          target: outboxLease.name,
          set: { holder, until },
          setWhere: or(eq(outboxLease.holder, holder), lte(outboxLease.until, now)),
        })
        .returning({ holder: outboxLease.holder });
      return rows[0]?.holder === holder;
    },
    async release(name: string, holder: string): Promise<void> {
      await db.delete(outboxLease).where(and(eq(outboxLease.name, name), eq(outboxLease.holder, holder)));
    },
    /** Messages due now, oldest first. */
    async due(limit: number): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, new Date())))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(limit);
    },
    async markSent(id: number): Promise<void> {
      await db.update(outbox).set({ sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null }).where(eq(outbox.id, id));
    },
    async markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 500), nextAttemptAt })
        .where(eq(outbox.id, id));
    },
    /** Waiting and failed counts (health, tests). */
    async pending(): Promise<{ waiting: number; failing: number }> {
      const [row] = await db
        .select({ waiting: sql<number>`count(*)::int`, failing: sql<number>`count(*) filter (where ${outbox.attempts} > 0)::int` })
        .from(outbox)
        .where(isNull(outbox.sentAt));
      return { waiting: row?.waiting ?? 0, failing: row?.failing ?? 0 };
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
