import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderCredits, orderEvents, orderItems, orderPayments, orders } from '../../db/schema/index.js';
import type { TOrderStatus } from '@cubeshop/shared';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status' | 'logisticsStatus' | 'trackingNumber'>;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'userId' | 'createdAt'>;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type PaymentRow = typeof orderPayments.$inferSelect;
export type CreditRow = typeof orderCredits.$inferSelect;
export type NewOrderEvent = Pick<typeof orderEvents.$inferInsert, 'type' | 'fromValue' | 'toValue' | 'actor' | 'note'>;

/** Newest first; ties by id. */
const newestFirst = [desc(orders.createdAt), desc(orders.id)];

// The unpaid-order follow-up's orders (docs/orders.md, Unpaid orders), as orders.lapse.ts says them of a row.
/** Waiting for money: confirmed, not left the warehouse, something left to pay. */
export const awaitingPaymentSql: SQL = sql`${orders.status} = 'confirm' and coalesce(${orders.actualTotalMinor}, ${orders.totalMinor}) - ${orders.creditedMinor} - (${orders.paidMinor} - ${orders.refundedMinor}) > 0`;
/** Waiting for money and no payment ever recorded: what the follow-up may cancel. */
export const nothingPaidSql: SQL = sql`${awaitingPaymentSql} and ${orders.paidMinor} = 0 and ${orders.paymentStatus} = 'unpaid'`;

