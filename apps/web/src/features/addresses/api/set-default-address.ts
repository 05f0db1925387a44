import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddress } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** PUT /api/address/{id}/default: this one becomes the default, the others lose the flag. */
export function setDefaultAddress(id: number): Promise<TAddress> {
  return api.PUT('/api/address/{id}/default', { params: { path: { id } }, silent: true });
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.addresses.all),
  });
}
