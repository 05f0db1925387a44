import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStockAdjust, TStockLevels, TStockSheet } from '@cubeshop/shared';
import { api, type ApiListRequest, type ApiQuery } from '@/lib/api';
import { refreshAfterWrite } from '@/lib/query-client';

// The stock screen's API (docs/catalog.md, Stock): the products with every style's pieces, and a
// count set with its reason. Keys live under ['admin', 'stock'].

export const stockKeys = {
  all: ['admin', 'stock'] as const,
  /** GET /api/admin/stock?<filters>: the query string of the URL's filters (ZStockSheetQuery, defaults left out). */
  sheet: (search: string) => ['admin', 'stock', search] as const,
};

/** The sheet's filters: keyword, stockStatus, page, recPerPage. */
export type TStockQuery = ApiQuery<'/api/admin/stock'>;

/** GET /api/admin/stock?keyword&stockStatus&page&recPerPage */
export function getStockSheet(query: TStockQuery, signal?: AbortSignal): Promise<TStockSheet> {
  return api.GET('/api/admin/stock', { params: { query }, silent: true, signal });
}

export const stockSheetQuery = ({ search, query }: ApiListRequest<'/api/admin/stock'>) =>
  queryOptions({
    queryKey: stockKeys.sheet(search),
    queryFn: ({ signal }) => getStockSheet(query, signal),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

/** The sheet of the screen's URL (useListParams(ZStockSheetQuery)). */
export function useStockSheet(request: ApiListRequest<'/api/admin/stock'>) {
  return useQuery(stockSheetQuery(request));
}

/** PUT /api/admin/items/{id}/stock: pieces on hand of the styles counted, with the reason (the audit's note). */
export function useSetStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: TStockAdjust }): Promise<TStockLevels> =>
      api.PUT('/api/admin/items/{id}/stock', { params: { path: { id: itemId } }, body, silent: true }),
    onSuccess: () => {
      void refreshAfterWrite(client, stockKeys.all);
      // The product editor shows the same pieces.
      void refreshAfterWrite(client, ['admin', 'catalog']);
    },
  });
}
