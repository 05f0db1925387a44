import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { minorToMajor, PAYPAL_PAY_METHOD_ID, type TCurrency, type TLocale, type TPayPalCheckout, type TPayPalOutcome } from '@cubeshop/shared';
import { badRequest, conflict, isDomainError, unavailable } from '../../lib/app-error.js';
import type { OrdersAdmin } from '../orders/orders.admin.js';
import type { OrdersService } from '../orders/orders.service.js';
import { PayPalRefused, type PayPalCapture, type PayPalPort, type PayPalWebhookDelivery } from './paypal.client.js';
import type { PayPalOrderRow, PayPalRepository } from './paypal.repository.js';

export interface PayPalServiceDeps {
  /** PayPal's API; undefined: no credentials, PayPal is invoice by e-mail and staff record the payment. */
  client?: PayPalPort | undefined;
  repo: PayPalRepository;
  /** The buyer's order (404 when it is not theirs). */
  orders: Pick<OrdersService, 'detail'>;
  /** Any order, and recording a payment as the system (once per capture id). */
  ordersAdmin: Pick<OrdersAdmin, 'detail' | 'recordPayment'>;
  /** The webhook's id in the PayPal app; undefined: webhooks are refused. */
  webhookId?: string | undefined;
  log: FastifyBaseLogger;
}

/** Minor units as PayPal writes amounts: "1234.50". */
export const toPayPalValue = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** PayPal's "1234.5" in minor units; undefined when it is not such an amount. */
export function fromPayPalValue(value: string): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : undefined;
}

/** The fields of a PAYMENT.CAPTURE.COMPLETED event the shop reads. */
interface CaptureEvent {
  event_type?: string;
  resource?: { id?: string; status?: string; amount?: { value?: string; currency_code?: string }; supplementary_data?: { related_ids?: { order_id?: string } } };
}

/**
 * PayPal online payment (docs/orders.md, PayPal): the buyer's order becomes a PayPal order for its
 * balance (Orders v2, intent CAPTURE); PayPal sends the buyer back, the shop captures, and each
 * completed capture is recorded once as a payment of the order (the orders module; its capture id
 * is the payment's external id). The webhook records captures the return missed.
 */
