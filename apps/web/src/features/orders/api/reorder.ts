import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReorderResult } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** POST /api/orders/reorder {id}: the order's lines go back into the cart at today's price. */
export function reorder(id: number): Promise<TReorderResult> {
  return api.POST('/api/orders/reorder', { body: { id }, silent: true });
}

/** On success every cart query (the cart page, the header count) refetches. */
export function useReorderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.cart.all),
  });
}
