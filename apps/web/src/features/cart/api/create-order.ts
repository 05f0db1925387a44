import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrderCreate } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/**
 * POST /api/orders with the public payload (docs/requirements.md, Data, Order create payload) and an Idempotency-Key header: the same key for a
 * retry of the same attempt, so a double click or a retry after a lost answer makes one order.
 * The answer is the new order's id. Silent: the checkout shows its 5 s banner.
 */
export function createOrder({ payload, idempotencyKey }: { payload: TOrderCreate; idempotencyKey: string }): Promise<{ id: number }> {
  return api.POST('/api/orders', { body: payload, silent: true, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** On success the cart (now empty) and the order lists refetch. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async () => {
      void refreshAfterWrite(queryClient, queryKeys.orders.all);
      await refreshAfterWrite(queryClient, queryKeys.cart.all);
    },
  });
}
