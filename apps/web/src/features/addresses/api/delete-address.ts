import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** DELETE /api/address/{id}. Silent: the caller shows the success or 'Delete failed' toast. */
export async function deleteAddress(id: number): Promise<void> {
  await api.DELETE('/api/address/{id}', { params: { path: { id } }, silent: true });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.addresses.all),
  });
}
