import { z } from 'zod';
import { minValidQuantity, type QuantityRules } from '../constants/quantity.js';

/**
 * Stock states of a product (public `stockStatus`, docs/catalog.md, Stock): in stock, low (at
 * most the product's low-stock mark available), out of stock, or pre-order (nothing available
 * but the product takes orders that ship in 1-2 weeks).
 */
export const STOCK_STATUSES = ['in_stock', 'low', 'out_of_stock', 'preorder'] as const;
export const ZStockStatus = z.enum(STOCK_STATUSES);
export type TStockStatus = z.infer<typeof ZStockStatus>;

/** GET /api/stock/summary: the pages' "N+ SKUs in stock" from real counts (products on sale with pieces available). */
export const ZStockSummary = z.object({ productsInStock: z.number().int().min(0) });
export type TStockSummary = z.infer<typeof ZStockSummary>;

/**
 * The most pieces of a style one may order with `available` pieces left and these quantity rules:
 * the largest whole number of order multiples not above what is available, 0 when that is below
 * the minimum order quantity (the style cannot be bought now). `available` null (stock not
 * tracked): no limit (null).
 */
export function maxOrderable(available: number | null | undefined, rules: QuantityRules): number | null {
  if (available === null || available === undefined) return null;
  const m = rules.orderMultiple && rules.orderMultiple > 1 ? Math.floor(rules.orderMultiple) : 1;
  const most = Math.floor(Math.max(available, 0) / m) * m;
  return most >= minValidQuantity(rules) ? most : 0;
}
