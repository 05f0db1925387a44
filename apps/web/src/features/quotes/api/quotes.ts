import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TExpressMethodOption, TPaymentMethodOption, TQuote, TQuoteAccept, TQuoteAccepted, TQuoteList, TQuoteRequest } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { getCurrency } from '@/lib/currency';
import { getLocale } from '@/lib/locale';
import { refreshAfterWrite } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

// The buyer's quotes (docs/orders.md, Quotes): ask from the cart, read, accept.

export const QUOTES_PAGE_SIZE = 20;
const all = ['quotes'] as const;

/** GET /api/quotes?page */
export const quotesQuery = (page: number) =>
  queryOptions({
    queryKey: ['quotes', 'list', getLocale(), getCurrency(), page] as const,
    queryFn: ({ signal }): Promise<TQuoteList> => api.GET('/api/quotes', { params: { query: { page, recPerPage: QUOTES_PAGE_SIZE } }, silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
export const useQuotes = (page: number) => useQuery(quotesQuery(page));

/** GET /api/quotes/{id} */
export const useQuote = (id: number) =>
  useQuery({
    queryKey: ['quotes', 'detail', getLocale(), id] as const,
    queryFn: ({ signal }): Promise<TQuote> => api.GET('/api/quotes/{id}', { params: { path: { id } }, silent: true, signal }),
    staleTime: 10_000,
    enabled: id > 0,
  });

/** POST /api/quotes */
export function useRequestQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuoteRequest): Promise<TQuote> => api.POST('/api/quotes', { body, silent: true }),
    onSuccess: () => void refreshAfterWrite(client, all),
  });
}

/** POST /api/quotes/{id}/accept: the order at the quoted prices (the same one however often it is pressed). */
export function useAcceptQuote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuoteAccept): Promise<TQuoteAccepted> => api.POST('/api/quotes/{id}/accept', { params: { path: { id } }, body, silent: true }),
    onSuccess: () => {
      void refreshAfterWrite(client, all);
      void refreshAfterWrite(client, queryKeys.orders.all);
    },
  });
}

/** GET /api/selector/express?regionId: the methods that serve the delivery region. */
export const useQuoteExpressMethods = (regionId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.selectors.expressMethods(regionId ?? ''),
    queryFn: ({ signal }): Promise<TExpressMethodOption[]> =>
      api.GET('/api/selector/express', { params: { query: { regionId: regionId ?? '' } }, silent: true, signal }),
    staleTime: 5 * 60_000,
    enabled: Boolean(regionId),
  });

/** GET /api/selector/payment */
export const useQuotePaymentMethods = () =>
  useQuery({
    queryKey: queryKeys.selectors.payments(),
    queryFn: ({ signal }): Promise<TPaymentMethodOption[]> => api.GET('/api/selector/payment', { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
