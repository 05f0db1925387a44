import { useQuery } from '@tanstack/react-query';
import type {
  TStaffOrderDetail,
  TCustomerDetail,
  TCustomerList,
  TExpressMethodOption,
  TOrderLineAdd,
  TPaymentMethodOption,
  TProduct,
  TStaffOrderCreate,
  TStaffOrderPreview,
} from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

// Orders taken for a buyer, and lines added or removed before the goods leave (docs/orders.md,
// Orders taken for a buyer; Editing an order before it leaves).

/** POST /api/admin/orders/preview: what the order would come to (the server's prices and totals). */
export const previewStaffOrder = (body: TStaffOrderCreate): Promise<TStaffOrderPreview> => api.POST('/api/admin/orders/preview', { body, silent: true });

/** POST /api/admin/orders with the screen's Idempotency-Key (a second click places nothing twice). */
export const placeStaffOrder = (body: TStaffOrderCreate, idempotencyKey: string): Promise<{ id: number }> =>
  api.POST('/api/admin/orders', { body, silent: true, headers: { 'Idempotency-Key': idempotencyKey } });

/** POST /api/admin/orders/{id}/lines */
export const addOrderLine = (id: number, body: TOrderLineAdd): Promise<TStaffOrderDetail> =>
  api.POST('/api/admin/orders/{id}/lines', { params: { path: { id } }, body, silent: true });

/** DELETE /api/admin/orders/{id}/lines/{lineId} */
export const removeOrderLine = (id: number, lineId: number): Promise<TStaffOrderDetail> =>
  api.DELETE('/api/admin/orders/{id}/lines/{lineId}', { params: { path: { id, lineId } }, silent: true });

/** Buyers whose account, name, e-mail or mobile contain the words (GET /api/admin/customers?q), from 2 characters. */
export const useBuyerSearch = (q: string) =>
  useQuery({
    queryKey: [...queryKeys.admin.customers(`q=${q}&recPerPage=8`)],
    queryFn: ({ signal }): Promise<TCustomerList> => api.GET('/api/admin/customers', { params: { query: { q, recPerPage: 8 } }, silent: true, signal }),
    enabled: q.trim().length >= 2,
    staleTime: 10_000,
  });

/** The chosen buyer's page (their saved addresses). */
export const useBuyer = (id: number | undefined) =>
  useQuery({
    queryKey: queryKeys.admin.customer(String(id ?? '')),
    queryFn: ({ signal }): Promise<TCustomerDetail> => api.GET('/api/admin/customers/{id}', { params: { path: { id: id! } }, silent: true, signal }),
    enabled: id !== undefined,
  });

/** Products by name or id (the storefront's search, GET /api/items?keyword), from 1 character. */
export const useProductSearch = (keyword: string) =>
  useQuery({
    queryKey: ['admin', 'order-products', keyword],
    queryFn: async ({ signal }): Promise<TProduct[]> =>
      (await api.GET('/api/items', { params: { query: { keyword, recPerPage: 8 } }, silent: true, signal })).data,
    enabled: keyword.trim().length >= 1,
    staleTime: 10_000,
  });

/** GET /api/selector/express?regionId: the methods that serve the delivery region. */
export const useExpressMethods = (regionId: string) =>
  useQuery({
    queryKey: queryKeys.selectors.expressMethods(regionId),
    queryFn: ({ signal }): Promise<TExpressMethodOption[]> => api.GET('/api/selector/express', { params: { query: { regionId } }, silent: true, signal }),
    staleTime: 5 * 60_000,
    enabled: /^[A-Z]{2}$/.test(regionId),
  });

/** GET /api/selector/payment */
export const usePaymentMethods = () =>
  useQuery({
    queryKey: queryKeys.selectors.payments(),
    queryFn: ({ signal }): Promise<TPaymentMethodOption[]> => api.GET('/api/selector/payment', { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
