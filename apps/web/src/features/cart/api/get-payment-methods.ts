import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentMethodOption } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/selector/payment: payment methods with their surcharge. */
export function getPaymentMethods(signal?: AbortSignal): Promise<TPaymentMethodOption[]> {
  return api.GET('/api/selector/payment', { silent: true, signal });
}

export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: queryKeys.selectors.payments(),
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 5 * 60_000,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery());
}
