import type { OrdersSalesRepository, SalesBucket, SalesRange, SalesRank } from './orders.sales.repository.js';

export type { SalesBucket, SalesRange, SalesRank } from './orders.sales.repository.js';

/** What the sales dashboard reads of the orders placed in a range (minor units of each order's currency). */
export interface SalesFigures {
  buckets: SalesBucket[];
  topProducts: SalesRank[];
  topBrands: SalesRank[];
  /** Buyers whose first order was placed that shop day. */
  newBuyers: Map<string, number>;
}

/**
 * The orders module's dashboard-facing side (modules/dashboard reads it through this service):
 * sums over the orders placed in a range, each one GROUP BY in SQL with the money rules of
 * orders.money.ts (owed, what is left to pay, a line's charged pieces and amount).
 */
export function createOrdersSales(repo: OrdersSalesRepository) {
  return {
    async figures(range: SalesRange, top: number): Promise<SalesFigures> {
      const [buckets, topProducts, topBrands, newBuyers] = await Promise.all([
        repo.buckets(range),
        repo.topProducts(range, top),
        repo.topBrands(range, top),
        repo.newBuyers(range),
      ]);
      return { buckets, topProducts, topBrands, newBuyers };
    },
  };
}
export type OrdersSales = ReturnType<typeof createOrdersSales>;
