import { count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { orderContainsAll } from './orders.staff.repository.js';

export interface BuyerStatsRow {
  userId: number;
  currency: 'CNY' | 'USD';
  orderCount: number;
  /** Payments minus refunds, minor units of `currency`. */
  spentMinor: number;
  lastOrderAt: Date;
}

export interface BuyerOrderRow {
  id: number;
  createdAt: Date;
  status: (typeof orders.$inferSelect)['status'];
  paymentStatus: (typeof orders.$inferSelect)['paymentStatus'];
  currency: 'CNY' | 'USD';
  totalMinor: number;
  actualTotalMinor: number | null;
  creditedMinor: number;
  paidMinor: number;
  refundedMinor: number;
}

/**
 * Orders per buyer for the customers pages (modules/customers): one grouped query for a page of
 * buyers (`user_id = any(...)`, index orders_user_created_idx), a buyer's latest orders.
 */
export function createOrdersBuyersRepository(db: Db) {
  return {
    /** Orders, money received and last order per buyer and currency. */
    async stats(userIds: number[]): Promise<BuyerStatsRow[]> {
      if (!userIds.length) return [];
      const rows = await db
        .select({
          userId: orders.userId,
          currency: orders.currency,
          orderCount: count(),
          spentMinor: sql<string>`coalesce(sum(${orders.paidMinor} - ${orders.refundedMinor}), 0)`,
          lastOrderAt: max(orders.createdAt),
        })
        .from(orders)
        .where(inArray(orders.userId, userIds))
        .groupBy(orders.userId, orders.currency);
      return rows.map((r) => ({ ...r, spentMinor: Number(r.spentMinor), lastOrderAt: r.lastOrderAt ?? new Date(0) }));
    },
    /** A buyer's latest orders, newest first. */
    async latest(userId: number, limit: number): Promise<BuyerOrderRow[]> {
      const rows = await db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          currency: orders.currency,
          totalMinor: orders.totalMinor,
          actualTotalMinor: orders.actualTotalMinor,
          creditedMinor: orders.creditedMinor,
          paidMinor: orders.paidMinor,
          refundedMinor: orders.refundedMinor,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
      return rows;
    },
    /**
     * Buyers with an order whose number, receiver, company or phone contain every pattern
     * (lib/contains.ts, index orders_search_idx), latest order first, at most `limit`. With
     * `newestOrders`, only that many of the newest matching orders are looked at (the search box
     * answers on every keystroke: a common fragment need not visit every order it is in).
     */
    async buyersContaining(patterns: string[], limit: number, newestOrders?: number): Promise<number[]> {
      if (!patterns.length) return [];
      if (newestOrders !== undefined) {
        const recent = db
          .select({ userId: orders.userId, createdAt: orders.createdAt })
          .from(orders)
          .where(orderContainsAll(patterns))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(newestOrders)
          .as('recent');
        const rows = await db
          .select({ userId: recent.userId })
          .from(recent)
          .groupBy(recent.userId)
          .orderBy(sql`max(${recent.createdAt}) desc`)
          .limit(limit);
        return rows.map((r) => r.userId);
      }
      const rows = await db
        .select({ userId: orders.userId })
        .from(orders)
        .where(orderContainsAll(patterns))
        .groupBy(orders.userId)
        .orderBy(sql`max(${orders.createdAt}) desc`)
        .limit(limit);
      return rows.map((r) => r.userId);
    },
  };
}
export type OrdersBuyersRepository = ReturnType<typeof createOrdersBuyersRepository>;
