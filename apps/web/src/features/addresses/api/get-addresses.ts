import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAddress } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/address: the buyer's addresses, default first, then the most recently changed. */
export function getAddresses(signal?: AbortSignal): Promise<TAddress[]> {
  return api.GET('/api/address', { silent: true, signal });
}

export const addressesQuery = () =>
  queryOptions({
    queryKey: queryKeys.addresses.list(),
    queryFn: ({ signal }) => getAddresses(signal),
    staleTime: 2 * 60_000,
  });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQuery(), enabled });
}
