import { and, asc, count, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TStaffOrderQuery, TOrderStatus } from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { orderCredits, orderItems, orderPayments, orders, orderShipments } from '../../db/schema/index.js';
import { nothingPaidSql, type CreditRow, type OrderItemRow, type OrderRow, type PaymentRow } from './orders.repository.js';
import { partlyShippedSql } from './orders.shipments.repository.js';

export type { PaymentRow } from './orders.repository.js';
export type NewPaymentRow = Omit<typeof orderPayments.$inferInsert, 'id' | 'createdAt'>;
export type NewCreditRow = Omit<typeof orderCredits.$inferInsert, 'id' | 'createdAt' | 'seq'>;

/** The queue's columns: what a row shows, no address or snapshot text. */
const queueColumns = {
  id: orders.id,
  userId: orders.userId,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  logisticsStatus: orders.logisticsStatus,
  trackingNumber: orders.trackingNumber,
  carrier: orders.carrier,
  currency: orders.currency,
  totalMinor: orders.totalMinor,
  totalFen: orders.totalFen,
  actualTotalMinor: orders.actualTotalMinor,
  paidMinor: orders.paidMinor,
  refundedMinor: orders.refundedMinor,
  creditedMinor: orders.creditedMinor,
  lineCount: orders.lineCount,
  pieceCount: orders.pieceCount,
  actualPieceCount: orders.actualPieceCount,
  chargeableWeightG: orders.chargeableWeightG,
  regionId: orders.regionId,
  receiver: orders.receiver,
  company: orders.company,
  expressMethodId: orders.expressMethodId,
  expressNameZh: orders.expressNameZh,
  expressNameEn: orders.expressNameEn,
  payMethodId: orders.payMethodId,
  payNameZh: orders.payNameZh,
  payNameEn: orders.payNameEn,
  unpaidRemindedAt: orders.unpaidRemindedAt,
};
/** The order's parcels, read with its row (its fulfillment: partly shipped), not in a round trip of its own. */
const parcelCount = sql<number>`(select count(*)::int from ${orderShipments} where ${orderShipments.orderId} = ${orders.id})`.mapWith(Number);
export type QueueRow = { [K in keyof typeof queueColumns]: OrderRow[K] } & { parcelCount: number };

/** The shop's day boundaries (UTC+8) for the queue's date range. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

export interface QueueSearch {
  /** Digits: an order id. */
  number?: number | undefined;
  /** Orders with a line of the product whose id was typed (read first: a constant list is hashed when rows are checked). */
  itemOrderIds?: number[] | undefined;
  /** The text itself: a tracking number. */
  text?: string | undefined;
  /** LIKE patterns (lib/contains.ts) that must all occur in the order's search text (index orders_search_idx). */
  patterns?: string[] | undefined;
  /** Buyers whose account, name, e-mail or mobile contain the text. */
  userIds?: number[] | undefined;
}

/** Every pattern occurs in the order's search text: number, receiver, company, phone (docs/orders.md, Staff search). */
export const orderContainsAll = (patterns: string[]) => and(...patterns.map((p) => sql`${orders.searchText} like ${p}`));

/**
 * A query's values as named placeholders, and which of them it has: queries of one shape (the same
 * filters, the same number of words) share one statement built by Drizzle once, and only the values
 * change. Building the queue's statement took about 1 ms of the server's time per request; the
 * database still plans each execution with its values (an unnamed statement), so a rare fragment
 * keeps its index.
 */
class Bound {
  readonly values: Record<string, unknown> = {};
  private readonly names: string[] = [];
  /** The placeholder for this value, named `name`. */
  p(name: string, value: unknown) {
    this.values[name] = value;
    this.names.push(name);
    return sql.placeholder(name);
  }
  /** A part of the shape without a value (a branch that is there or not); returns `part`. */
  mark<T>(name: string, part?: T): T | undefined {
    this.names.push(name);
    return part;
  }
  get shape() {
    return this.names.join(',');
  }
}

