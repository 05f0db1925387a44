import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_SEARCH_MIN_LENGTH, type TStaffSearchResult } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/search?q: the top orders, customers and products the signed-in role may read (docs/orders.md, Staff search). */
export function useLookup(q: string) {
  return useQuery({
    queryKey: queryKeys.admin.lookup(q),
    queryFn: ({ signal }): Promise<TStaffSearchResult> => api.GET('/api/admin/search', { params: { query: { q } }, silent: true, signal }),
    enabled: q.length >= ADMIN_SEARCH_MIN_LENGTH,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}
