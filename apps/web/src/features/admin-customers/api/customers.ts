import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCustomerDetail, TCustomerList, TCustomerNote } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** GET /api/admin/customers?q&page&recPerPage: `search` is the URL's query string (saved search). */
export function getCustomers(search: string, signal?: AbortSignal): Promise<TCustomerList> {
  return api.get<TCustomerList>(`/api/admin/customers${search ? `?${search}` : ''}`, { silent: true, ...(signal ? { signal } : {}) });
}

export const customersQuery = (search: string) =>
  queryOptions({ queryKey: queryKeys.admin.customers(search), queryFn: ({ signal }) => getCustomers(search, signal), staleTime: 5_000, placeholderData: keepPreviousData });

export function useCustomers(search: string) {
  return useQuery(customersQuery(search));
}

/** GET /api/admin/customers/{id}: the buyer's page. */
export function getCustomer(id: string, signal?: AbortSignal): Promise<TCustomerDetail> {
  return api.get<TCustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`, { silent: true, ...(signal ? { signal } : {}) });
}

export const customerQuery = (id: string) => queryOptions({ queryKey: queryKeys.admin.customer(id), queryFn: ({ signal }) => getCustomer(id, signal), staleTime: 5_000 });

export function useCustomer(id: string) {
  return useQuery({ ...customerQuery(id), enabled: id !== '' });
}

/** POST /api/admin/customers/{id}/notes */
export const addCustomerNote = (id: number, body: string) => api.post<TCustomerNote>(`/api/admin/customers/${id}/notes`, { body }, { silent: true });
/** POST /api/admin/customers/{id}/disable */
export const disableCustomer = (id: number, reason: string) => api.post<TCustomerDetail>(`/api/admin/customers/${id}/disable`, { reason }, { silent: true });
/** POST /api/admin/customers/{id}/enable */
export const enableCustomer = (id: number, reason: string) => api.post<TCustomerDetail>(`/api/admin/customers/${id}/enable`, reason ? { reason } : {}, { silent: true });

/** A change to the buyer `id`; afterwards their page and the list are loaded again. */
export function useCustomerChange<V, R>(id: number, call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'customer' in answer) client.setQueryData(queryKeys.admin.customer(String(id)), answer as unknown as TCustomerDetail);
      else void refreshAfterWrite(client, queryKeys.admin.customer(String(id)));
      void refreshAfterWrite(client, ['admin', 'customers']);
    },
  });
}
