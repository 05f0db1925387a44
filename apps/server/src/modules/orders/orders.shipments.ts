import { formatMoney, minorToMajor, trackingUrl, type TCarrier, type TOrderTransition, type TShipmentCreate } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { SYSTEM_ACTOR, type AuditService, type StaffActor } from '../audit/audit.service.js';
import type { OrdersStaffRepository } from './orders.staff.repository.js';
import { must, type OrderChange } from './orders.change.js';
import { balanceMinor, lineQuantity } from './orders.money.js';
import type { BuyerContact, OrderNotifier } from './orders.notify.js';
import type { OrderItemRow, OrderRow } from './orders.repository.js';
import { parcelMail } from './orders.shipments.mail.js';
import type { ShipmentRow, ShipmentsRepository } from './orders.shipments.repository.js';
import { lineLabel } from './orders.shipments.view.js';
import { TRACKING_PATTERN } from './orders.status.js';
import type { OrderStock } from './orders.stock.js';

type Moved = (itemIds: readonly number[]) => void;

/** A parcel to record: its carrier and tracking number, and the pieces per order line (or everything left). */
export interface ParcelSpec {
  carrier: TCarrier | null;
  trackingNumber: string | null;
  pieces: ReadonlyMap<number, number> | 'rest';
  /** The reason for shipping an unpaid order (audited with the parcel). */
  note?: string | null;
}

export interface OrderParcelsDeps {
  repo: Pick<OrdersStaffRepository, 'linesOf'>;
  shipments: Pick<ShipmentsRepository, 'insert' | 'lineShipped' | 'ofOrder' | 'setTracking'>;
  audit: AuditService;
  stock: Pick<OrderStock, 'consume'>;
  notifier: OrderNotifier;
}

/** Packed pieces of a line that have not left yet. */
export const leftToShip = (line: Pick<OrderItemRow, 'quantity' | 'actualQuantity' | 'shippedQuantity'>) =>
  Math.max(lineQuantity(line) - (line.shippedQuantity ?? 0), 0);

/**
 * Recording parcels (docs/orders.md, Split shipments), inside a change's transaction under the
 * order's lock: the parcel and its lines, each line's shipped pieces, the stock (the pieces leave
 * the shelf and their reservation ends, as when a whole order leaves), the buyer's mail (once per
 * parcel: keyed by the parcel's id) and the audit row.
 */
