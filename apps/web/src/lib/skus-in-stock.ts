import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { formatCount, type TStockSummary } from '@cubeshop/shared';
import { api } from '@/lib/api';

/**
 * The pages' "N+ SKUs in stock" from real counts (docs/catalog.md, Stock): GET /api/stock/summary
 * counts the products on sale with pieces available. Prefetched with every server-rendered page
 * (entry-server.tsx) and kept a minute, as the server keeps it.
 */
export const stockSummaryKey = ['stock-summary'] as const;

export const stockSummaryQuery = () =>
  queryOptions({
    queryKey: stockSummaryKey,
    queryFn: ({ signal }) => api.GET('/api/stock/summary', { silent: true, signal }),
    staleTime: 60_000,
  });

/** What the copy interpolates: `count` picks the plural form, `skus` is the figure as shown. */
export type SkusClaim = { count: number; skus: string };

/**
 * The count rounded down to a round figure, with a plus when it was rounded: 3,187 -> "3,100+",
 * 467 -> "460+", 42 -> "42", 3,100 -> "3,100".
 */
export function skusClaim(n: number): SkusClaim {
  const count = Math.max(0, Math.trunc(n));
  const step = count >= 1000 ? 100 : count >= 100 ? 10 : 1;
  const round = Math.floor(count / step) * step;
  return { count: round, skus: `${formatCount(round)}${round < count ? '+' : ''}` };
}

/** The claim once the count is known (undefined while it loads or when it failed: callers leave the claim out). */
export function useSkusInStock(): SkusClaim | undefined {
  const { data } = useQuery(stockSummaryQuery());
  return data ? skusClaim(data.productsInStock) : undefined;
}

/** The same from a page's prefetched cache (meta descriptions on the server). */
export function skusInStockFrom(queryClient: QueryClient): SkusClaim | undefined {
  const data = queryClient.getQueryData<TStockSummary>(stockSummaryKey);
  return data ? skusClaim(data.productsInStock) : undefined;
}
