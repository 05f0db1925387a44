import { shipmentPackingListUrl, trackingUrl, type TLocale, type TOrderShipment } from '@cubeshop/shared';
import type { OrderItemRow } from './orders.repository.js';
import type { ShipmentWithLines } from './orders.shipments.repository.js';

// Parcels as the API shows them (docs/orders.md, Split shipments): pure functions of the rows.

const named = (zh: string | null, en: string | null, locale: TLocale) => (locale === 'zh' ? zh || en : en || zh);

/** A line's name in a language, with its type: "GAN 356 (black)". */
export function lineLabel(line: Pick<OrderItemRow, 'nameZh' | 'nameEn' | 'typeNameZh' | 'typeNameEn' | 'typeCode' | 'itemId'>, locale: TLocale): string {
  const name = named(line.nameZh, line.nameEn, locale) ?? String(line.itemId);
  const type = named(line.typeNameZh, line.typeNameEn, locale) ?? line.typeCode;
  return type ? `${name} (${type})` : name;
}

export function toShipment(row: ShipmentWithLines, lines: readonly OrderItemRow[], locale: TLocale): TOrderShipment {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return {
    id: row.id,
    number: row.seq,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingNumber ? trackingUrl(row.carrier, row.trackingNumber) : null,
    lines: row.lines.map((l) => {
      const line = byId.get(l.orderItemId);
      return {
        lineId: l.orderItemId,
        itemId: line?.itemId ?? 0,
        name: line ? (named(line.nameZh, line.nameEn, locale) ?? '') : '',
        typeName: line ? named(line.typeNameZh, line.typeNameEn, locale) : null,
        quantity: l.quantity,
      };
    }),
    pieces: row.lines.reduce((a, l) => a + l.quantity, 0),
    packingListUrl: shipmentPackingListUrl(row.orderId, row.id),
    createdTime: row.createdAt.toISOString(),
  };
}
