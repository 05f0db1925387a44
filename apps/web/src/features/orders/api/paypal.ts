import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TPayPalCheckout, TPayPalConfig } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/paypal/config: whether PayPal orders are paid online here (else PayPal sends an invoice by e-mail). */
export function getPayPalConfig(signal?: AbortSignal): Promise<TPayPalConfig> {
  return api.GET('/api/paypal/config', { silent: true, signal });
}

export const paypalConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.payments.paypalConfig(),
    queryFn: ({ signal }) => getPayPalConfig(signal),
    // The server's configuration: it changes only with a restart.
    staleTime: 10 * 60_000,
  });

export function usePayPalConfig(enabled: boolean) {
  return useQuery({ ...paypalConfigQuery(), enabled });
}

/** POST /api/orders/{id}/paypal: a PayPal order for the balance; the buyer goes to approveUrl. */
export function startPayPal(orderId: number): Promise<TPayPalCheckout> {
  return api.POST('/api/orders/{id}/paypal', { params: { path: { id: orderId } }, silent: true });
}

export function useStartPayPal() {
  return useMutation({ mutationFn: startPayPal });
}
