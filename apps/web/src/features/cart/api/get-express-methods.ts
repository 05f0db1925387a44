import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TExpressMethodOption } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/selector/express?regionId=: the shipping methods that serve the region. */
export function getExpressMethods(regionId: string, signal?: AbortSignal): Promise<TExpressMethodOption[]> {
  return api.GET('/api/selector/express', { params: { query: { regionId } }, silent: true, signal });
}

export const expressMethodsQuery = (regionId: string) =>
  queryOptions({
    queryKey: queryKeys.selectors.expressMethods(regionId),
    queryFn: ({ signal }) => getExpressMethods(regionId, signal),
    staleTime: 5 * 60_000,
  });

export function useExpressMethods(regionId: string | undefined) {
  return useQuery({ ...expressMethodsQuery(regionId ?? ''), enabled: Boolean(regionId) });
}
