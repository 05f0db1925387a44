import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TExpressFee } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { getCurrency } from '@/lib/currency';
import { getLocale } from '@/lib/locale';
import type { TFeeRequest } from '../lib/checkout';

/**
 * GET /api/cart/info/express-fee with the spec's params (deliveryRegionId, deliveryPostalCode,
 * expressMethod, payMethod, totalGw, totalVolumeWeight). The server weighs its own cart; the
 * totals are sent as the original client did and are part of the key, so a changed cart
 * recalculates. Silent: the summary shows 'Failed to get shipping cost, please try again later'.
 */
export function getExpressFee(request: TFeeRequest, signal?: AbortSignal): Promise<TExpressFee> {
  return api.get<TExpressFee>('/api/cart/info/express-fee', { params: { ...request }, silent: true, ...(signal ? { signal } : {}) });
}

export const expressFeeQuery = (request: TFeeRequest | null, totalsKey: string) =>
  queryOptions({
    queryKey: ['cart', 'express-fee', getLocale(), getCurrency(), request, totalsKey],
    queryFn: ({ signal }) => getExpressFee(request!, signal),
    staleTime: 0,
    retry: false,
  });

/** Runs only when an address, a method and items exist (`request` is null otherwise). */
export function useExpressFee(request: TFeeRequest | null, totalsKey: string) {
  return useQuery({ ...expressFeeQuery(request, totalsKey), enabled: request !== null });
}
