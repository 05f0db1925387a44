import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TSupplier } from './types';

/** GET /api/suppliers (optionally for one category). Silent: the filter just has fewer choices. */
export async function getSuppliers(categoryId?: number, signal?: AbortSignal): Promise<TSupplier[]> {
  return api.GET('/api/suppliers', { params: { query: { categoryId } }, silent: true, signal });
}

export const suppliersQuery = (categoryId?: number) =>
  queryOptions({
    queryKey: queryKeys.catalog.suppliers(categoryId ?? null),
    queryFn: ({ signal }) => getSuppliers(categoryId, signal),
    staleTime: 5 * 60_000,
  });

export function useSuppliers(categoryId?: number) {
  return useQuery(suppliersQuery(categoryId));
}
