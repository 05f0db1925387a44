import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRegion } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { getLocale } from '@/lib/locale';

/** GET /api/selector/region, under the key every form shares (fetched once, reused). */
export const regionsQuery = () => {
  const locale = getLocale();
  return queryOptions({
    queryKey: ['selector', 'region', locale],
    queryFn: ({ signal }) => api.get<TRegion[]>('/api/selector/region', { signal, silent: true }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
};

/** A region's name in the page's language (the id until the list is there). */
export function useRegionName(id: string | null | undefined): string {
  const regions = useQuery({ ...regionsQuery(), enabled: Boolean(id) });
  if (!id) return '';
  return regions.data?.find((region) => region.id === id)?.name ?? id;
}
