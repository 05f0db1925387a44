import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDetail } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/orders/{id}: the order with lines, amounts, shipping, payment, address, comment and history. */
export function getOrder(id: string, signal?: AbortSignal): Promise<TOrderDetail> {
  return api.get<TOrderDetail>(`/api/orders/${encodeURIComponent(id)}`, { silent: true, ...(signal ? { signal } : {}) });
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 30_000,
  });

export function useOrder(id: string) {
  return useQuery({ ...orderQuery(id), enabled: id !== '' });
}
