import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSearchTermList, TSearchTermsQuery } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type TermKind = TSearchTermsQuery['kind'];
/** The periods the screen offers (the API takes any number of days up to a year). */
export const TERM_DAYS = [7, 30, 90] as const;

/** GET /api/admin/search/terms: the most searched terms, or those that found nothing, over the last days (the screen's URL values, ZSearchTermsQuery). */
export function useSearchTerms(query: TSearchTermsQuery) {
  const { kind, days, page, recPerPage } = query;
  return useQuery({
    queryKey: queryKeys.admin.searchTerms(`${kind}:${days}:${page}:${recPerPage}`),
    queryFn: ({ signal }): Promise<TSearchTermList> =>
      api.GET('/api/admin/search/terms', { params: { query: { kind, days, page, recPerPage } }, silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}
