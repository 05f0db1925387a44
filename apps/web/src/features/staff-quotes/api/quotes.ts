import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStaffQuote, TStaffQuoteList, TStaffQuoteQuery, TProductList, TQuoteUpdate, TQuoteWithdraw } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { getLocale } from '@/lib/locale';
import { refreshAfterWrite } from '@/lib/query-client';

// Quotes for staff (docs/orders.md, Quotes). Keys live under 'admin', so a change anywhere in the
// staff app refreshes them.

/** GET /api/admin/quotes?status&page&recPerPage */
export const quoteQueueQuery = (q: TStaffQuoteQuery) =>
  queryOptions({
    queryKey: ['admin', 'quotes', getLocale(), q.status, q.page, q.recPerPage] as const,
    queryFn: ({ signal }): Promise<TStaffQuoteList> => api.GET('/api/admin/quotes', { params: { query: q }, silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
export const useQuoteQueue = (q: TStaffQuoteQuery) => useQuery(quoteQueueQuery(q));

const detailKey = (id: number) => ['admin', 'quote', getLocale(), id] as const;

/** GET /api/admin/quotes/{id} */
export const useStaffQuote = (id: number) =>
  useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }): Promise<TStaffQuote> => api.GET('/api/admin/quotes/{id}', { params: { path: { id } }, silent: true, signal }),
    staleTime: 5_000,
    enabled: id > 0,
  });

/** PUT, send and withdraw: each answers the quote as it is now. */
export function useQuoteActions(id: number) {
  const client = useQueryClient();
  const done = (quote: TStaffQuote) => {
    client.setQueryData(detailKey(id), quote);
    void refreshAfterWrite(client, ['admin']);
  };
  return {
    save: useMutation({
      mutationFn: (body: TQuoteUpdate): Promise<TStaffQuote> => api.PUT('/api/admin/quotes/{id}', { params: { path: { id } }, body, silent: true }),
      onSuccess: done,
    }),
    send: useMutation({
      mutationFn: (): Promise<TStaffQuote> => api.POST('/api/admin/quotes/{id}/send', { params: { path: { id } }, silent: true }),
      onSuccess: done,
    }),
    withdraw: useMutation({
      mutationFn: (body: TQuoteWithdraw): Promise<TStaffQuote> => api.POST('/api/admin/quotes/{id}/withdraw', { params: { path: { id } }, body, silent: true }),
      onSuccess: done,
    }),
  };
}

/** GET /api/items?keyword: products to add to a quote (the catalog's own search; 2 characters or more). */
export const useProductSearch = (keyword: string) =>
  useQuery({
    queryKey: ['admin', 'quote-products', getLocale(), keyword] as const,
    queryFn: ({ signal }): Promise<TProductList> => api.GET('/api/items', { params: { query: { keyword, recPerPage: 8 } }, silent: true, signal }),
    enabled: keyword.length >= 2,
    staleTime: 30_000,
  });
