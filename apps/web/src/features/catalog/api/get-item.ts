import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TId, TProductDetail } from './types';

/** GET /api/items/{id}: one product with description, logistics fields, pictures and category path. */
export async function getItem(id: TId, signal?: AbortSignal): Promise<TProductDetail> {
  // The detail screen shows its own error (or not-found) state with a retry: no toast.
  return api.get<TProductDetail>(`/api/items/${encodeURIComponent(String(id))}`, { silent: true, ...(signal ? { signal } : {}) });
}

export const itemQuery = (id: TId) =>
  queryOptions({
    queryKey: queryKeys.catalog.product(id),
    queryFn: ({ signal }) => getItem(id, signal),
  });

export function useItem(id: TId) {
  return useQuery(itemQuery(id));
}
