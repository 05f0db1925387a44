import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCustomerDetail, TCustomerList, TCustomerNote } from '@cubeshop/shared';
import { api, idOf, type ApiListRequest, type ApiQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** GET /api/admin/customers?q&page&recPerPage, with the URL's values (saved search). */
export function getCustomers(query: ApiQuery<'/api/admin/customers'>, signal?: AbortSignal): Promise<TCustomerList> {
  return api.GET('/api/admin/customers', { params: { query }, silent: true, signal });
}

export const customersQuery = ({ search, query }: ApiListRequest<'/api/admin/customers'>) =>
  queryOptions({
    queryKey: queryKeys.admin.customers(search),
    queryFn: ({ signal }) => getCustomers(query, signal),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useCustomers(request: ApiListRequest<'/api/admin/customers'>) {
  return useQuery(customersQuery(request));
}

/** GET /api/admin/customers/{id}: the buyer's page. */
export function getCustomer(id: string, signal?: AbortSignal): Promise<TCustomerDetail> {
  return api.GET('/api/admin/customers/{id}', { params: { path: { id: idOf(id) } }, silent: true, signal });
}

export const customerQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.customer(id), queryFn: ({ signal }) => getCustomer(id, signal), staleTime: 5_000 });

export function useCustomer(id: string) {
  return useQuery({ ...customerQuery(id), enabled: id !== '' });
}

/** POST /api/admin/customers/{id}/notes */
export const addCustomerNote = (id: number, body: string): Promise<TCustomerNote> =>
  api.POST('/api/admin/customers/{id}/notes', { params: { path: { id } }, body: { body }, silent: true });
/** POST /api/admin/customers/{id}/disable */
export const disableCustomer = (id: number, reason: string): Promise<TCustomerDetail> =>
  api.POST('/api/admin/customers/{id}/disable', { params: { path: { id } }, body: { reason }, silent: true });
/** POST /api/admin/customers/{id}/enable */
export const enableCustomer = (id: number, reason: string): Promise<TCustomerDetail> =>
  api.POST('/api/admin/customers/{id}/enable', { params: { path: { id } }, body: reason ? { reason } : {}, silent: true });

/** Disabling and enabling answer the buyer's page (`customer` and the rest); a note answers the note. */
const isCustomerDetail = (answer: unknown): answer is TCustomerDetail => !!answer && typeof answer === 'object' && 'customer' in answer;

/** A change to the buyer `id`; afterwards their page and the list are loaded again. */
export function useCustomerChange<V, R>(id: number, call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (isCustomerDetail(answer)) client.setQueryData(queryKeys.admin.customer(String(id)), answer);
      else void refreshAfterWrite(client, queryKeys.admin.customer(String(id)));
      void refreshAfterWrite(client, ['admin', 'customers']);
    },
  });
}
