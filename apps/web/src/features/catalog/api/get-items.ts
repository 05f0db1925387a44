import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TItemFilters, TItemSort } from '../lib/filters';
import { pageOf, type TId, type TPage, type TProductSummary } from './types';

export type { TItemFilters, TItemSort };

/** Where a product list comes from: everything, a tag list, or one category. */
export type TItemSource = { kind: 'all' } | { kind: 'tag'; tag: 'newest' | 'hot' | 'discount' } | { kind: 'category'; categoryId: TId };

/** Best match is the server's own default for a keyword: no sortBy (docs/catalog.md, Search). */
const SORT_PARAMS: Record<TItemSort, { sortBy?: 'lastUpdatedTime' | 'basePrice'; order?: 'asc' | 'desc' }> = {
  relevance: {},
  newest: { sortBy: 'lastUpdatedTime', order: 'desc' },
  priceAsc: { sortBy: 'basePrice', order: 'asc' },
  priceDesc: { sortBy: 'basePrice', order: 'desc' },
};

/** Path and query of GET /api/items (or /api/items/{tag}) for a source and filters (docs/requirements.md, API). */
export function itemsRequest(source: TItemSource, filters: TItemFilters, recPerPage = PAGE_SIZE) {
  const path = source.kind === 'tag' ? `/api/items/${source.tag}` : '/api/items';
  return {
    path,
    params: {
      keyword: filters.keyword?.trim() || undefined,
      supplierId: filters.supplierId,
      categoryId: source.kind === 'category' ? source.categoryId : undefined,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      ...SORT_PARAMS[filters.sort],
      page: filters.page,
      recPerPage,
    },
  };
}

export async function getItems(source: TItemSource, filters: TItemFilters, signal?: AbortSignal): Promise<TPage<TProductSummary>> {
  const { path, params } = itemsRequest(source, filters);
  // The list shows its own error state with a retry button: no toast.
  return pageOf<TProductSummary>(await api.get(path, { params, silent: true, ...(signal ? { signal } : {}) }));
}

export const itemsQuery = (source: TItemSource, filters: TItemFilters) =>
  queryOptions({
    queryKey: queryKeys.catalog.list(source, filters),
    queryFn: ({ signal }) => getItems(source, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useItems(source: TItemSource, filters: TItemFilters) {
  return useQuery(itemsQuery(source, filters));
}
