import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSearchTermList } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TermKind = 'top' | 'zero';
export const TERM_DAYS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;

export interface TermsSearch {
  kind: TermKind;
  days: number;
  page: number;
}

/** The screen's view from its URL (?kind=zero&days=7&page=2); anything unreadable is the default. */
export function termsSearchOf(params: URLSearchParams): TermsSearch {
  const days = Number(params.get('days'));
  const page = Number(params.get('page'));
  return {
    kind: params.get('kind') === 'zero' ? 'zero' : 'top',
    days: (TERM_DAYS as readonly number[]).includes(days) ? days : DEFAULT_DAYS,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export const TERMS_PER_PAGE = 50;

/** GET /api/admin/search/terms: the most searched terms, or those that found nothing, over the last days. */
export function useSearchTerms(search: TermsSearch) {
  return useQuery({
    queryKey: queryKeys.admin.searchTerms(`${search.kind}:${search.days}:${search.page}`),
    queryFn: ({ signal }) =>
      api.get<TSearchTermList>('/api/admin/search/terms', { params: { kind: search.kind, days: search.days, page: search.page, recPerPage: TERMS_PER_PAGE }, silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}
