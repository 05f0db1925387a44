import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CART_CACHE_MS, type TCartItem, type TPager } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TCartLines {
  data: TCartItem[];
  pager: TPager;
}

/**
 * GET /api/cart/items?keyword= (login required): every line (at most 200), most recently added
 * first; the keyword matches name, brand, type or item id on the server. Silent: the screen
 * shows its own error state with a retry.
 */
export async function getCartItems(keyword: string, signal?: AbortSignal): Promise<TCartLines> {
  const body = await api.get<Partial<TCartLines> | null>('/api/cart/items', { params: { keyword: keyword.trim() }, silent: true, ...(signal ? { signal } : {}) });
  const data = Array.isArray(body?.data) ? body.data : [];
  return { data, pager: { page: body?.pager?.page ?? 1, recPerPage: body?.pager?.recPerPage ?? data.length, recTotal: body?.pager?.recTotal ?? data.length } };
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
