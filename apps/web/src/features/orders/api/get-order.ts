import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDetail } from '@cubeshop/shared';
import { api, idOf } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/orders/{id}: the order with lines, amounts, shipping, payment, address, comment and history. */
export function getOrder(id: string, signal?: AbortSignal): Promise<TOrderDetail> {
  return api.GET('/api/orders/{id}', { params: { path: { id: idOf(id) } }, silent: true, signal });
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
