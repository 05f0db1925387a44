import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderEvents, orderItems, orders } from '../../db/schema/index.js';
import type { NewOrderEvent, NewOrderItemRow, OrderItemRow } from './orders.repository.js';

/**
 * The tables behind orders taken by staff and lines added or removed before the goods leave
 * (docs/orders.md, Orders taken for a buyer; Editing an order before it leaves). Every write runs
 * in the caller's transaction, under the order's lock.
 */
export function createOrderEditsRepository(db: Db) {
  return {
    /** A transaction of its own (placing an order for a buyer). */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** A line added to the order, after its last one; the order's line count follows. */
    async insertLine(tx: Db, orderId: number, userId: number, line: Omit<NewOrderItemRow, 'position'>): Promise<OrderItemRow> {
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${orderItems.position}), -1)::int` })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      const [created] = await tx
        .insert(orderItems)
        .values({ ...line, position: Number(last?.position ?? -1) + 1, orderId, userId })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await tx
        .update(orders)
        .set({ lineCount: sql`${orders.lineCount} + 1`, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
      return created;
    },

    /** A line taken out of the order; the order's line count follows. */
    async deleteLine(tx: Db, orderId: number, lineId: number): Promise<void> {
      await tx.delete(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, lineId)));
      await tx
        .update(orders)
        .set({ lineCount: sql`greatest(${orders.lineCount} - 1, 1)`, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
    },

    /** A history event of the order (what its buyer's page lists); answers its id. */
    async insertEvent(tx: Db, orderId: number, event: NewOrderEvent): Promise<number> {
      const [created] = await tx
        .insert(orderEvents)
        .values({ ...event, orderId })
        .returning({ id: orderEvents.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },
  };
}
export type OrderEditsRepository = ReturnType<typeof createOrderEditsRepository>;