export function createPayPalService(deps: PayPalServiceDeps) {
  const { client, repo, log } = deps;

  /**
   * Records a completed capture if it is what the shop asked for (amount and currency of the
   * PayPal order); a duplicate changes nothing. False: not recorded (mismatch or refused; logged).
   */
  async function record(row: PayPalOrderRow, capture: PayPalCapture): Promise<boolean> {
    const minor = fromPayPalValue(capture.value);
    if (capture.currency !== row.currency || minor !== row.amountMinor) {
      log.error({ paypalOrderId: row.paypalOrderId, orderId: row.orderId, capture, asked: { amountMinor: row.amountMinor, currency: row.currency } }, 'paypal: capture does not match the order asked for; not recorded');
      return false;
    }
    try {
      const paymentId = await deps.ordersAdmin.recordPayment(
        null,
        row.orderId,
        { kind: 'payment', amount: minorToMajor(minor), currency: row.currency as TCurrency, method: 'paypal', reference: capture.id },
        capture.id,
      );
      if (paymentId) log.info({ orderId: row.orderId, captureId: capture.id, paymentId }, 'paypal: capture recorded');
      return true;
    } catch (err) {
      if (!isDomainError(err)) throw err;
      log.error({ err, orderId: row.orderId, captureId: capture.id }, 'paypal: the order refused the captured payment; not recorded');
      return false;
    }
  }

  /** Captures (or finds the capture of) an approved PayPal order. */
  async function capture(paypalOrderId: string) {
    try {
      return await client!.captureOrder(paypalOrderId, `capture-${paypalOrderId}`);
    } catch (err) {
      if (err instanceof PayPalRefused && err.issue === 'ORDER_ALREADY_CAPTURED') return client!.getOrder(paypalOrderId);
      throw err;
    }
  }

  return {
    online: client !== undefined,

    /**
     * POST /api/orders/{id}/paypal: a PayPal order for the balance of the buyer's own order, in
     * the order's currency; the buyer goes to `approveUrl`. PayPal sends the buyer back to
     * `{origin}/api/paypal/return` (or `/cancel`) with the PayPal order id as `token`.
     */
    async checkout(userId: number, orderId: number, origin: string, locale: TLocale): Promise<TPayPalCheckout> {
      if (!client) throw conflict('paypalOffline');
      const order = await deps.orders.detail(userId, orderId, locale);
      if (order.payMethod.id !== PAYPAL_PAY_METHOD_ID) throw conflict('paypalNotPayMethod');
      if (order.status === 'cancel') throw conflict('paypalOrderCancelled');
      const balanceMinor = Math.round(order.balance * 100);
      if (balanceMinor <= 0) throw conflict('paypalNothingDue');
      let created;
      try {
        created = await client.createOrder({
          referenceId: String(orderId),
          value: toPayPalValue(balanceMinor),
          currency: order.currency,
          returnUrl: `${origin}/api/paypal/return`,
          cancelUrl: `${origin}/api/paypal/cancel`,
          requestId: randomUUID(),
          locale: locale === 'zh' ? 'zh-CN' : 'en-US',
        });
      } catch (err) {
        log.error({ err, orderId }, 'paypal: creating the order failed');
        throw unavailable('paypalUnavailable');
      }
      await repo.insert({ paypalOrderId: created.id, orderId, amountMinor: balanceMinor, currency: order.currency, status: created.status });
      return { paypalOrderId: created.id, approveUrl: created.approveUrl };
    },

    /**
     * GET /api/paypal/return?token=: capture and record. Capturing twice records once (the
     * capture's PayPal-Request-Id, ORDER_ALREADY_CAPTURED, the payment's unique capture id).
     * Undefined: not a PayPal order of ours.
     */
    async complete(paypalOrderId: string): Promise<{ orderId: number; outcome: TPayPalOutcome } | undefined> {
      const row = await repo.get(paypalOrderId);
      if (!row) return undefined;
      if (!client) return { orderId: row.orderId, outcome: 'failed' };
      const order = await deps.ordersAdmin.detail(row.orderId, 'en');
      if (order.order.status === 'cancel') {
        log.warn({ orderId: row.orderId, paypalOrderId }, 'paypal: the buyer approved a cancelled order; not captured');
        return { orderId: row.orderId, outcome: 'failed' };
      }
      let state;
      try {
        state = await capture(paypalOrderId);
      } catch (err) {
        log.warn({ err, orderId: row.orderId, paypalOrderId }, 'paypal: capture failed');
        return { orderId: row.orderId, outcome: 'failed' };
      }
      await repo.setStatus(paypalOrderId, state.status);
      let outcome: TPayPalOutcome = 'failed';
      for (const c of state.captures) {
        if (c.status === 'COMPLETED') outcome = (await record(row, c)) ? 'paid' : outcome;
        else if (c.status === 'PENDING' && outcome === 'failed') outcome = 'pending';
      }
      return { orderId: row.orderId, outcome };
    },

    /** GET /api/paypal/cancel?token=: the order the buyer came from. */
    async orderOf(paypalOrderId: string): Promise<number | undefined> {
      return (await repo.get(paypalOrderId))?.orderId;
    },

    /**
     * POST /api/paypal/webhook: PayPal verifies the delivery (verify-webhook-signature); a
     * PAYMENT.CAPTURE.COMPLETED of one of our PayPal orders is recorded like a return.
     * Unverified: 400, nothing recorded.
     */
    async webhook(delivery: PayPalWebhookDelivery): Promise<void> {
      if (!client || !deps.webhookId) throw badRequest('paypalWebhookUnverified');
      let event: CaptureEvent;
      try {
        event = JSON.parse(delivery.rawEvent) as CaptureEvent;
      } catch {
        throw badRequest('paypalWebhookUnverified');
      }
      if (typeof event !== 'object' || event === null) throw badRequest('paypalWebhookUnverified');
      let verified: boolean;
      try {
        verified = await client.verifyWebhook(delivery, deps.webhookId);
      } catch (err) {
        // PayPal delivers again later when the answer is not 2xx.
        log.warn({ err }, 'paypal: webhook verification failed to run');
        throw unavailable('paypalUnavailable');
      }
      if (!verified) {
        log.warn({ transmissionId: delivery.headers['paypal-transmission-id'] }, 'paypal: unverified webhook refused');
        throw badRequest('paypalWebhookUnverified');
      }
      if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return;
      const resource = event.resource ?? {};
      const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
      const row = paypalOrderId ? await repo.get(paypalOrderId) : undefined;
      if (!row || !resource.id) {
        log.info({ paypalOrderId, captureId: resource.id }, 'paypal: capture of no order of ours; ignored');
        return;
      }
      await repo.setStatus(row.paypalOrderId, 'COMPLETED');
      await record(row, { id: resource.id, status: resource.status ?? 'COMPLETED', value: resource.amount?.value ?? '', currency: resource.amount?.currency_code ?? '' });
    },
  };
}
export type PayPalService = ReturnType<typeof createPayPalService>;
