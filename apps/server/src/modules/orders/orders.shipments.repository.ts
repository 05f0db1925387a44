import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TCarrier } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { orderItems, orders, orderShipmentLines, orderShipments } from '../../db/schema/index.js';

export type ShipmentRow = typeof orderShipments.$inferSelect;
/** A parcel with its lines (order line id and pieces). */
export type ShipmentWithLines = ShipmentRow & { lines: { orderItemId: number; quantity: number }[] };

/** Orders partly shipped and still to finish: a parcel left, the rest has not (confirmed, not cancelled): the queue's filter. */
export const partlyShippedSql: SQL = sql`${orders.status} = 'confirm' and exists (select 1 from ${orderShipments} where ${orderShipments.orderId} = ${orders.id})`;

/** The parcels of orders (docs/orders.md, Split shipments): tables order_shipments, order_shipment_lines. */
export function createShipmentsRepository(db: Db) {
  return {
    /** An order's parcels with their lines, oldest first. */
    async ofOrder(orderId: number, tx?: Db): Promise<ShipmentWithLines[]> {
      const exec = tx ?? db;
      const rows = await exec.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.seq));
      if (!rows.length) return [];
      const lines = await exec
        .select({ shipmentId: orderShipmentLines.shipmentId, orderItemId: orderShipmentLines.orderItemId, quantity: orderShipmentLines.quantity })
        .from(orderShipmentLines)
        .innerJoin(orderItems, eq(orderItems.id, orderShipmentLines.orderItemId))
        .where(
          inArray(
            orderShipmentLines.shipmentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderItems.position));
      return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.shipmentId === r.id).map(({ orderItemId, quantity }) => ({ orderItemId, quantity })) }));
    },

    /** A new parcel numbered next within its order (the order is locked by the caller), with its lines. */
    async insert(
      tx: Db,
      row: { orderId: number; carrier: TCarrier | null; trackingNumber: string | null; createdBy: number | null },
      lines: readonly { orderItemId: number; quantity: number }[],
    ): Promise<ShipmentRow> {
      const [last] = await tx
        .select({ seq: orderShipments.seq })
        .from(orderShipments)
        .where(eq(orderShipments.orderId, row.orderId))
        .orderBy(desc(orderShipments.seq))
        .limit(1);
      const [created] = await tx
        .insert(orderShipments)
        .values({ ...row, seq: (last?.seq ?? 0) + 1 })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await tx.insert(orderShipmentLines).values(lines.map((l) => ({ ...l, shipmentId: created.id })));
      return created;
    },

    /** Pieces of a line left with a parcel: shipped grows, the reservation shrinks by what was consumed. */
    async lineShipped(tx: Db, lineId: number, pieces: number, consumedReservation: number): Promise<void> {
      await tx
        .update(orderItems)
        .set({
          shippedQuantity: sql`coalesce(${orderItems.shippedQuantity}, 0) + ${pieces}`,
          stockReserved: sql`${orderItems.stockReserved} - ${consumedReservation}`,
        })
        .where(eq(orderItems.id, lineId));
    },

    /** The carrier and tracking number of a parcel (an order that left in one parcel: the order's change is the parcel's). */
    async setTracking(tx: Db, shipmentId: number, carrier: TCarrier | null, trackingNumber: string | null): Promise<void> {
      await tx
        .update(orderShipments)
        .set({ carrier, trackingNumber })
        .where(and(eq(orderShipments.id, shipmentId)));
    },
  };
}
export type ShipmentsRepository = ReturnType<typeof createShipmentsRepository>;
