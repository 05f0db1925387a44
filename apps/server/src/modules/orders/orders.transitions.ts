import { formatMoney, type TLocale, type TOrderTransition } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { SYSTEM_ACTOR, type AuditService, type StaffActor } from '../audit/audit.service.js';
import type { OrdersStaffRepository } from './orders.staff.repository.js';
import { must, type OrderChange } from './orders.change.js';
import { balanceMinor, paymentStatus } from './orders.money.js';
import type { BuyerContact, OrderNotifier } from './orders.notify.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import { planChange } from './orders.status.js';
import { settleStock, type OrderStock } from './orders.stock.js';
import type { OrderParcels } from './orders.shipments.js';

export interface OrderTransitionsDeps {
  orders: Pick<OrdersRepository, 'updateState' | 'stockLines' | 'clearStockReserved' | 'markShipped'>;
  repo: Pick<OrdersStaffRepository, 'updateOrder'>;
  audit: AuditService;
  stock: OrderStock;
  notifier: OrderNotifier;
  change: OrderChange;
  /** Parcels (docs/orders.md, Split shipments): shipping records one with everything left; a single parcel follows the order's tracking. */
  parcels?: Pick<OrderParcels, 'shipRestLocked' | 'followTracking'>;
}

/** The fields of an order a staff change may touch, for the audit log's before/after. */
const stateOf = (row: OrderRow) => ({
  status: row.status,
  logisticsStatus: row.logisticsStatus,
  trackingNumber: row.trackingNumber,
  carrier: row.carrier,
});

/**
 * Status, logistics, tracking and carrier changes (docs/orders.md, Order and logistics statuses;
 * Back office): staff's, and the unpaid-order follow-up's cancel (docs/orders.md, Unpaid orders),
 * which is the same change made by the system.
 */
