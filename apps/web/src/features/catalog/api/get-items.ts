import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@cubeshop/shared';
import { api, type ApiPath, type ApiQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TItemFilters, TItemSort } from '../lib/filters';
import type { TProductList } from './types';

export type { TItemFilters, TItemSort };

/** Where a product list comes from: everything, a tag list, or one category. */
export type TItemSource = { kind: 'all' } | { kind: 'tag'; tag: 'newest' | 'hot' | 'discount' } | { kind: 'category'; categoryId: number };

/** The tag lists' own paths (GET /api/items/newest, /hot, /discount). */
const TAG_PATHS = { newest: '/api/items/newest', hot: '/api/items/hot', discount: '/api/items/discount' } as const satisfies Record<string, ApiPath<'get'>>;
type TItemsPath = '/api/items' | (typeof TAG_PATHS)[keyof typeof TAG_PATHS];

/** Best match is the server's own default for a keyword: no sortBy (docs/catalog.md, Search). */
const SORT_PARAMS: Record<TItemSort, { sortBy?: 'lastUpdatedTime' | 'basePrice'; order?: 'asc' | 'desc' }> = {
  relevance: {},
  newest: { sortBy: 'lastUpdatedTime', order: 'desc' },
  priceAsc: { sortBy: 'basePrice', order: 'asc' },
  priceDesc: { sortBy: 'basePrice', order: 'desc' },
};

/** Path and query of GET /api/items (or /api/items/{tag}) for a source and filters (docs/requirements.md, API). */
export function itemsRequest(source: TItemSource, filters: TItemFilters, recPerPage = PAGE_SIZE): { path: TItemsPath; params: ApiQuery<'/api/items'> } {
  const path = source.kind === 'tag' ? TAG_PATHS[source.tag] : '/api/items';
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

export function getItems(source: TItemSource, filters: TItemFilters, signal?: AbortSignal): Promise<TProductList> {
  const { path, params } = itemsRequest(source, filters);
  // The list shows its own error state with a retry button: no toast.
  return api.GET(path, { params: { query: params }, silent: true, signal });
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
