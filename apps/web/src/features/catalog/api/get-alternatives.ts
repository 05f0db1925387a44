import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSearchAlternatives } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TItemFilters } from '../lib/filters';

export type { TSearchAlternatives };

/**
 * Below this many products found, the results page asks what else to offer (FEW_RESULTS of
 * @cubeshop/shared, copied: only types come from there into the bundle; a test keeps them equal).
 */
export const FEW_RESULTS = 5;

/** The search a page of results was for: keyword and the filters that narrow it (not sort or page). */
export function searchOf(filters: TItemFilters) {
  return { keyword: filters.keyword?.trim() ?? '', supplierId: filters.supplierId, minPrice: filters.minPrice, maxPrice: filters.maxPrice };
}

/**
 * GET /api/items/alternatives (docs/catalog.md, Search, Never a dead end): "did you mean",
 * broader searches and the closest products for a search that found fewer than FEW_RESULTS.
 * Silent: without an answer the page simply offers nothing more.
 */
export async function getAlternatives(filters: TItemFilters, signal?: AbortSignal): Promise<TSearchAlternatives> {
  return api.GET('/api/items/alternatives', { params: { query: searchOf(filters) }, silent: true, signal });
}

export const alternativesQuery = (filters: TItemFilters) =>
  queryOptions({
    queryKey: queryKeys.catalog.alternatives(searchOf(filters)),
    queryFn: ({ signal }) => getAlternatives(filters, signal),
    staleTime: 60_000,
    retry: false,
  });

/** The alternatives of a search, asked only once its results are known to be few (`found` < FEW_RESULTS). */
export function useAlternatives(filters: TItemFilters, found: number | undefined) {
  const enabled = Boolean(filters.keyword?.trim()) && found !== undefined && found < FEW_RESULTS;
  return useQuery({ ...alternativesQuery(filters), enabled });
}
