import { z } from 'zod';
import { ZCarrier, type TFulfillment, type TOrderStatus } from './index.js';
import { ZLineQuantities } from './staff.js';

/**
 * Split shipments (docs/orders.md, Split shipments): an order leaves in one or more parcels, each
 * with a carrier, a tracking number and the pieces of each line in it. The order is partly shipped
 * until every packed piece has left; then it is outbound.
 */

/** POST /api/admin/orders/{id}/shipments: one parcel. */
export const ZShipmentCreate = z.object({
  carrier: ZCarrier,
  trackingNumber: z.string().trim().min(1, 'v.required').max(40, 'v.maxLength'),
  /** Pieces per order line; at most what is left to ship of each line. */
  lines: ZLineQuantities.min(1, 'v.required'),
  /** Ship although the order is not paid (sales, owner), with the reason recorded. */
  shipUnpaid: z.boolean().optional(),
  /** Blank counts as none. */
  reason: z.string().trim().max(500, 'v.maxLength').optional(),
});
export type TShipmentCreate = z.infer<typeof ZShipmentCreate>;

/** Statuses in which every packed piece has left. */
const LEFT: readonly TOrderStatus[] = ['outbound', 'delivery', 'complete'];

/** The order's fulfillment state from its status and whether any parcel left. */
export function fulfillmentOf(status: TOrderStatus, parcels: number): TFulfillment {
  if (LEFT.includes(status)) return 'shipped';
  return parcels > 0 ? 'partial' : 'none';
}

/** The API path of a parcel's packing list (the order's packing list limited to the parcel). */
export function shipmentPackingListUrl(orderId: number, shipmentId: number): string {
  return `/api/orders/${orderId}/documents/packing-list.pdf?shipment=${shipmentId}`;
}

/** The file name of a parcel's packing list: `packing-list-10000123-2.pdf` (parcel 2). */
export function shipmentPackingListFileName(orderId: number, number: number): string {
  return `packing-list-${orderId}-${number}.pdf`;
}
