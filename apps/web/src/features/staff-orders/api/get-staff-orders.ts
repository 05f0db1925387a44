import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffOrderList } from '@cubeshop/shared';
import { api, type ApiListRequest, type ApiQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/orders?<filters>: the order queue, with the filters of the URL (saved filters). */
export function getStaffOrders(query: ApiQuery<'/api/admin/orders'>, signal?: AbortSignal): Promise<TStaffOrderList> {
  return api.GET('/api/admin/orders', { params: { query }, silent: true, signal });
}

export const adminOrdersQuery = ({ search, query }: ApiListRequest<'/api/admin/orders'>) =>
  queryOptions({
    queryKey: queryKeys.admin.orders(search),
    queryFn: ({ signal }) => getStaffOrders(query, signal),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useStaffOrders(request: ApiListRequest<'/api/admin/orders'>) {
  return useQuery(adminOrdersQuery(request));
}
