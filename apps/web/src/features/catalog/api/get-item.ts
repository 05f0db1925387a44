import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TProductDetail } from './types';

/** GET /api/items/{id}: one product with description, logistics fields, pictures and category path. */
export async function getItem(id: number, signal?: AbortSignal): Promise<TProductDetail> {
  // The detail screen shows its own error (or not-found) state with a retry: no toast.
  return api.GET('/api/items/{id}', { params: { path: { id } }, silent: true, signal });
}

export const itemQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.catalog.product(id),
    queryFn: ({ signal }) => getItem(id, signal),
  });

export function useItem(id: number) {
  return useQuery(itemQuery(id));
}
