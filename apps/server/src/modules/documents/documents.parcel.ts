import type { TOrderDetail } from '@cubeshop/shared';
import type { DocumentContext } from './documents.render.js';

/**
 * One parcel of an order as the packing list prints it (docs/orders.md, Split shipments): the
 * order with only the parcel's lines, each at the parcel's pieces, and the parcel's carrier and
 * tracking number; the context numbers the parcel (of how many, once every piece has left).
 * Undefined when the order has no such parcel.
 */
export function parcelOrder(order: TOrderDetail, shipmentId: number): { order: TOrderDetail; context: NonNullable<DocumentContext['parcel']> } | undefined {
  const parcel = order.shipments.find((s) => s.id === shipmentId);
  if (!parcel) return undefined;
  const items = parcel.lines.flatMap((p) => {
    const line = order.items.find((l) => l.id === p.lineId);
    // The pieces of the parcel, printed as the line's quantity (no "ordered" note: the parcel is a part by design).
    return line ? [{ ...line, quantity: p.quantity, actualQuantity: p.quantity }] : [];
  });
  return {
    order: { ...order, items, carrier: parcel.carrier, trackingNumber: parcel.trackingNumber },
    context: { number: parcel.number, of: order.fulfillment === 'shipped' ? order.shipments.length : null },
  };
}
