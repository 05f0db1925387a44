import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffOrderDetail } from '@cubeshop/shared';
import { api, idOf } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/orders/{id}: the order with its buyer, payments and audit trail. */
export function getStaffOrder(id: string, signal?: AbortSignal): Promise<TStaffOrderDetail> {
  return api.GET('/api/admin/orders/{id}', { params: { path: { id: idOf(id) } }, silent: true, signal });
}

export const adminOrderQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.order(id), queryFn: ({ signal }) => getStaffOrder(id, signal), staleTime: 5_000 });

export function useStaffOrder(id: string) {
  return useQuery({ ...adminOrderQuery(id), enabled: id !== '' });
}