export function createOrdersRepository(db: Db) {
  return {
    /** The order a buyer placed with this Idempotency-Key (inside a transaction: pass its handle). */
    async findByKey(exec: Db | undefined, userId: number, key: string): Promise<{ id: number; requestHash: string } | undefined> {
      const rows = await (exec ?? db)
        .select({ id: orders.id, requestHash: orders.requestHash })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
        .limit(1);
      return rows[0];
    },

    /** Inserts the order, its lines and its first event; returns the id. Run inside the cart lock's transaction. */
    async insert(tx: Db, order: NewOrderRow, lines: readonly NewOrderItemRow[], event: NewOrderEvent): Promise<number> {
      const [created] = await tx.insert(orders).values(order).returning({ id: orders.id, createdAt: orders.createdAt });
      if (!created) throw new Error('insert returned no row');
      await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: created.id, userId: order.userId, createdAt: created.createdAt })));
      await tx.insert(orderEvents).values({ ...event, orderId: created.id, createdAt: created.createdAt });
      return created.id;
    },

    /** Seeded orders (the benchmark's queue): orders, lines and a created event per order, in one transaction. */
    async insertSeeded(
      batch: readonly {
        order: NewOrderRow;
        lines: readonly NewOrderItemRow[];
        status: TOrderStatus;
        logistics: OrderRow['logisticsStatus'];
        tracking: string | null;
        createdAt: Date;
      }[],
    ): Promise<void> {
      if (!batch.length) return;
      await db.transaction(async (tx) => {
        const created = await tx
          .insert(orders)
          .values(
            batch.map((b) => ({
              ...b.order,
              status: b.status,
              logisticsStatus: b.logistics,
              trackingNumber: b.tracking,
              createdAt: b.createdAt,
              updatedAt: b.createdAt,
            })),
          )
          .returning({ id: orders.id });
        const lines = batch.flatMap((b, i) => b.lines.map((l) => ({ ...l, orderId: created[i]!.id, userId: b.order.userId, createdAt: b.createdAt })));
        // Parameters per statement stay under PostgreSQL's 65,535.
        for (let at = 0; at < lines.length; at += 1500) await tx.insert(orderItems).values(lines.slice(at, at + 1500));
        await tx.insert(orderEvents).values(
          batch.map((b, i) => ({
            orderId: created[i]!.id,
            type: 'created' as const,
            fromValue: null,
            toValue: 'confirm',
            actor: 'seed',
            note: null,
            createdAt: b.createdAt,
          })),
        );
        // What was received is on record as a payment (a T/T a day after the order), as staff would have recorded it.
        const payments = batch.flatMap((b, i) =>
          b.order.paidMinor
            ? [
                {
                  orderId: created[i]!.id,
                  kind: 'payment' as const,
                  amountMinor: b.order.paidMinor,
                  currency: b.order.currency,
                  orderAmountMinor: b.order.paidMinor,
                  method: 'bankTransfer' as const,
                  reference: `SEED-${created[i]!.id}`,
                  paidAt: new Date(b.createdAt.getTime() + 86_400_000),
                  recordedBy: null,
                  createdAt: b.createdAt,
                },
              ]
            : [],
        );
        for (let at = 0; at < payments.length; at += 3000) await tx.insert(orderPayments).values(payments.slice(at, at + 3000));
      });
    },

    /**
     * After a bulk load: the planner's statistics and the visibility map (index-only scans), as
     * autovacuum would leave them some minutes later.
     */
    async vacuumAnalyze(): Promise<void> {
      await db.execute(sql`vacuum (analyze) orders, order_items, order_events`);
    },

    /** In how many orders each product is, the `limit` most ordered (search ties, docs/catalog.md, Search). */
    async orderCountsByItem(limit: number): Promise<Map<number, number>> {
      const n = sql<number>`count(distinct ${orderItems.orderId})::int`;
      const rows = await db.select({ itemId: orderItems.itemId, n }).from(orderItems).groupBy(orderItems.itemId).orderBy(desc(n)).limit(limit);
      return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
    },
    async list(userId: number, status: TOrderStatus | undefined, limit: number, offset: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined))
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset);
    },

    async count(userId: number, status: TOrderStatus | undefined): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined));
      return row?.n ?? 0;
    },

    /** The first `perOrder` lines of each order (list previews), in one query. */
    async previews(orderIds: readonly number[], perOrder: number): Promise<OrderItemRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderItems)
        .where(and(inArray(orderItems.orderId, [...orderIds]), lt(orderItems.position, perOrder)))
        .orderBy(asc(orderItems.orderId), asc(orderItems.position));
    },

    /** A buyer's order (undefined for someone else's). */
    async get(userId: number, id: number): Promise<OrderRow | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.id, id)))
        .limit(1);
      return rows[0];
    },

    /** Any order (staff tools). */
    async getAny(id: number): Promise<OrderRow | undefined> {
      const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return rows[0];
    },

    /** Several orders by id, whoever placed them (one query; unknown ids are left out). */
    async getManyAny(ids: readonly number[]): Promise<OrderRow[]> {
      if (!ids.length) return [];
      return db
        .select()
        .from(orders)
        .where(inArray(orders.id, [...ids]));
    },

    async lines(orderId: number): Promise<OrderItemRow[]> {
      return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
    },

    async events(orderId: number): Promise<OrderEventRow[]> {
      return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
    },

    /** A buyer's order lines, newest order first, optionally of one order. */
    async itemsPage(userId: number, orderId: number | undefined, limit: number, offset: number): Promise<(OrderItemRow & { currency: 'CNY' | 'USD' })[]> {
      return db
        .select({ ...getTableColumns(orderItems), currency: orders.currency })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.userId, userId), orderId === undefined ? undefined : eq(orderItems.orderId, orderId)))
        .orderBy(desc(orderItems.orderId), asc(orderItems.position))
        .limit(limit)
        .offset(offset);
    },

    async itemsCount(userId: number, orderId: number | undefined): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orderItems)
        .where(and(eq(orderItems.userId, userId), orderId === undefined ? undefined : eq(orderItems.orderId, orderId)));
      return row?.n ?? 0;
    },

    async item(userId: number, id: number): Promise<(OrderItemRow & { currency: 'CNY' | 'USD' }) | undefined> {
      const rows = await db
        .select({ ...getTableColumns(orderItems), currency: orders.currency })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.userId, userId), eq(orderItems.id, id)))
        .limit(1);
      return rows[0];
    },

    /** Staff changes: runs `work` with the order row locked (undefined when there is no such order). */
    async withOrderLock<T>(id: number, work: (tx: Db, row: OrderRow | undefined) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        return work(tx, row);
      });
    },

    /**
     * The unpaid-order follow-up's work, oldest first, at most `limit` of each: orders placed by
     * `remindBefore` waiting for money and not reminded yet; orders with nothing paid placed by
     * `cancelBefore` and, when reminders are on, reminded by `remindedBefore`. Null: that part is off.
     * `only` limits both to these orders.
     */
    async unpaidWork(
      due: { remindBefore: Date | null; cancelBefore: Date | null; remindedBefore: Date | null },
      limit: number,
      only?: readonly number[],
    ): Promise<{ remind: { id: number; userId: number }[]; cancel: number[] }> {
      const among = only ? inArray(orders.id, [...only]) : undefined;
      const remind = due.remindBefore
        ? await db
            .select({ id: orders.id, userId: orders.userId })
            .from(orders)
            .where(and(awaitingPaymentSql, isNull(orders.unpaidRemindedAt), lte(orders.createdAt, due.remindBefore), among))
            .orderBy(asc(orders.createdAt), asc(orders.id))
            .limit(limit)
        : [];
      const cancel = due.cancelBefore
        ? await db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                nothingPaidSql,
                lte(orders.createdAt, due.cancelBefore),
                due.remindedBefore ? lte(orders.unpaidRemindedAt, due.remindedBefore) : undefined,
                among,
              ),
            )
            .orderBy(asc(orders.createdAt), asc(orders.id))
            .limit(limit)
        : [];
      return { remind, cancel: cancel.map((r) => r.id) };
    },

    /**
     * Marks the order reminded at `at` when it still waits for money, was placed by `placedBefore`
     * and was never reminded (one conditional UPDATE: of sweeps racing, one gets the row), then runs
     * `work` with the marked row in the same transaction (the mail). False when it was not due.
     */
    async claimReminder(id: number, at: Date, placedBefore: Date, work: (tx: Db, row: OrderRow) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ unpaidRemindedAt: at })
          .where(and(eq(orders.id, id), isNull(orders.unpaidRemindedAt), lte(orders.createdAt, placedBefore), awaitingPaymentSql))
          .returning();
        if (!row) return false;
        await work(tx, row);
        return true;
      });
    },

    /** The lines' stock facts, under the order's lock (docs/catalog.md, Stock). */
    async stockLines(tx: Db, orderId: number): Promise<Pick<OrderItemRow, 'id' | 'itemId' | 'typeCode' | 'quantity' | 'actualQuantity' | 'stockReserved'>[]> {
      return tx
        .select({
          id: orderItems.id,
          itemId: orderItems.itemId,
          typeCode: orderItems.typeCode,
          quantity: orderItems.quantity,
          actualQuantity: orderItems.actualQuantity,
          stockReserved: orderItems.stockReserved,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
    },

    /** Payments and refunds of an order, oldest first. */
    async payments(orderId: number, tx?: Db): Promise<PaymentRow[]> {
      return (tx ?? db).select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.id));
    },

    /** Credit notes of an order, oldest first. */
    async credits(orderId: number, tx?: Db): Promise<CreditRow[]> {
      return (tx ?? db).select().from(orderCredits).where(eq(orderCredits.orderId, orderId)).orderBy(asc(orderCredits.seq));
    },

    /** The goods left: each line records its packed quantity as what was shipped. */
    async markShipped(tx: Db, orderId: number): Promise<void> {
      await tx
        .update(orderItems)
        .set({ shippedQuantity: sql`coalesce(${orderItems.actualQuantity}, ${orderItems.quantity})` })
        .where(eq(orderItems.orderId, orderId));
    },

    /** The order's reservations are settled (released or consumed): nothing is held any more. */
    async clearStockReserved(tx: Db, orderId: number): Promise<void> {
      await tx
        .update(orderItems)
        .set({ stockReserved: 0 })
        .where(and(eq(orderItems.orderId, orderId), gt(orderItems.stockReserved, 0)));
    },

    async updateState(
      tx: Db,
      id: number,
      patch: { status: TOrderStatus; logisticsStatus: OrderRow['logisticsStatus']; trackingNumber: string | null; paymentStatus: OrderRow['paymentStatus'] },
      events: readonly NewOrderEvent[],
    ): Promise<void> {
      await tx
        .update(orders)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(orders.id, id));
      if (events.length > 0) await tx.insert(orderEvents).values(events.map((e) => ({ ...e, orderId: id })));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
