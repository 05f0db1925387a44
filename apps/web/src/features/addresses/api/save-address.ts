import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddress, TAddressInput } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** POST /api/address (new) or PUT /api/address/{id} (replaces every field). Silent: the modal shows the reason. */
export function saveAddress({ id, input }: { id: number | null; input: TAddressInput }): Promise<TAddress> {
  return id === null
    ? api.POST('/api/address', { body: input, silent: true })
    : api.PUT('/api/address/{id}', { params: { path: { id } }, body: input, silent: true });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.addresses.all),
  });
}
