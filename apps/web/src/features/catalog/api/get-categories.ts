import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORY_CACHE_MS } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TCategory } from './types';

/** GET /api/categories: the nested tree. Errors are silent (docs/requirements.md, Errors). */
export async function getCategories(signal?: AbortSignal): Promise<TCategory[]> {
  return api.GET('/api/categories', { silent: true, signal });
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalog.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: CATEGORY_CACHE_MS,
    gcTime: CATEGORY_CACHE_MS * 2,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}
