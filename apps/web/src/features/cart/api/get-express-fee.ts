import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TExpressChoice, TExpressFee } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TFeeRequest } from '../lib/checkout';

/**
 * GET /api/cart/info/express-fee with the public params (deliveryRegionId, deliveryPostalCode,
 * expressMethod, payMethod, totalGw, totalVolumeWeight). The server weighs its own cart; the
 * totals are sent as older clients of the public API do and are part of the key, so a changed cart
 * recalculates. Silent: the summary shows 'Failed to get shipping cost, please try again later'.
 */
export function getExpressFee(request: TFeeRequest, signal?: AbortSignal): Promise<TExpressFee> {
  return api.GET('/api/cart/info/express-fee', { params: { query: request }, silent: true, signal });
}

export const expressFeeQuery = (request: TFeeRequest | null, totalsKey: string) =>
  queryOptions({
    queryKey: queryKeys.cart.expressFee(request, totalsKey),
    queryFn: ({ signal }) => getExpressFee(request!, signal),
    staleTime: 0,
    retry: false,
  });

/** Runs only when an address, a method and items exist (`request` is null otherwise). */
export function useExpressFee(request: TFeeRequest | null, totalsKey: string) {
  return useQuery({ ...expressFeeQuery(request, totalsKey), enabled: request !== null });
}

/** The quote request for every method at once (GET /api/cart/info/express-fees): the address and payment, no method. */
export type TFeesRequest = Omit<TFeeRequest, 'expressMethod'>;

export function getExpressFees(request: TFeesRequest, signal?: AbortSignal): Promise<TExpressChoice[]> {
  return api.GET('/api/cart/info/express-fees', { params: { query: request }, silent: true, signal });
}

/** Every method's fee, or the reason it cannot carry this cart; asked again when the address, payment or cart totals change. */
export function useExpressFees(request: TFeesRequest | null, totalsKey: string) {
  return useQuery({
    queryKey: queryKeys.cart.expressFees(request, totalsKey),
    queryFn: ({ signal }) => getExpressFees(request!, signal),
    enabled: request !== null,
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
