import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE, type TOrderList, type TOrderStatus } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/orders?page&recPerPage&status: the buyer's orders, newest first. */
export function getOrders(page: number, status: TOrderStatus | '', signal?: AbortSignal): Promise<TOrderList> {
  return api.GET('/api/orders', { params: { query: { page, recPerPage: ORDER_PAGE_SIZE, status: status || undefined } }, silent: true, signal });
}

/** Every order query lives under queryKeys.orders.all: placing an order (features/cart) invalidates the prefix. */
export const ordersQuery = (page: number, status: TOrderStatus | '') =>
  queryOptions({
    queryKey: queryKeys.orders.list(page, status),
    queryFn: ({ signal }) => getOrders(page, status, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useOrders(page: number, status: TOrderStatus | '') {
  return useQuery(ordersQuery(page, status));
}