/** The filters of the queue except the status (the tabs count per status over them). */
function filters(q: TStaffOrderQuery, search: QueueSearch | undefined, b: Bound): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [
    q.paymentStatus ? eq(orders.paymentStatus, b.p('paymentStatus', q.paymentStatus)) : undefined,
    q.logisticsStatus ? eq(orders.logisticsStatus, b.p('logisticsStatus', q.logisticsStatus)) : undefined,
    q.from ? gte(orders.createdAt, b.p('from', dayStart(q.from))) : undefined,
    q.to ? lt(orders.createdAt, b.p('to', new Date(dayStart(q.to).getTime() + 86_400_000))) : undefined,
    q.country ? eq(orders.regionId, b.p('country', q.country)) : undefined,
    q.method ? eq(orders.expressMethodId, b.p('method', q.method)) : undefined,
    q.payMethod ? eq(orders.payMethodId, b.p('payMethod', q.payMethod)) : undefined,
    q.amountMin !== undefined ? gte(orders.totalFen, b.p('amountMin', Math.round(q.amountMin * 100))) : undefined,
    q.amountMax !== undefined ? lte(orders.totalFen, b.p('amountMax', Math.round(q.amountMax * 100))) : undefined,
    // What the unpaid-order follow-up would cancel (the service answers nothing while cancelling is off).
    q.lapsing ? b.mark('lapsing', nothingPaidSql) : undefined,
    // Partly shipped: a parcel left, the order is not outbound yet (docs/orders.md, Split shipments).
    q.fulfillment === 'partial' ? b.mark('partial', partlyShippedSql) : undefined,
  ];
  if (search) {
    const any: SQL[] = [];
    if (search.number !== undefined) any.push(eq(orders.id, b.p('number', search.number)));
    // Lists as constant arrays: each branch stays an index scan (PostgreSQL ORs bitmaps instead of
    // scanning every order), and a row's check against a long list is a hash lookup.
    if (search.itemOrderIds?.length) any.push(sql`${orders.id} = any(${b.p('itemOrderIds', search.itemOrderIds)}::bigint[])`);
    if (search.text) any.push(eq(orders.trackingNumber, b.p('text', search.text)));
    if (search.patterns?.length) any.push(and(...search.patterns.map((p, i) => sql`${orders.searchText} like ${b.p(`pattern${i}`, p)}`))!);
    if (search.userIds?.length) any.push(sql`${orders.userId} = any(${b.p('userIds', search.userIds)}::bigint[])`);
    if (!any.length) b.mark('nothing');
    where.push(any.length ? or(...any) : sql`false`);
  }
  return where;
}

const SORTS = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  totalDesc: [desc(orders.totalFen), desc(orders.id)],
  totalAsc: [asc(orders.totalFen), asc(orders.id)],
} as const;

