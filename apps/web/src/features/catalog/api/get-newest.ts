import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEWEST_CAROUSEL_SIZE } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listOf, type TProductSummary } from './types';

/** GET /api/items/newest?recPerPage=6: the home carousel. Hidden when it fails. */
export async function getNewest(signal?: AbortSignal): Promise<TProductSummary[]> {
  const body = await api.get('/api/items/newest', { params: { page: 1, recPerPage: NEWEST_CAROUSEL_SIZE }, silent: true, ...(signal ? { signal } : {}) });
  return listOf<TProductSummary>(body).slice(0, NEWEST_CAROUSEL_SIZE);
}

export const newestQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalog.newest(),
    queryFn: ({ signal }) => getNewest(signal),
    staleTime: 60_000,
  });

export function useNewest() {
  return useQuery(newestQuery());
}
