import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRegion } from '@cubeshop/shared';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * Countries and regions, the one list every feature shows (account forms, the address modal,
 * address and order views). Mainland China first, names in the page's language. Fetched once
 * per page and kept (docs/requirements.md, States: countries are fetched once). Silent: each form shows its
 * own "could not be loaded" state.
 */
export function getRegions(signal?: AbortSignal): Promise<TRegion[]> {
  return api.GET('/api/selector/region', { silent: true, signal });
}

export const regionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.selectors.regions(),
    queryFn: ({ signal }) => getRegions(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useRegions(enabled = true) {
  return useQuery({ ...regionsQuery(), enabled });
}

/** A region's name in the page's language (the id itself until the list is there). */
export function useRegionName(id: string | null | undefined): string {
  const regions = useRegions(Boolean(id));
  if (!id) return '';
  return regions.data?.find((region) => region.id === id)?.name ?? id;
}
