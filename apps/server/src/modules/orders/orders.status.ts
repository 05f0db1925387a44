import {
  LOGISTICS_STATUS_NEXT,
  ORDER_STATUS_NEXT,
  SHIPPED_ORDER_STATUSES,
  type TLogisticsStatus,
  type TOrderStatus,
} from '@cubeshop/shared';

export interface OrderState {
  status: TOrderStatus;
  logisticsStatus: TLogisticsStatus;
  trackingNumber: string | null;
}

export interface StateChange {
  status: TOrderStatus;
  logistics?: TLogisticsStatus | undefined;
  tracking?: string | undefined;
}

export interface PlannedEvent {
  type: 'status' | 'logistics' | 'tracking';
  from: string | null;
  to: string | null;
}

export type Plan = { ok: true; next: OrderState; events: PlannedEvent[] } | { ok: false; reason: string };

/** Tracking numbers: 4-40 letters, digits and hyphens. */
export const TRACKING_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/**
 * What a staff change does to an order (docs/orders.md), or why it is refused:
 * - status: confirm -> outbound -> delivery -> complete; cancel from confirm or outbound; the
 *   same status again changes only logistics or tracking;
 * - logistics: pending -> inTransit -> outForDelivery -> delivered; inTransit or outForDelivery
 *   -> failed; failed -> inTransit. It may change only while the order is (or becomes, or was
 *   until this change) outbound or delivery; the same goes for the tracking number;
 * - complete needs the parcel delivered (logistics delivered, possibly in the same change);
 * - a cancelled or completed order does not change any more.
 */
export function planChange(current: OrderState, change: StateChange): Plan {
  const events: PlannedEvent[] = [];
  const next: OrderState = { ...current };
  if (current.status === 'complete' || current.status === 'cancel') {
    return { ok: false, reason: `order is ${current.status === 'cancel' ? 'cancelled' : 'complete'}; it does not change any more` };
  }
  if (change.status !== current.status) {
    const allowed = ORDER_STATUS_NEXT[current.status];
    if (!allowed.includes(change.status)) {
      return { ok: false, reason: `status ${current.status} cannot become ${change.status} (allowed: ${allowed.join(', ') || 'none'})` };
    }
    next.status = change.status;
    events.push({ type: 'status', from: current.status, to: change.status });
  }
  const shippedAround = SHIPPED_ORDER_STATUSES.includes(current.status) || SHIPPED_ORDER_STATUSES.includes(next.status);
  if (next.status === 'cancel' && (change.logistics !== undefined || change.tracking !== undefined)) {
    return { ok: false, reason: 'a cancelled order takes no logistics status or tracking number' };
  }
  if (change.logistics !== undefined && change.logistics !== current.logisticsStatus) {
    if (!shippedAround) return { ok: false, reason: `logistics status changes only once the order is outbound (order is ${current.status})` };
    const allowed = LOGISTICS_STATUS_NEXT[current.logisticsStatus];
    if (!allowed.includes(change.logistics)) {
      return {
        ok: false,
        reason: `logistics status ${current.logisticsStatus} cannot become ${change.logistics} (allowed: ${allowed.join(', ') || 'none'})`,
      };
    }
    next.logisticsStatus = change.logistics;
    events.push({ type: 'logistics', from: current.logisticsStatus, to: change.logistics });
  }
  if (change.tracking !== undefined && change.tracking !== current.trackingNumber) {
    if (!TRACKING_PATTERN.test(change.tracking)) return { ok: false, reason: 'tracking number: 4-40 letters, digits and hyphens' };
    if (!shippedAround) return { ok: false, reason: `a tracking number is set once the order is outbound (order is ${current.status})` };
    next.trackingNumber = change.tracking;
    events.push({ type: 'tracking', from: current.trackingNumber, to: change.tracking });
  }
  if (next.status === 'complete' && next.logisticsStatus !== 'delivered') {
    return { ok: false, reason: `complete needs logistics status delivered (it is ${next.logisticsStatus}); add --logistics delivered` };
  }
  if (events.length === 0) return { ok: false, reason: 'nothing to change' };
  return { ok: true, next, events };
}
