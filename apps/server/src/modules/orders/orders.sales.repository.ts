import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { TCurrency } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';

/** A range of instants: [start, end). */
export interface SalesRange {
  start: Date;
  end: Date;
}

/**
 * The money rules of orders.money.ts over many rows, in SQL (the functions there hold one order;
 * dashboard.test.ts checks these sums against the figures they give): owed = charged (actual
 * total, else ordered) less credit notes, 0 once cancelled; still to pay = owed less paid net of
 * refunds, when above 0; a line's charged pieces (packed, else ordered) at its actual, else ordered, price.
 */
const owedMinorSql = sql<number>`(case when ${orders.status} = 'cancel' then 0 else coalesce(${orders.actualTotalMinor}, ${orders.totalMinor}) - ${orders.creditedMinor} end)`;
const toPayMinorSql = sql<number>`greatest(${owedMinorSql} - (${orders.paidMinor} - ${orders.refundedMinor}), 0)`;
const lineQuantitySql = sql<number>`coalesce(${orderItems.actualQuantity}, ${orderItems.quantity})`;
const lineAmountSql = sql<number>`(${lineQuantitySql} * coalesce(${orderItems.actualUnitPriceMinor}, ${orderItems.unitPriceMinor}))`;

/** The shop's day (UTC+8) of an order, as YYYY-MM-DD, in SQL. */
const shopDaySql = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const settledSql = sql<boolean>`(${orders.paymentStatus} in ('paid', 'refund_due', 'refunded'))`;
const cancelledSql = sql<boolean>`(${orders.status} = 'cancel')`;
const num = (expr: ReturnType<typeof sql>) => sql<number>`${expr}`.mapWith(Number);
const inRange = (r: SalesRange) => and(gte(orders.createdAt, r.start), lt(orders.createdAt, r.end));

export interface SalesBucket {
  day: string;
  currency: TCurrency;
  cancelled: boolean;
  settled: boolean;
  orders: number;
  /** Minor units: owed (orders.money), what is still to pay, and paid less refunded. */
  owedMinor: number;
  toPayMinor: number;
  receivedMinor: number;
}

export interface SalesRank {
  key: string;
  itemId: number;
  nameZh: string;
  nameEn: string;
  units: number;
  cnyMinor: number;
  usdMinor: number;
}

/**
 * The orders tables summed for the sales dashboard (modules/dashboard): one GROUP BY each over the
 * orders placed in a range (index orders_created_idx), with the money rules of orders.money.ts.
 */
export function createOrdersSalesRepository(db: Db) {
  const ranked = (r: SalesRange, by: 'item' | 'brand', limit: number) => {
    const units = num(sql`sum(${lineQuantitySql})`);
    const amountIn = (c: TCurrency) => num(sql`coalesce(sum(${lineAmountSql}) filter (where ${orders.currency} = ${c}), 0)`);
    const key = by === 'item' ? orderItems.itemId : orderItems.supplierNameEn;
    return db
      .select({
        key: sql<string>`${key}::text`,
        itemId: by === 'item' ? num(sql`${orderItems.itemId}`) : num(sql`0`),
        nameZh: sql<string>`max(${orderItems.nameZh})`,
        nameEn: sql<string>`max(${orderItems.nameEn})`,
        brandZh: sql<string>`max(${orderItems.supplierNameZh})`,
        units,
        cnyMinor: amountIn('CNY'),
        usdMinor: amountIn('USD'),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inRange(r), ne(orders.status, 'cancel')))
      .groupBy(key)
      .orderBy(desc(units), desc(sql`sum(${lineAmountSql})`), asc(key))
      .limit(limit)
      .then((rows) => rows.map(({ brandZh, ...row }): SalesRank => (by === 'item' ? row : { ...row, nameZh: brandZh, nameEn: row.key })));
  };

  return {
    /** Orders per shop day, currency, cancelled or not, settled or not: counts and money. */
    async buckets(r: SalesRange): Promise<SalesBucket[]> {
      const rows = await db
        .select({
          day: shopDaySql,
          currency: orders.currency,
          cancelled: cancelledSql,
          settled: settledSql,
          orders: num(sql`count(*)`),
          owedMinor: num(sql`coalesce(sum(${owedMinorSql}), 0)`),
          toPayMinor: num(sql`coalesce(sum(${toPayMinorSql}), 0)`),
          receivedMinor: num(sql`coalesce(sum(${orders.paidMinor} - ${orders.refundedMinor}), 0)`),
        })
        .from(orders)
        .where(inRange(r))
        .groupBy(shopDaySql, orders.currency, cancelledSql, settledSql);
      return rows.map((row) => ({
        ...row,
        cancelled: row.cancelled === true || String(row.cancelled) === 't',
        settled: row.settled === true || String(row.settled) === 't',
      }));
    },

    /** The products with the most pieces charged (orders not cancelled), then the most money. */
    topProducts: (r: SalesRange, limit: number) => ranked(r, 'item', limit),
    /** The brands (by their English name on the order lines) with the most pieces charged. */
    topBrands: (r: SalesRange, limit: number) => ranked(r, 'brand', limit),

    /** Buyers whose first order ever was placed in the range, per shop day. */
    async newBuyers(r: SalesRange): Promise<Map<string, number>> {
      const earlier = sql`exists (select 1 from ${orders} p where p.user_id = ${orders.userId} and p.created_at < ${r.start.toISOString()}::timestamptz)`;
      const first = db
        .select({ first: sql<Date>`min(${orders.createdAt})`.as('first') })
        .from(orders)
        .where(and(inRange(r), sql`not ${earlier}`))
        .groupBy(orders.userId)
        .as('firsts');
      const day = sql<string>`to_char((${first.first} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, n: num(sql`count(*)`) })
        .from(first)
        .groupBy(day);
      return new Map(rows.map((row) => [row.day, row.n]));
    },
  };
}
export type OrdersSalesRepository = ReturnType<typeof createOrdersSalesRepository>;
