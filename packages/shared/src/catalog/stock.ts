import { z } from 'zod';

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
