import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSuggestions } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { TSuggestions };

const NONE: TSuggestions = { keyword: '', products: [], brands: [], categories: [] };

/** Whatever the server sends, a suggestions object the box can show (missing lists are empty). */
function suggestionsOf(body: unknown): TSuggestions {
  if (!body || typeof body !== 'object') return NONE;
  const b = body as Partial<TSuggestions>;
  return {
    keyword: typeof b.keyword === 'string' ? b.keyword : '',
    products: Array.isArray(b.products) ? b.products : [],
    brands: Array.isArray(b.brands) ? b.brands : [],
    categories: Array.isArray(b.categories) ? b.categories : [],
  };
}

/**
 * GET /api/items/suggest?keyword= (docs/catalog.md, Search). Silent: the box just offers nothing.
 * TanStack Query aborts the call when the keyword moves on, and each answer is kept under its own
 * keyword, so a late answer for "ga" never shows under "gan".
 */
export async function getSuggestions(keyword: string, signal?: AbortSignal): Promise<TSuggestions> {
  return suggestionsOf(await api.get('/api/items/suggest', { params: { keyword }, silent: true, ...(signal ? { signal } : {}) }));
}

export const suggestionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.suggest(keyword),
    queryFn: ({ signal }) => getSuggestions(keyword, signal),
    staleTime: 60_000,
    retry: false,
  });

/** The suggestions for a (debounced) keyword; nothing is asked while `enabled` is false or the keyword is blank. */
export function useSuggestions(keyword: string, enabled: boolean) {
  return useQuery({ ...suggestionsQuery(keyword), enabled: enabled && keyword !== '', placeholderData: keepPreviousData });
}
