import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAddress } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/address: the buyer's addresses, default first, then the most recently changed. */
export async function getAddresses(signal?: AbortSignal): Promise<TAddress[]> {
  const body = await api.get<TAddress[] | null>('/api/address', { silent: true, ...(signal ? { signal } : {}) });
  return Array.isArray(body) ? body : [];
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