export function createOrderTransitions({ orders, repo, audit, stock, notifier, change, parcels }: OrderTransitionsDeps) {
  /**
   * A status, logistics, tracking or carrier change of the locked order (POST .../transitions, and
   * the system's cancel of an unpaid order): checks, state machine, stock, the buyer's mail, audit.
   * The system (SYSTEM_ACTOR) needs no capability; `auditNote` replaces the reason in its audit row.
   */
  async function transitionLocked(
    actor: StaffActor,
    tx: Db,
    row: OrderRow,
    buyer: BuyerContact | undefined,
    moved: (itemIds: readonly number[]) => void,
    body: TOrderTransition,
    also?: (tx: Db) => Promise<void>,
    auditNote?: string,
    /** The last parcel was just recorded (POST .../shipments): no other parcel, no other mail. */
    parcelRecorded = false,
  ): Promise<void> {
    const id = row.id;
    const system = actor === SYSTEM_ACTOR;
    const status = body.status ?? row.status;
    const cancelling = status === 'cancel' && row.status !== 'cancel';
    if (!system) must(actor, cancelling ? 'orders.sell' : 'orders.fulfil');
    if (cancelling && !body.reason) throw badRequest('cancelReasonRequired', {}, { field: 'reason', rule: 'required' });
    const shipping = status === 'outbound' && row.status === 'confirm';
    const unpaid = shipping && balanceMinor(row) > 0;
    if (unpaid) {
      if (!body.shipUnpaid) throw conflict('orderNotPaid', { paymentStatus: row.paymentStatus, toPay: formatMoney(balanceMinor(row), row.currency) });
      must(actor, 'orders.shipUnpaid');
      if (!body.reason) throw badRequest('shipUnpaidReasonRequired', {}, { field: 'reason', rule: 'required' });
    }
    const carrierChange = body.carrier !== undefined && body.carrier !== row.carrier;
    const plan = planChange(
      { status: row.status, logisticsStatus: row.logisticsStatus, trackingNumber: row.trackingNumber },
      { status, logistics: body.logisticsStatus, tracking: body.trackingNumber },
    );
    if (!plan.ok && !(carrierChange && plan.refusal.key === 'orderNothingToChange')) throw conflict(plan.refusal.key, plan.refusal.params);
    const next = plan.ok ? plan.next : { status: row.status, logisticsStatus: row.logisticsStatus, trackingNumber: row.trackingNumber };
    if (carrierChange && !['outbound', 'delivery'].includes(next.status)) throw conflict('carrierBeforeOutbound');
    const note = body.reason ?? null;
    // A cancelled order owes nothing: what was received becomes a refund due.
    const nextPayment = paymentStatus({ ...row, status: next.status });
    await orders.updateState(
      tx,
      id,
      { ...next, paymentStatus: nextPayment },
      (plan.ok ? plan.events : []).map((e) => ({ type: e.type, fromValue: e.from, toValue: e.to, actor: system ? 'system' : 'staff', note })),
    );
    const after = { ...stateOf(row), ...next, carrier: carrierChange ? body.carrier! : row.carrier };
    // The goods leave as one parcel with everything not sent yet (Split shipments), before the reservations are settled.
    const parcel =
      shipping && !parcelRecorded && parcels
        ? await parcels.shipRestLocked(actor, tx, row, buyer, moved, {
            carrier: after.carrier,
            trackingNumber: next.trackingNumber,
            note: unpaid ? note : null,
          })
        : false;
    if (!shipping && parcels && (after.trackingNumber !== row.trackingNumber || after.carrier !== row.carrier))
      await parcels.followTracking(tx, id, after.carrier, after.trackingNumber);
    moved(await settleStock(orders, stock, tx, id, row.status, next.status));
    await repo.updateOrder(tx, id, { carrier: after.carrier, ...(cancelling ? { cancelReason: body.reason! } : {}) });
    const now = { ...row, ...next, carrier: after.carrier, paymentStatus: nextPayment };
    if (cancelling) await notifier.queue(tx, buyer, 'cancelled', now, { reason: body.reason ?? null });
    if (shipping && !parcel && !parcelRecorded) await notifier.queue(tx, buyer, 'shipped', now);
    if (next.logisticsStatus === 'delivered' && row.logisticsStatus !== 'delivered') await notifier.queue(tx, buyer, 'delivered', now);
    await audit.record(tx, actor, [
      {
        action: cancelling ? 'order.cancel' : unpaid ? 'order.shipUnpaid' : 'order.transition',
        entity: 'order',
        entityId: id,
        before: { ...stateOf(row), ...(cancelling ? { paymentStatus: row.paymentStatus } : {}) },
        after: { ...after, ...(cancelling ? { paymentStatus: nextPayment } : {}) },
        note: auditNote ?? note,
      },
    ]);
    // The caller's own change in the same transaction (after-sales: the request approved with the cancel).
    if (also) await also(tx);
  }

  return {
    /** The last parcel of an order left (orders.shipments.ts): the order goes outbound under the same lock. */
    outboundLocked: (
      actor: StaffActor,
      tx: Db,
      row: OrderRow,
      buyer: BuyerContact | undefined,
      moved: (itemIds: readonly number[]) => void,
      body: TOrderTransition,
    ) => transitionLocked(actor, tx, row, buyer, moved, body, undefined, undefined, true),

    /**
     * POST /api/admin/orders/{id}/transitions. Cancelling needs orders.sell and a reason; the
     * rest (outbound, delivery, complete, logistics, tracking, carrier) orders.fulfil. An order
     * goes outbound only when nothing is left to pay, unless the staff member may and does
     * record an override with a reason.
     */
    async transition(actor: StaffActor, id: number, body: TOrderTransition, also?: (tx: Db) => Promise<void>): Promise<void> {
      await change(id, (tx, row, buyer, moved) => transitionLocked(actor, tx, row, buyer, moved, body, also));
    },

    /**
     * The unpaid-order follow-up's cancel (docs/orders.md, Unpaid orders): under the order's lock,
     * when `due` still holds for the row as it is now, the same cancel staff make (state machine,
     * stock released, the buyer's cancel mail, audit), by the system with the note "unpaid" and
     * `reason` in the buyer's language as the reason the buyer reads. True when it cancelled.
     */
    async cancelUnpaid(id: number, due: (row: OrderRow) => boolean, reason: (locale: TLocale) => string): Promise<boolean> {
      let cancelled = false;
      await change(id, async (tx, row, buyer, moved) => {
        if (!due(row)) return;
        await transitionLocked(SYSTEM_ACTOR, tx, row, buyer, moved, { status: 'cancel', reason: reason(buyer?.locale ?? 'en') }, undefined, 'unpaid');
        cancelled = true;
      });
      return cancelled;
    },
  };
}
