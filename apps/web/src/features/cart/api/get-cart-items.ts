import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CART_CACHE_MS, type TCartItemList } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/cart/items?keyword= (login required): every line (at most 200), most recently added
 * first; the keyword matches name, brand, type or item id on the server. Silent: the screen
 * shows its own error state with a retry.
 */
export function getCartItems(keyword: string, signal?: AbortSignal): Promise<TCartItemList> {
  return api.GET('/api/cart/items', { params: { query: { keyword: keyword.trim() } }, silent: true, signal });
}

/** Every cart query lives under queryKeys.cart.all: adding (catalog), changing, removing, ordering and reordering invalidate that prefix. */
export const cartItemsQuery = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.cart.items(keyword),
    queryFn: ({ signal }) => getCartItems(keyword, signal),
    staleTime: CART_CACHE_MS,
    placeholderData: keepPreviousData,
  });

export function useCartItems(keyword: string, enabled = true) {
  return useQuery({ ...cartItemsQuery(keyword), enabled });
}