/** The staff side of the orders tables: the queue, payments, adjustments. */
export function createOrdersStaffRepository(db: Db) {
  /**
   * Built statements by shape (Bound): a few dozen shapes in daily use; the least used are
   * dropped. Unnamed (no name given): the database plans each execution with its values.
   */
  const statements = new LRUCache<string, { execute(values: Record<string, unknown>): Promise<unknown> }>({ max: 200 });
  function prepared<T>(
    shape: string,
    build: () => { prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> } },
  ): { execute(values: Record<string, unknown>): Promise<T> } {
    let statement = statements.get(shape) as { execute(values: Record<string, unknown>): Promise<T> } | undefined;
    if (!statement) {
      // No name: node-postgres sends an unnamed statement, parsed and planned with each execution's values.
      statement = build().prepare(undefined as unknown as string);
      statements.set(shape, statement);
    }
    return statement;
  }
  return {
    /**
     * One page of the queue. The page's ids are found first (an index-only walk when only the
     * order and the filters' columns are read), then only those rows are read whole: a deep page
     * does not read every row it skips.
     */
    async queue(q: TStaffOrderQuery, search: QueueSearch | undefined): Promise<QueueRow[]> {
      const b = new Bound();
      const where = and(...filters(q, search, b), q.status ? eq(orders.status, b.p('status', q.status)) : undefined);
      const statement = prepared(`queue:${q.sort}:${b.shape}`, () => {
        const page = db
          .select({ id: orders.id })
          .from(orders)
          .where(where)
          .orderBy(...SORTS[q.sort])
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .as('page');
        return db
          .select({ ...queueColumns, parcelCount })
          .from(orders)
          .innerJoin(page, eq(page.id, orders.id))
          .orderBy(...SORTS[q.sort]);
      });
      return statement.execute({ ...b.values, limit: q.recPerPage, offset: (q.page - 1) * q.recPerPage });
    },

    /** The orders with a line of this product (index-only on order_items_item_idx). */
    async ordersWithItem(itemId: number): Promise<number[]> {
      const rows = await db.selectDistinct({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.itemId, itemId));
      return rows.map((r) => r.id);
    },

    /** Orders per status under the queue's other filters. */
    async countsByStatus(q: TStaffOrderQuery, search: QueueSearch | undefined): Promise<Map<TOrderStatus, number>> {
      const b = new Bound();
      const where = and(...filters(q, search, b));
      const statement = prepared(`counts:${b.shape}`, () => db.select({ status: orders.status, n: count() }).from(orders).where(where).groupBy(orders.status));
      const rows = await statement.execute(b.values);
      return new Map(rows.map((r) => [r.status, r.n]));
    },

    /** Undefined: a payment with this method and provider id (external_id) is recorded already. */
    async insertPayment(tx: Db, row: NewPaymentRow): Promise<PaymentRow | undefined> {
      const [created] = await tx
        .insert(orderPayments)
        .values(row)
        .onConflictDoNothing({ target: [orderPayments.method, orderPayments.externalId] })
        .returning();
      if (!created && !row.externalId) throw new Error('insert returned no row');
      return created;
    },

    async lineForUpdate(tx: Db, orderId: number, lineId: number): Promise<OrderItemRow | undefined> {
      const [row] = await tx
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, lineId)))
        .for('update');
      return row;
    },

    async linesOf(tx: Db, orderId: number): Promise<OrderItemRow[]> {
      return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
    },

    async updateLine(
      tx: Db,
      lineId: number,
      patch: Partial<Pick<OrderItemRow, 'actualQuantity' | 'actualUnitPriceMinor' | 'stockReserved' | 'creditedQuantity' | 'returnedQuantity'>>,
    ): Promise<void> {
      await tx.update(orderItems).set(patch).where(eq(orderItems.id, lineId));
    },

    /** A credit note, numbered next within its order (the order is locked by the caller). */
    async insertCredit(tx: Db, row: NewCreditRow): Promise<CreditRow> {
      const [last] = await tx
        .select({ seq: sql<number>`coalesce(max(${orderCredits.seq}), 0)::int` })
        .from(orderCredits)
        .where(eq(orderCredits.orderId, row.orderId));
      const [created] = await tx
        .insert(orderCredits)
        .values({ ...row, seq: Number(last?.seq ?? 0) + 1 })
        .returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    },

    /** Writes staff fields of an order (actual figures, payment state, carrier, cancel reason). */
    async updateOrder(
      tx: Db,
      id: number,
      patch: Partial<
        Pick<
          OrderRow,
          | 'actualPieceCount'
          | 'actualGoodsMinor'
          | 'actualFreightMinor'
          | 'actualSurchargeMinor'
          | 'actualTotalMinor'
          | 'paymentStatus'
          | 'paidMinor'
          | 'refundedMinor'
          | 'creditedMinor'
          | 'carrier'
          | 'cancelReason'
        >
      >,
    ): Promise<void> {
      await tx
        .update(orders)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(orders.id, id));
    },
  };
}
export type OrdersStaffRepository = ReturnType<typeof createOrdersStaffRepository>;
