import { queryOptions, useQuery } from '@tanstack/react-query';
import { CART_CACHE_MS, type TCartInfo } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/cart/info: the cart's totals in the display currency, kg and m³. */
export function getCartInfo(signal?: AbortSignal): Promise<TCartInfo> {
  return api.GET('/api/cart/info', { silent: true, signal });
}

/** Cached 2 minutes (docs/requirements.md, States); the header badge and the checkout summary share it. */
export const cartInfoQuery = () =>
  queryOptions({
    queryKey: queryKeys.cart.info(),
    queryFn: ({ signal }) => getCartInfo(signal),
    staleTime: CART_CACHE_MS,
  });

export function useCartInfo(enabled = true) {
  return useQuery({ ...cartInfoQuery(), enabled });
}
