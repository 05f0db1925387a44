import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE, type TOrderStatus, type TOrderSummary, type TPager } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TOrdersPage {
  data: TOrderSummary[];
  pager: TPager;
}

/** GET /api/orders?page&recPerPage&status: the buyer's orders, newest first. */
export async function getOrders(page: number, status: TOrderStatus | '', signal?: AbortSignal): Promise<TOrdersPage> {
  const body = await api.get<Partial<TOrdersPage> | null>('/api/orders', { params: { page, recPerPage: ORDER_PAGE_SIZE, status }, silent: true, ...(signal ? { signal } : {}) });
  const data = Array.isArray(body?.data) ? body.data : [];
  return { data, pager: { page: body?.pager?.page ?? page, recPerPage: body?.pager?.recPerPage ?? ORDER_PAGE_SIZE, recTotal: body?.pager?.recTotal ?? data.length } };
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
