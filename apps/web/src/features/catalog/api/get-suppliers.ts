import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listOf, type TId, type TSupplier } from './types';

/** GET /api/suppliers (optionally for one category). Silent: the filter just has fewer choices. */
export async function getSuppliers(categoryId?: TId, signal?: AbortSignal): Promise<TSupplier[]> {
  return listOf<TSupplier>(await api.get('/api/suppliers', { params: { categoryId }, silent: true, ...(signal ? { signal } : {}) }));
}

export const suppliersQuery = (categoryId?: TId) =>
  queryOptions({
    queryKey: queryKeys.catalog.suppliers(categoryId ?? null),
    queryFn: ({ signal }) => getSuppliers(categoryId, signal),
    staleTime: 5 * 60_000,
  });

export function useSuppliers(categoryId?: TId) {
  return useQuery(suppliersQuery(categoryId));
}