export function createOrderParcels({ repo, shipments, audit, stock, notifier }: OrderParcelsDeps) {
  async function recordLocked(
    actor: StaffActor,
    tx: Db,
    row: OrderRow,
    buyer: BuyerContact | undefined,
    moved: Moved,
    spec: ParcelSpec,
  ): Promise<{ shipment: ShipmentRow; left: number } | undefined> {
    const lines = await repo.linesOf(tx, row.id);
    const wanted = new Map<number, number>();
    if (spec.pieces === 'rest') {
      for (const l of lines) if (leftToShip(l) > 0) wanted.set(l.id, leftToShip(l));
      if (wanted.size === 0) return undefined;
    } else {
      for (const [lineId, quantity] of spec.pieces) {
        const line = lines.find((l) => l.id === lineId);
        if (!line) throw notFound('orderLineNotFound');
        const max = leftToShip(line);
        if (quantity > max) throw conflict('shipmentTooManyPieces', { name: lineLabel(line, 'en'), max }, { lineId, max });
        wanted.set(lineId, quantity);
      }
    }
    const first = lines.every((l) => (l.shippedQuantity ?? 0) === 0);
    const shipment = await shipments.insert(
      tx,
      { orderId: row.id, carrier: spec.carrier, trackingNumber: spec.trackingNumber, createdBy: actor === SYSTEM_ACTOR ? null : actor.id },
      [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
    );
    // Stock: the pieces leave the shelf; the line's reservation ends with its last piece (a line
    // packed short has nothing more reserved than it packs, so this is what a whole order's
    // departure consumes, in parts).
    const consumed: { itemId: number; typeCode: string; reserved: number; shipped: number }[] = [];
    for (const [lineId, quantity] of wanted) {
      const line = lines.find((l) => l.id === lineId)!;
      const take = quantity >= leftToShip(line) ? line.stockReserved : Math.min(quantity, line.stockReserved);
      if (take > 0) consumed.push({ itemId: line.itemId, typeCode: line.typeCode, reserved: take, shipped: quantity });
      await shipments.lineShipped(tx, lineId, quantity, take);
    }
    await stock.consume(tx, consumed);
    moved(consumed.map((c) => c.itemId));
    const after = lines.map((l) => ({ line: l, left: leftToShip(l) - (wanted.get(l.id) ?? 0) }));
    const left = after.reduce((a, x) => a + x.left, 0);
    const link = spec.trackingNumber ? trackingUrl(spec.carrier, spec.trackingNumber) : null;
    const key = `shipment:${shipment.id}`;
    if (first && left === 0) {
      // The whole order in one parcel: the mail it always had ("your order has shipped").
      await notifier.queue(tx, buyer, 'shipped', { ...row, carrier: spec.carrier, trackingNumber: spec.trackingNumber }, { key });
    } else {
      await notifier.queueRendered(tx, buyer, row.id, key, (buyerName, orderUrl, locale) =>
        parcelMail(
          {
            orderId: row.id,
            buyerName,
            number: shipment.seq,
            carrier: spec.carrier,
            trackingNumber: spec.trackingNumber,
            trackingUrl: link,
            lines: [...wanted].map(([lineId, quantity]) => ({
              name: lineLabel(
                lines.find((l) => l.id === lineId)!,
                locale,
              ),
              quantity,
            })),
            toCome: after.filter((x) => x.left > 0).map((x) => ({ name: lineLabel(x.line, locale), quantity: x.left })),
            orderUrl,
          },
          locale,
        ),
      );
    }
    await audit.record(tx, actor, [
      {
        action: 'order.shipment',
        entity: 'order',
        entityId: row.id,
        before: null,
        after: {
          parcel: shipment.seq,
          carrier: spec.carrier,
          trackingNumber: spec.trackingNumber,
          lines: [...wanted].map(([lineId, quantity]) => ({
            lineId,
            name: lineLabel(
              lines.find((l) => l.id === lineId)!,
              'en',
            ),
            quantity,
          })),
          left,
        },
        note: spec.note ?? null,
      },
    ]);
    return { shipment, left };
  }

  return {
    recordLocked,

    /**
     * The order's own ship action (confirm -> outbound): one parcel with everything still to leave
     * (nothing when every piece left already). True when a parcel was recorded (its mail is queued).
     */
    async shipRestLocked(
      actor: StaffActor,
      tx: Db,
      row: OrderRow,
      buyer: BuyerContact | undefined,
      moved: Moved,
      parcel: { carrier: TCarrier | null; trackingNumber: string | null; note?: string | null },
    ): Promise<boolean> {
      return (await recordLocked(actor, tx, row, buyer, moved, { ...parcel, pieces: 'rest' })) !== undefined;
    },

    /** A tracking or carrier change of an order that left in one parcel is that parcel's. */
    async followTracking(tx: Db, orderId: number, carrier: TCarrier | null, trackingNumber: string | null): Promise<void> {
      const parcels = await shipments.ofOrder(orderId, tx);
      if (parcels.length === 1) await shipments.setTracking(tx, parcels[0]!.id, carrier, trackingNumber);
    },
  };
}
export type OrderParcels = ReturnType<typeof createOrderParcels>;

/** The order's transition under its lock, as staff make it (orders.transitions.ts), told the last parcel is already recorded. */
export type OutboundLocked = (actor: StaffActor, tx: Db, row: OrderRow, buyer: BuyerContact | undefined, moved: Moved, body: TOrderTransition) => Promise<void>;

/**
 * POST /api/admin/orders/{id}/shipments (orders.fulfil): one parcel of a confirmed order. The rules
 * of the goods leaving hold for each parcel: not on a cancelled order, and only when nothing is
 * left to pay unless the staff member may and does ship unpaid with a reason. At most the packed
 * pieces of each line that have not left (409 naming the line). When the last packed piece leaves
 * the order goes outbound, through the state machine, with the parcel's carrier and tracking number.
 */
export function createOrderShipments({ parcels, change, outboundLocked }: { parcels: OrderParcels; change: OrderChange; outboundLocked: OutboundLocked }) {
  return {
    async ship(actor: StaffActor, id: number, body: TShipmentCreate): Promise<number> {
      must(actor, 'orders.fulfil');
      const trackingNumber = body.trackingNumber.trim();
      if (!TRACKING_PATTERN.test(trackingNumber)) throw badRequest('trackingInvalid', {}, { field: 'trackingNumber', rule: 'pattern' });
      const pieces = new Map<number, number>();
      for (const l of body.lines) pieces.set(l.lineId, (pieces.get(l.lineId) ?? 0) + l.quantity);
      let shipmentId = 0;
      await change(id, async (tx, row, buyer, moved) => {
        if (row.status === 'cancel') throw conflict('shipmentOrderCancelled');
        if (row.status !== 'confirm') throw conflict('shipmentAllLeft');
        const unpaid = balanceMinor(row) > 0;
        if (unpaid) {
          if (!body.shipUnpaid)
            throw conflict(
              'orderNotPaid',
              { paymentStatus: row.paymentStatus, toPay: formatMoney(balanceMinor(row), row.currency) },
              { toPay: minorToMajor(balanceMinor(row)) },
            );
          must(actor, 'orders.shipUnpaid');
          if (!body.reason) throw badRequest('shipUnpaidReasonRequired', {}, { field: 'reason', rule: 'required' });
        }
        const recorded = await parcels.recordLocked(actor, tx, row, buyer, moved, {
          carrier: body.carrier,
          trackingNumber,
          pieces,
          note: unpaid ? (body.reason ?? null) : null,
        });
        shipmentId = recorded!.shipment.id;
        if (recorded!.left === 0) {
          await outboundLocked(actor, tx, row, buyer, moved, {
            status: 'outbound',
            carrier: body.carrier,
            trackingNumber,
            ...(unpaid ? { shipUnpaid: true, reason: body.reason } : {}),
          });
        }
      });
      return shipmentId;
    },
  };
}
