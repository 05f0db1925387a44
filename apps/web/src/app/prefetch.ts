import type { QueryClient } from '@tanstack/react-query';
import { itemsQuery, type TItemSource } from '@/features/catalog/api/get-items';
import { suppliersQuery } from '@/features/catalog/api/get-suppliers';
import { filtersFromSearch } from '@/features/catalog/lib/filters';

/** A product panel's first render: its page of products (filters from the URL) and its brand filter. */
export async function prefetchProductPanel(queryClient: QueryClient, source: TItemSource, url: URL): Promise<void> {
  const categoryId = source.kind === 'category' ? source.categoryId : undefined;
  await Promise.all([
    queryClient.prefetchQuery(itemsQuery(source, filtersFromSearch(url.searchParams))),
    queryClient.prefetchQuery(suppliersQuery(categoryId)),
  ]);
}
