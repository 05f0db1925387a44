import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCustomerGroup, TCustomerGroupInput, TCustomerGroupList, TGroupPriceList, TGroupPricesChange } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { refreshAfterWrite } from '@/lib/query-client';

/** Keys of the customer-group screens (staff read them in any language: names come in both). */
export const groupKeys = {
  all: ['admin', 'customer-groups'] as const,
  prices: (id: number) => ['admin', 'customer-groups', id, 'prices'] as const,
};

/** GET /api/admin/customer-groups */
export function useGroups() {
  return useQuery({
    queryKey: groupKeys.all,
    queryFn: ({ signal }): Promise<TCustomerGroupList> => api.GET('/api/admin/customer-groups', { silent: true, signal }),
    staleTime: 5_000,
  });
}

/** GET /api/admin/customer-groups/{id}/prices */
export function useGroupPrices(id: number | null) {
  return useQuery({
    queryKey: groupKeys.prices(id ?? 0),
    queryFn: ({ signal }): Promise<TGroupPriceList> =>
      api.GET('/api/admin/customer-groups/{id}/prices', { params: { path: { id: id ?? 0 } }, silent: true, signal }),
    enabled: id !== null,
    staleTime: 5_000,
  });
}

/** POST (no id) or PUT /api/admin/customer-groups/{id}. */
export const saveGroup = ({ id, input }: { id: number | null; input: TCustomerGroupInput }): Promise<TCustomerGroup> =>
  id === null
    ? api.POST('/api/admin/customer-groups', { body: input, silent: true })
    : api.PUT('/api/admin/customer-groups/{id}', { params: { path: { id } }, body: input, silent: true });

/** DELETE /api/admin/customer-groups/{id} (409 while in use). */
export const deleteGroup = (id: number) => api.DELETE('/api/admin/customer-groups/{id}', { params: { path: { id } }, silent: true });

/** PUT /api/admin/customer-groups/{id}/prices */
export const changeGroupPrices = ({ id, change }: { id: number; change: Partial<TGroupPricesChange> }): Promise<TGroupPriceList> =>
  api.PUT('/api/admin/customer-groups/{id}/prices', { params: { path: { id } }, body: { set: change.set ?? [], remove: change.remove ?? [] }, silent: true });

/** A change to groups; afterwards the list (and the group's prices) load again. */
export function useGroupChange<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void refreshAfterWrite(client, groupKeys.all) });
}
