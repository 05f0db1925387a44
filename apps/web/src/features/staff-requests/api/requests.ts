import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TStaffOrderDetail,
  TStaffOrderRequests,
  TStaffRequestList,
  TOrderRequestStatus,
  TPaymentCreate,
  TRequestDecided,
  TRequestDecision,
} from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { getLocale } from '@/lib/locale';
import { refreshAfterWrite } from '@/lib/query-client';

// After-sales requests for staff (docs/orders.md, After-sales). Keys live under 'admin', so a
// change anywhere in the staff app refreshes them.

export const REQUESTS_PAGE_SIZE = 50;

/** GET /api/admin/requests?status&page */
export const requestQueueQuery = (status: TOrderRequestStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'requests', getLocale(), status, page] as const,
    queryFn: ({ signal }): Promise<TStaffRequestList> =>
      api.GET('/api/admin/requests', { params: { query: { status, page, recPerPage: REQUESTS_PAGE_SIZE } }, silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
export const useRequestQueue = (status: TOrderRequestStatus, page: number) => useQuery(requestQueueQuery(status, page));

/** GET /api/admin/orders/{id}/requests */
export const useOrderRequestsForStaff = (orderId: number) =>
  useQuery({
    queryKey: ['admin', 'order-requests', getLocale(), orderId] as const,
    queryFn: ({ signal }): Promise<TStaffOrderRequests> =>
      api.GET('/api/admin/orders/{id}/requests', { params: { path: { id: orderId } }, silent: true, signal }),
    staleTime: 10_000,
  });

/** GET /api/admin/orders/{id} (the order page's own cache entry): the lines a return credits and how the order pays. */
export const useRequestOrder = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.admin.order(String(orderId)),
    queryFn: ({ signal }): Promise<TStaffOrderDetail> => api.GET('/api/admin/orders/{id}', { params: { path: { id: orderId } }, silent: true, signal }),
    staleTime: 5_000,
    enabled,
  });

/** POST /api/admin/requests/{id}/decision */
export function useDecideRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TRequestDecision }): Promise<TRequestDecided> =>
      api.POST('/api/admin/requests/{id}/decision', { params: { path: { id } }, body, silent: true }),
    onSuccess: () => void refreshAfterWrite(client, ['admin']),
  });
}

/** POST /api/admin/orders/{id}/payments with kind refund: the refund an approved request calls for. */
export function useRecordRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: TPaymentCreate }): Promise<TStaffOrderDetail> =>
      api.POST('/api/admin/orders/{id}/payments', { params: { path: { id: orderId } }, body, silent: true }),
    onSuccess: () => void refreshAfterWrite(client, ['admin']),
  });
}
