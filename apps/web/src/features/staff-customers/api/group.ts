import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCustomerGroupOfBuyer } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { refreshAfterWrite } from '@/lib/query-client';

const key = (id: number) => ['admin', 'customer', id, 'group'] as const;

/** GET /api/admin/customers/{id}/group: the buyer's group, the one whose prices they see, and every group. */
export function useBuyerGroup(id: number) {
  return useQuery({
    queryKey: key(id),
    queryFn: ({ signal }): Promise<TCustomerGroupOfBuyer> => api.GET('/api/admin/customers/{id}/group', { params: { path: { id } }, silent: true, signal }),
    staleTime: 5_000,
  });
}

/** PUT /api/admin/customers/{id}/group; afterwards the buyer's page (its history) loads again. */
export function useSetBuyerGroup(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number | null): Promise<TCustomerGroupOfBuyer> =>
      api.PUT('/api/admin/customers/{id}/group', { params: { path: { id } }, body: { groupId }, silent: true }),
    onSuccess: (answer) => {
      client.setQueryData(key(id), answer);
      void refreshAfterWrite(client, ['admin', 'customer']);
    },
  });
}
