import { LOGISTICS_STATUS_NEXT, ORDER_STATUS_NEXT, SHIPPED_ORDER_STATUSES, type TLogisticsStatus, type TOrderStatus } from '@cubeshop/shared';
import type { MessageKey } from '../../lib/messages.js';

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

/** Why a change is refused: a sentence of lib/messages.ts with its values. */
export interface Refusal {
  key: MessageKey;
  params?: Record<string, string>;
}

export type Plan = { ok: true; next: OrderState; events: PlannedEvent[] } | { ok: false; refusal: Refusal };

const refuse = (key: MessageKey, params?: Record<string, string>): Plan => ({ ok: false, refusal: params ? { key, params } : { key } });
const list = (values: readonly string[]) => values.join(', ') || '-';

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
    return refuse(current.status === 'cancel' ? 'orderCancelledFinal' : 'orderCompleteFinal');
  }
  if (change.status !== current.status) {
    const allowed = ORDER_STATUS_NEXT[current.status];
    if (!allowed.includes(change.status)) {
      return refuse('orderStatusNotAllowed', { from: current.status, to: change.status, allowed: list(allowed) });
    }
    next.status = change.status;
    events.push({ type: 'status', from: current.status, to: change.status });
  }
  const shippedAround = SHIPPED_ORDER_STATUSES.includes(current.status) || SHIPPED_ORDER_STATUSES.includes(next.status);
  if (next.status === 'cancel' && (change.logistics !== undefined || change.tracking !== undefined)) {
    return refuse('orderCancelledNoLogistics');
  }
  if (change.logistics !== undefined && change.logistics !== current.logisticsStatus) {
    if (!shippedAround) return refuse('orderLogisticsBeforeOutbound', { status: current.status });
    const allowed = LOGISTICS_STATUS_NEXT[current.logisticsStatus];
    if (!allowed.includes(change.logistics)) {
      return refuse('orderLogisticsNotAllowed', { from: current.logisticsStatus, to: change.logistics, allowed: list(allowed) });
    }
    next.logisticsStatus = change.logistics;
    events.push({ type: 'logistics', from: current.logisticsStatus, to: change.logistics });
  }
  if (change.tracking !== undefined && change.tracking !== current.trackingNumber) {
    if (!TRACKING_PATTERN.test(change.tracking)) return refuse('trackingInvalid');
    if (!shippedAround) return refuse('orderTrackingBeforeOutbound', { status: current.status });
    next.trackingNumber = change.tracking;
    events.push({ type: 'tracking', from: current.trackingNumber, to: change.tracking });
  }
  if (next.status === 'complete' && next.logisticsStatus !== 'delivered') {
    return refuse('orderCompleteNeedsDelivered', { logistics: next.logisticsStatus });
  }
  if (events.length === 0) return refuse('orderNothingToChange');
  return { ok: true, next, events };
}
