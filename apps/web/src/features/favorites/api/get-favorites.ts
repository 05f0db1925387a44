import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FAVORITES_CACHE_MS, type TProductList } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/favorites (login required): the signed-in buyer's favourites, most recent first, as a
 * product list. Every favourites query lives under queryKeys.favorites.all: the catalogue's
 * toggle invalidates that prefix. Cached 2 minutes; the locale (and currency) are part of the key, so a
 * change of either refetches (docs/requirements.md, States).
 */
export function getFavorites(page: number, recPerPage: number, signal?: AbortSignal): Promise<TProductList> {
  return api.GET('/api/favorites', { params: { query: { page, recPerPage } }, silent: true, signal });
}

/** The header's count: one product per page is enough to read recTotal. */
export const favoritesCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.favorites.count(),
    queryFn: async ({ signal }) => (await getFavorites(1, 1, signal)).pager.recTotal,
    staleTime: FAVORITES_CACHE_MS,
  });

export const FAVORITES_PAGE_SIZE = 24;

export const favoritesQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.favorites.list(page),
    queryFn: ({ signal }) => getFavorites(page, FAVORITES_PAGE_SIZE, signal),
    staleTime: FAVORITES_CACHE_MS,
    placeholderData: keepPreviousData,
  });

export function useFavorites(page: number, enabled = true) {
  return useQuery({ ...favoritesQuery(page), enabled });
}
