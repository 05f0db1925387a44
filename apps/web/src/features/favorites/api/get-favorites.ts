import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FAVORITES_CACHE_MS, type TPager, type TProduct } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TFavoritesPage {
  data: TProduct[];
  pager: TPager;
}

/**
 * GET /api/favorites (login required): the signed-in buyer's favourites, most recent first, as a
 * product list. Every favourites query lives under queryKeys.favorites.all: the catalogue's
 * toggle invalidates that prefix. Cached 2 minutes; the locale (and currency) are part of the key, so a
 * change of either refetches (docs/requirements.md, States).
 */
export async function getFavorites(page: number, recPerPage: number, signal?: AbortSignal): Promise<TFavoritesPage> {
  const body = await api.get<Partial<TFavoritesPage> | null>('/api/favorites', { params: { page, recPerPage }, silent: true, ...(signal ? { signal } : {}) });
  const data = Array.isArray(body?.data) ? body.data : [];
  return { data, pager: { page: body?.pager?.page ?? page, recPerPage: body?.pager?.recPerPage ?? recPerPage, recTotal: body?.pager?.recTotal ?? data.length } };
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
