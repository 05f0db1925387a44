import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TCarrier } from '@cubeshop/shared';
import { orderItems, orders } from './orders.js';

/**
 * Parcels of an order (docs/orders.md, Split shipments): each left the warehouse with a carrier and
 * a tracking number, holding some pieces of some lines (order_shipment_lines). Never edited, but
 * for the tracking number of an order that left in one parcel (the order's tracking change is the
 * parcel's). `seq` numbers the parcels within the order; `created_by` null: the system.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    carrier: text('carrier').$type<TCarrier>(),
    trackingNumber: text('tracking_number'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_shipments_order_seq_key').on(t.orderId, t.seq), index('order_shipments_tracking_idx').on(t.trackingNumber)],
);

/** The pieces of each order line in a parcel. */
export const orderShipmentLines = pgTable(
  'order_shipment_lines',
  {
    shipmentId: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderItemId] }),
    index('order_shipment_lines_item_idx').on(t.orderItemId),
    check('order_shipment_lines_quantity_check', sql`quantity > 0`),
  ],
);
