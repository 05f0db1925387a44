import { minorToMajor, type TCustomerOrder, type TCustomerSpent } from '@cubeshop/shared';
import { containsPatterns } from '../../lib/contains.js';
import type { OrdersBuyersRepository } from './orders.buyers.repository.js';
import { owedMinor } from './orders.money.js';

/** What the customers pages show of a buyer's orders. */
export interface BuyerOrderStats {
  orderCount: number;
  /** Payments minus refunds per currency (major units), CNY first. */
  spent: TCustomerSpent[];
  lastOrderAt: Date | null;
}

const EMPTY: BuyerOrderStats = { orderCount: 0, spent: [], lastOrderAt: null };

/** The orders module's answers about buyers (for modules/customers; no HTTP). */
export function createOrdersBuyers(repo: OrdersBuyersRepository) {
  return {
    /** Per buyer: how many orders, money received per currency, the last order's time (one query for the page). */
    async statsOf(userIds: number[]): Promise<Map<number, BuyerOrderStats>> {
      const out = new Map<number, BuyerOrderStats>();
      for (const row of await repo.stats([...new Set(userIds)])) {
        const s = out.get(row.userId) ?? { ...EMPTY, spent: [] };
        s.orderCount += row.orderCount;
        if (row.spentMinor !== 0) s.spent.push({ currency: row.currency, amount: minorToMajor(row.spentMinor) });
        if (!s.lastOrderAt || row.lastOrderAt > s.lastOrderAt) s.lastOrderAt = row.lastOrderAt;
        out.set(row.userId, s);
      }
      for (const s of out.values()) s.spent.sort((a, b) => a.currency.localeCompare(b.currency));
      return out;
    },
    statsFor: (stats: Map<number, BuyerOrderStats>, userId: number): BuyerOrderStats => stats.get(userId) ?? EMPTY,
    /** A buyer's latest orders, newest first. */
    async latestOf(userId: number, limit = 100): Promise<TCustomerOrder[]> {
      return (await repo.latest(userId, limit)).map((r) => ({
        id: r.id,
        createdTime: r.createdAt.toISOString(),
        status: r.status,
        paymentStatus: r.paymentStatus,
        currency: r.currency,
        totalAmount: minorToMajor(owedMinor(r)),
        paid: minorToMajor(r.paidMinor - r.refundedMinor),
      }));
    },
    /**
     * Staff search (docs/orders.md, Staff search): buyers with an order whose number, receiver,
     * company or phone contain every word of `text`, latest order first, at most `limit`; with
     * `newestOrders`, among that many of the newest matching orders only.
     */
    buyersContaining: (text: string, limit: number, newestOrders?: number) => repo.buyersContaining(containsPatterns(text), limit, newestOrders),
  };
}
export type OrdersBuyers = ReturnType<typeof createOrdersBuyers>;
