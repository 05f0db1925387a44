import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSuggestions } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type { TSuggestions };

/**
 * GET /api/items/suggest?keyword= (docs/catalog.md, Search). Silent: the box just offers nothing.
 * TanStack Query aborts the call when the keyword moves on, and each answer is kept under its own
 * keyword, so a late answer for "ga" never shows under "gan".
 */
export async function getSuggestions(keyword: string, signal?: AbortSignal): Promise<TSuggestions> {
  return api.GET('/api/items/suggest', { params: { query: { keyword } }, silent: true, signal });
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
