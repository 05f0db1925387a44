import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminOrderList } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/orders?<filters>: the order queue; `search` is the URL's query string (saved filters). */
export function getAdminOrders(search: string, signal?: AbortSignal): Promise<TAdminOrderList> {
  return api.get<TAdminOrderList>(`/api/admin/orders${search ? `?${search}` : ''}`, { silent: true, ...(signal ? { signal } : {}) });
}

export const adminOrdersQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.admin.orders(search),
    queryFn: ({ signal }) => getAdminOrders(search, signal),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(search: string) {
  return useQuery(adminOrdersQuery(search));
}
