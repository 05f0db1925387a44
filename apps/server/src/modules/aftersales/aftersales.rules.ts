import { RETURN_DAYS, type TOrderRequestAllowed, type TOrderRequestKind, type TOrderStatus } from '@cubeshop/shared';
import { conflict, type DomainError } from '../../lib/app-error.js';

// When a buyer may ask for what (docs/orders.md, After-sales). Pure functions: the service reads
// the order and its requests, these decide. The buyer's order page shows `allowed`, so the web
// never repeats the rule.

export interface RequestContext {
  status: TOrderStatus;
  /** When the parcel was delivered (logistics delivered, or the order complete); null before. */
  deliveredAt: Date | null;
  requests: readonly { kind: TOrderRequestKind; status: 'open' | 'approved' | 'refused' }[];
}

const DAY_MS = 86_400_000;

/** The last moment a return may be asked for: RETURN_DAYS (the policy's 7 days) after delivery. */
export const returnUntil = (deliveredAt: Date | null) => (deliveredAt ? new Date(deliveredAt.getTime() + RETURN_DAYS * DAY_MS) : null);

/**
 * Why a request of `kind` is refused now, or undefined when it may be made:
 * - one open request per order;
 * - a cancellation only while the order has not left the warehouse (status confirm);
 * - a return only once delivered, within RETURN_DAYS of delivery, and once per order (after an
 *   approved return, the next step is the refund).
 */
export function refusal(kind: TOrderRequestKind, c: RequestContext, now: Date): DomainError | undefined {
  if (c.status === 'cancel') return conflict('requestOrderCancelled', {}, { reason: 'cancelled' });
  if (c.requests.some((r) => r.status === 'open')) return conflict('requestAlreadyOpen', {}, { reason: 'alreadyOpen' });
  if (kind === 'cancel') {
    return c.status === 'confirm' ? undefined : conflict('requestCancelAfterOutbound', {}, { reason: 'outbound' });
  }
  const until = returnUntil(c.deliveredAt);
  if (!until || (c.status !== 'delivery' && c.status !== 'complete')) return conflict('requestNotDelivered', {}, { reason: 'notDelivered' });
  if (now.getTime() > until.getTime())
    return conflict('requestReturnWindowOver', { days: RETURN_DAYS }, { reason: 'returnWindowOver', returnUntil: until.toISOString() });
  if (c.requests.some((r) => r.kind === 'return' && r.status === 'approved')) return conflict('requestReturnDone', {}, { reason: 'returned' });
  return undefined;
}

export function allowed(c: RequestContext, now: Date): TOrderRequestAllowed {
  return {
    cancel: !refusal('cancel', c, now),
    return: !refusal('return', c, now),
    returnUntil: c.status === 'cancel' ? null : (returnUntil(c.deliveredAt)?.toISOString() ?? null),
  };
}
