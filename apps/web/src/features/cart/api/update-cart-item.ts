import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCartItem } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** PUT /api/cart/items/{id} {quantity}. Silent: the line shows the server's reason or 'Update failed'. */
export function updateCartItem({ id, quantity }: { id: number; quantity: number }): Promise<TCartItem> {
  return api.PUT('/api/cart/items/{id}', { params: { path: { id } }, body: { quantity }, silent: true });
}

/** Afterwards every cart query refetches (lines, totals, the shipping quote, the header count). */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSettled: () => refreshAfterWrite(queryClient, queryKeys.cart.all),
  });
}
