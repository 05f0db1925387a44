import { queryOptions, useQuery } from '@tanstack/react-query';
import { CAROUSEL_PICK_MAX } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TProductSummary } from './types';

/** GET /api/shop/carousel: the home carousel (the owner's picks, else the newest products). Hidden when it fails. */
export async function getNewest(signal?: AbortSignal): Promise<TProductSummary[]> {
  const { data } = await api.GET('/api/shop/carousel', { silent: true, signal });
  return data.slice(0, CAROUSEL_PICK_MAX);
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
