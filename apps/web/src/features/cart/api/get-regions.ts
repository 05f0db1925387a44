import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRegion } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { getLocale } from '@/lib/locale';

/**
 * GET /api/selector/region: countries and regions, mainland China first. Same key and shape as
 * the account forms use, so the list is fetched once and reused (spec section 4, countries).
 */
export const regionsQuery = () => {
  const locale = getLocale();
  return queryOptions({
    queryKey: ['selector', 'region', locale],
    queryFn: ({ signal }) => api.get<TRegion[]>('/api/selector/region', { signal, silent: true }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
};

export function useRegions(enabled = true) {
  return useQuery({ ...regionsQuery(), enabled });
}

/** The region's name in the page's language (the id until the list is there). */
export function useRegionName(id: string | null | undefined): string {
  const regions = useRegions(Boolean(id));
  if (!id) return '';
  return regions.data?.find((region) => region.id === id)?.name ?? id;
}
