import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TStaffOrderDetail,
  TCreditCreate,
  TLineAdjustment,
  TOrderNoteCreate,
  TOrderTransition,
  TPaymentCreate,
  TRestockCreate,
  TShipmentCreate,
} from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

// The staff changes to one order. Each call answers the order as it is now; the page shows that
// answer at once and the queue is refreshed.

/** POST /api/admin/orders/{id}/transitions */
export const transitionOrder = (id: number, body: TOrderTransition) =>
  api.POST('/api/admin/orders/{id}/transitions', { params: { path: { id } }, body, silent: true });
/** PUT /api/admin/orders/{id}/lines/{lineId} */
export const adjustOrderLine = (id: number, lineId: number, body: TLineAdjustment) =>
  api.PUT('/api/admin/orders/{id}/lines/{lineId}', { params: { path: { id, lineId } }, body, silent: true });
/** PUT /api/admin/orders/{id}/shipping-fee */
export const setShippingFee = (id: number, actualExpressFee: number) =>
  api.PUT('/api/admin/orders/{id}/shipping-fee', { params: { path: { id } }, body: { actualExpressFee }, silent: true });
/** POST /api/admin/orders/{id}/payments */
export const recordPayment = (id: number, body: TPaymentCreate) =>
  api.POST('/api/admin/orders/{id}/payments', { params: { path: { id } }, body, silent: true });

/** POST /api/admin/orders/{id}/credits: a credit note (returned pieces and/or an amount). */
export const issueCredit = (id: number, body: TCreditCreate) => api.POST('/api/admin/orders/{id}/credits', { params: { path: { id } }, body, silent: true });
/** POST /api/admin/orders/{id}/restock: returned pieces back into stock. */
export const restockOrder = (id: number, body: TRestockCreate) => api.POST('/api/admin/orders/{id}/restock', { params: { path: { id } }, body, silent: true });

/** POST /api/admin/orders/{id}/shipments: one parcel (docs/orders.md, Split shipments). */
export const shipParcel = (id: number, body: TShipmentCreate) => api.POST('/api/admin/orders/{id}/shipments', { params: { path: { id } }, body, silent: true });

/** POST /api/admin/orders/{id}/notes */
export const addOrderNote = (id: number, body: TOrderNoteCreate) => api.POST('/api/admin/orders/{id}/notes', { params: { path: { id } }, body, silent: true });

/** A change to the order `id` through `call`; on success the order's cache holds the answer. */
export function useOrderChange<V>(id: number, call: (variables: V) => Promise<TStaffOrderDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      client.setQueryData(queryKeys.admin.order(String(id)), detail);
      void refreshAfterWrite(client, ['admin', 'orders']);
    },
  });
}
