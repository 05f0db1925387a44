import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** DELETE /api/cart/items/{id}. Silent: the caller shows 'Delete failed'. */
export async function removeCartItem(id: number): Promise<void> {
  await api.DELETE('/api/cart/items/{id}', { params: { path: { id } }, silent: true });
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.cart.all),
  });
}
