import type { TCurrency, TLogisticsStatus, TOrderStatus, TPaymentStatus } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { balanceMinor, chargedMinor, owedMinor } from './orders.money.js';
import type { OrderEventRow, OrderRow, OrdersRepository } from './orders.repository.js';

/** What other modules (after-sales) need to know about an order: its state, its money and when it was delivered. */
export interface OrderFacts {
  id: number;
  userId: number;
  status: TOrderStatus;
  logisticsStatus: TLogisticsStatus;
  paymentStatus: TPaymentStatus;
  currency: TCurrency;
  payMethodId: string;
  /** Minor units of the order's currency: what it comes to after packing, credit notes, what is owed after them (0 once cancelled). */
  chargedMinor: number;
  creditedMinor: number;
  owedMinor: number;
  paidMinor: number;
  refundedMinor: number;
  /** owed - (paid - refunded): > 0 the buyer owes it; < 0 the shop owes it back. */
  balanceMinor: number;
}

/**
 * When the parcel reached the buyer: the first time its logistics became delivered, or the
 * order complete (an order completed without a logistics event), from the order's history.
 */
export function deliveredAt(events: readonly Pick<OrderEventRow, 'type' | 'toValue' | 'createdAt'>[]): Date | null {
  const times = events
    .filter((e) => (e.type === 'logistics' && e.toValue === 'delivered') || (e.type === 'status' && e.toValue === 'complete'))
    .map((e) => e.createdAt.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

const factsOf = (row: OrderRow): OrderFacts => ({
  id: row.id,
  userId: row.userId,
  status: row.status,
  logisticsStatus: row.logisticsStatus,
  paymentStatus: row.paymentStatus,
  currency: row.currency,
  payMethodId: row.payMethodId,
  chargedMinor: chargedMinor(row),
  creditedMinor: row.creditedMinor,
  owedMinor: owedMinor(row),
  paidMinor: row.paidMinor,
  refundedMinor: row.refundedMinor,
  balanceMinor: balanceMinor(row),
});

/**
 * The orders module's read side for other modules (after-sales requests): they never read the
 * order tables themselves (architecture.test.ts).
 */
export function createOrderFacts(repo: OrdersRepository) {
  return {
    /** Any order's facts, with its delivery time; undefined when there is no such order. */
    async get(id: number): Promise<(OrderFacts & { deliveredAt: Date | null }) | undefined> {
      const row = await repo.getAny(id);
      if (!row) return undefined;
      return { ...factsOf(row), deliveredAt: deliveredAt(await repo.events(id)) };
    },
    /** The facts of several orders by id, in one query (no delivery time); unknown ids are left out. */
    async many(ids: readonly number[]): Promise<Map<number, OrderFacts>> {
      return new Map((await repo.getManyAny(ids)).map((row) => [row.id, factsOf(row)]));
    },
    /**
     * Runs `work` in a transaction holding the order's row lock, with the order's facts as they
     * are under the lock (undefined: no such order). `work` must use only `tx`.
     */
    async locked<T>(id: number, work: (tx: Db, facts: OrderFacts | undefined) => Promise<T>): Promise<T> {
      return repo.withOrderLock(id, (tx, row) => work(tx, row ? factsOf(row) : undefined));
    },
  };
}
export type OrderFactsService = ReturnType<typeof createOrderFacts>;
