import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TOrderRequestStatus } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { orderRequests } from '../../db/schema/index.js';

export type RequestRow = typeof orderRequests.$inferSelect;
export type NewRequestRow = Pick<typeof orderRequests.$inferInsert, 'orderId' | 'userId' | 'kind' | 'reason' | 'photos'>;

/** PostgreSQL's unique_violation, whichever driver raised it (possibly wrapped by Drizzle). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** After-sales requests (table order_requests): the only place that reads or writes it. */
export function createAftersalesRepository(db: Db) {
  return {
    /** Inserts an open request in the caller's transaction; undefined when the order already has an open one. */
    async insert(tx: Db, row: NewRequestRow): Promise<RequestRow | undefined> {
      try {
        // The caller throws on undefined, which rolls its (now failed) transaction back.
        return (await tx.insert(orderRequests).values(row).returning())[0];
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    async get(id: number): Promise<RequestRow | undefined> {
      return (await db.select().from(orderRequests).where(eq(orderRequests.id, id)).limit(1))[0];
    },

    /** An order's requests, newest first (read in the caller's transaction when given). */
    async ofOrder(orderId: number, exec?: Db): Promise<RequestRow[]> {
      return (exec ?? db).select().from(orderRequests).where(eq(orderRequests.orderId, orderId)).orderBy(desc(orderRequests.id));
    },

    /** The staff queue: open requests oldest first (first come, first served); decided ones newest first. */
    async page(status: TOrderRequestStatus, limit: number, offset: number): Promise<{ rows: RequestRow[]; total: number }> {
      const order = status === 'open' ? [asc(orderRequests.createdAt), asc(orderRequests.id)] : [desc(orderRequests.decidedAt), desc(orderRequests.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orderRequests)
          .where(eq(orderRequests.status, status))
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(orderRequests).where(eq(orderRequests.status, status)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Decides an open request in the caller's transaction; undefined when it was no longer open. */
    async decide(
      tx: Db,
      id: number,
      patch: { status: 'approved' | 'refused'; decidedBy: number | null; decisionNote: string | null },
    ): Promise<RequestRow | undefined> {
      const [row] = await tx
        .update(orderRequests)
        .set({ ...patch, decidedAt: sql`now()` })
        .where(and(eq(orderRequests.id, id), eq(orderRequests.status, 'open')))
        .returning();
      return row;
    },
  };
}
export type AftersalesRepository = ReturnType<typeof createAftersalesRepository>;
