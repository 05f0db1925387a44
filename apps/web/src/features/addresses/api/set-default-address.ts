import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddress } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** PUT /api/address/{id}/default: this one becomes the default, the others lose the flag. */
export function setDefaultAddress(id: number): Promise<TAddress> {
  return api.put<TAddress>(`/api/address/${encodeURIComponent(String(id))}/default`, undefined, { silent: true });
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.addresses.all),
  });
}
