import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOrderRequestCreate, TOrderRequests } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { getLocale } from '@/lib/locale';
import { refreshAfterWrite } from '@/lib/query-client';

// The buyer's after-sales requests of one order (docs/orders.md, After-sales).

/** Under the orders key: refreshing the buyer's orders refreshes these too. */
const key = (orderId: number) => ['orders', 'requests', getLocale(), orderId] as const;

/** GET /api/orders/{id}/requests: the requests, newest first, and which may be made now. */
export const orderRequestsQuery = (orderId: number) =>
  queryOptions({
    queryKey: key(orderId),
    queryFn: ({ signal }): Promise<TOrderRequests> => api.GET('/api/orders/{id}/requests', { params: { path: { id: orderId } }, silent: true, signal }),
    staleTime: 30_000,
  });

export const useOrderRequests = (orderId: number) => useQuery(orderRequestsQuery(orderId));

/** POST /api/orders/{id}/requests; the order (its status) is read again too. */
export function useCreateOrderRequest(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrderRequestCreate): Promise<TOrderRequests> =>
      api.POST('/api/orders/{id}/requests', { params: { path: { id: orderId } }, body, silent: true, timeoutMs: 60_000 }),
    onSuccess: (answer) => {
      client.setQueryData(key(orderId), answer);
      void refreshAfterWrite(client, ['orders', 'detail']);
    },
  });
}
