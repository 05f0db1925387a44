import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { minorToMajor, PAYPAL_PAY_METHOD_ID, type TLocale, type TPayPalCheckout, type TPayPalOutcome } from '@cubeshop/shared';
import { badRequest, conflict, isDomainError, unavailable } from '../../lib/app-error.js';
import type { OrdersStaff } from '../orders/orders.staff.js';
import type { OrderFacts, OrderFactsService } from '../orders/orders.facts.js';
import type { OrdersService } from '../orders/orders.service.js';
import { PayPalRefused, type PayPalCapture, type PayPalOrderState, type PayPalPort, type PayPalWebhookDelivery } from './paypal.client.js';
import { PAYPAL_WAITING, type PayPalOrderRow, type PayPalRepository } from './paypal.repository.js';

export interface PayPalServiceDeps {
  /** PayPal's API; undefined: no credentials, PayPal is invoice by e-mail and staff record the payment. */
  client?: PayPalPort | undefined;
  repo: PayPalRepository;
  /** The buyer's order (404 when it is not theirs). */
  orders: Pick<OrdersService, 'detail'>;
  /** Any order, and recording a payment as the system (once per capture id). */
  ordersStaff: Pick<OrdersStaff, 'recordPayment'>;
  /** The order's money under its row lock (the capture's claim), and read plainly. */
  facts: Pick<OrderFactsService, 'locked' | 'get'>;
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

/**
 * Why a PayPal order of `amountMinor` must not be captured now; undefined: it may be (the order
 * still owes at least that much, its balance: owed after credit notes less paid plus refunded;
 * owing more is fine, the buyer pays the rest later).
 */
function refusal(facts: OrderFacts, amountMinor: number): TPayPalOutcome | undefined {
  if (facts.status === 'cancel') return 'orderCancelled';
  const balance = facts.balanceMinor;
  if (balance <= 0) return 'alreadyPaid';
  return balance < amountMinor ? 'amountChanged' : undefined;
}

/** What the buyer is told about a PayPal order that was voided (replaced, refused, or given up after a capture failed). */
function voidedOutcome(facts: OrderFacts | undefined, amountMinor: number): TPayPalOutcome {
  if (!facts) return 'failed';
  return refusal(facts, amountMinor) ?? (facts.balanceMinor === amountMinor ? 'failed' : 'amountChanged');
}

/**
 * An open PayPal order is offered again (another tab, a second click) while younger than this:
 * PayPal lets an order wait about 3 hours for the buyer's approval; an older one is replaced.
 */
const REUSE_MS = 2 * 60 * 60_000;
/** A capture claimed longer ago than this was abandoned (the process died mid-capture): another return may take it over. */
const STALE_CAPTURE_MS = 2 * 60_000;
/** How long a return waits for another return's capture of the same PayPal order to end. */
const WAIT_FOR_CAPTURE_MS = 30_000;

/** Webhook verifications (calls to PayPal) in flight at once per process; more answer 503 and PayPal delivers again later. */
export const WEBHOOK_VERIFY_CONCURRENCY = 4;

/** PayPal's refusals after which the PayPal order can never be captured: it is voided, a new checkout makes another. */
const DEAD_ISSUES = new Set(['ORDER_EXPIRED', 'ORDER_COMPLETED_OR_VOIDED', 'ORDER_ALREADY_AUTHORIZED', 'INVALID_RESOURCE_ID', 'RESOURCE_NOT_FOUND']);

type Claim =
  /** Ours to capture; `prior` is the status to go back to if the capture fails. */
  | { kind: 'claimed'; prior: string }
  /** Not captured, and never will be (voided now or before). */
  | { kind: 'refused'; outcome: TPayPalOutcome }
  /** Captured before (another return, a reload, or the capture the webhook reported). */
  | { kind: 'captured' }
  /** Another return is capturing it right now. */
  | { kind: 'busy' };

/** The fields of a PAYMENT.CAPTURE.COMPLETED event the shop reads. */
interface CaptureEvent {
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: { value?: string; currency_code?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

/**
 * PayPal online payment (docs/orders.md, PayPal): the buyer's order becomes a PayPal order for its
 * balance (Orders v2, intent CAPTURE); PayPal sends the buyer back, the shop captures, and each
 * completed capture is recorded once as a payment of the order (the orders module; its capture id
 * is the payment's external id). The webhook records captures the return missed.
 *
 * Never twice: a shop order has at most one open PayPal order (a second checkout, another tab,
 * answers it again; a changed balance voids it first), and a capture is claimed under the order's
 * lock after re-reading its balance: nothing is captured beyond what is still owed.
 */
export function createPayPalService(deps: PayPalServiceDeps) {
  const { client, repo, log } = deps;
  /** Webhook verifications in flight (WEBHOOK_VERIFY_CONCURRENCY). */
  let verifying = 0;

  /**
   * Records a completed capture if it is what the shop asked for (amount and currency of the
   * PayPal order); a duplicate changes nothing. False: not recorded (mismatch or refused; logged).
   */
  async function record(row: PayPalOrderRow, capture: PayPalCapture): Promise<boolean> {
    const minor = fromPayPalValue(capture.value);
    if (capture.currency !== row.currency || minor !== row.amountMinor) {
      log.error(
        { paypalOrderId: row.paypalOrderId, orderId: row.orderId, capture, asked: { amountMinor: row.amountMinor, currency: row.currency } },
        'paypal: capture does not match the order asked for; not recorded',
      );
      return false;
    }
    try {
      const paymentId = await deps.ordersStaff.recordPayment(
        null,
        row.orderId,
        { kind: 'payment', amount: minorToMajor(minor), currency: row.currency, method: 'paypal', reference: capture.id },
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

  /** Records the PayPal order's completed captures: paid (one recorded), pending (PayPal still holds one), else failed. */
  async function recordCaptures(row: PayPalOrderRow, state: PayPalOrderState): Promise<TPayPalOutcome> {
    let outcome: TPayPalOutcome = 'failed';
    for (const c of state.captures) {
      if (c.status === 'COMPLETED') outcome = (await record(row, c)) ? 'paid' : outcome;
      else if (c.status === 'PENDING' && outcome === 'failed') outcome = 'pending';
    }
    return outcome;
  }

  /**
   * Under the order's lock: re-read the PayPal order and the order's balance, then void it, leave
   * it, or mark it CAPTURING (committed before PayPal is called).
   */
  async function claimCapture(row: PayPalOrderRow): Promise<Claim> {
    return deps.facts.locked(row.orderId, async (tx, facts): Promise<Claim> => {
      const current = await repo.get(row.paypalOrderId, { tx, lock: true });
      if (!current || !facts) return { kind: 'refused', outcome: 'failed' };
      if (current.status === 'COMPLETED') return { kind: 'captured' };
      if (current.status === 'VOIDED') return { kind: 'refused', outcome: voidedOutcome(facts, current.amountMinor) };
      const abandoned = current.status === 'CAPTURING' && Date.now() - current.updatedAt.getTime() > STALE_CAPTURE_MS;
      if (current.status === 'CAPTURING' && !abandoned) return { kind: 'busy' };
      if (current.status !== 'CAPTURING' && !(PAYPAL_WAITING as readonly string[]).includes(current.status)) return { kind: 'refused', outcome: 'failed' };
      const refused = refusal(facts, current.amountMinor);
      if (refused) {
        await repo.setStatus(current.paypalOrderId, 'VOIDED', { tx });
        log.warn(
          {
            orderId: row.orderId,
            paypalOrderId: row.paypalOrderId,
            amountMinor: current.amountMinor,
            balanceMinor: facts.balanceMinor,
            orderStatus: facts.status,
            why: refused,
          },
          'paypal: approved, but the order no longer owes it; voided, not captured',
        );
        return { kind: 'refused', outcome: refused };
      }
      await repo.setStatus(current.paypalOrderId, 'CAPTURING', { tx });
      // An abandoned claim is taken over: its capture request id makes PayPal answer the first capture if there was one.
      return { kind: 'claimed', prior: current.status === 'CAPTURING' ? 'APPROVED' : current.status };
    });
  }

  /**
   * A return of a PayPal order captured before (another tab's return, a reload, the capture the
   * webhook reported): nothing is captured; its capture is recorded if it was not yet. The buyer
   * is told the order was already paid and PayPal did not charge again.
   */
  async function alreadyCaptured(row: PayPalOrderRow): Promise<TPayPalOutcome> {
    let state;
    try {
      state = await client!.getOrder(row.paypalOrderId);
    } catch (err) {
      log.warn({ err, orderId: row.orderId, paypalOrderId: row.paypalOrderId }, 'paypal: reading a captured order failed');
      return 'alreadyPaid';
    }
    const outcome = await recordCaptures(row, state);
    return outcome === 'paid' ? 'alreadyPaid' : outcome;
  }

  /** Another return is capturing this PayPal order: wait for it to end and say how it ended. */
  async function afterOtherCapture(row: PayPalOrderRow): Promise<TPayPalOutcome> {
    const until = Date.now() + WAIT_FOR_CAPTURE_MS;
    let current = (await repo.get(row.paypalOrderId)) ?? row;
    while (current.status === 'CAPTURING' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      current = (await repo.get(row.paypalOrderId)) ?? current;
    }
    if (current.status === 'CAPTURING') return 'pending';
    if (current.status === 'COMPLETED') return alreadyCaptured(current);
    if (current.status === 'VOIDED') return voidedOutcome(await deps.facts.get(row.orderId), current.amountMinor);
    return 'failed';
  }

  return {
    online: client !== undefined,

    /**
     * POST /api/orders/{id}/paypal: a PayPal order for the balance of the buyer's own order, in
     * the order's currency; the buyer goes to `approveUrl`. PayPal sends the buyer back to
     * `{origin}/api/paypal/return` (or `/cancel`) with the PayPal order id as `token`.
     * The order's open PayPal order for the same amount is answered again (another tab, a second
     * click); one for another amount is voided and replaced. Of two checkouts at once, the one
     * stored first wins and both answer it (the other PayPal order is never stored, so never captured).
     */
    async checkout(userId: number, orderId: number, origin: string, locale: TLocale): Promise<TPayPalCheckout> {
      if (!client) throw conflict('paypalOffline');
      const order = await deps.orders.detail(userId, orderId, locale);
      if (order.payMethod.id !== PAYPAL_PAY_METHOD_ID) throw conflict('paypalNotPayMethod');
      if (order.status === 'cancel') throw conflict('paypalOrderCancelled');
      const balanceMinor = Math.round(order.balance * 100);
      if (balanceMinor <= 0) throw conflict('paypalNothingDue');
      const answer = (row: PayPalOrderRow): TPayPalCheckout => ({ paypalOrderId: row.paypalOrderId, approveUrl: row.approveUrl! });

      const open = await repo.open(orderId);
      if (open?.status === 'CAPTURING') throw conflict('paypalCaptureUnderWay');
      const fresh = open !== undefined && Date.now() - open.createdAt.getTime() < REUSE_MS;
      if (open?.approveUrl && fresh && open.amountMinor === balanceMinor && open.currency === order.currency) return answer(open);
      if (open) {
        // Asked for another amount (the balance changed since), near PayPal's expiry, or made before approve URLs were kept: never to be captured.
        await repo.setStatus(open.paypalOrderId, 'VOIDED', { from: PAYPAL_WAITING });
        log.info({ orderId, paypalOrderId: open.paypalOrderId, amountMinor: open.amountMinor, balanceMinor, fresh }, 'paypal: open order replaced');
      }

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
      const row = {
        paypalOrderId: created.id,
        orderId,
        amountMinor: balanceMinor,
        currency: order.currency,
        status: created.status,
        approveUrl: created.approveUrl,
      };
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await repo.insert(row)) return { paypalOrderId: created.id, approveUrl: created.approveUrl };
        // Another checkout of this order (another tab) stored its PayPal order first: the buyer goes there too.
        const winner = await repo.open(orderId);
        if (winner?.status === 'CAPTURING') throw conflict('paypalCaptureUnderWay');
        if (winner?.approveUrl) {
          log.info({ orderId, paypalOrderId: winner.paypalOrderId, unused: created.id }, 'paypal: another checkout of the order was first; answered that one');
          return answer(winner);
        }
        if (winner) await repo.setStatus(winner.paypalOrderId, 'VOIDED', { from: PAYPAL_WAITING });
      }
      throw conflict('paypalCaptureUnderWay');
    },

    /**
     * GET /api/paypal/return?token=: claim, capture, record (docs/orders.md, PayPal). The claim
     * runs under the order's lock: a cancelled order, or one that now owes less than the PayPal
     * order asks (paid meanwhile: to staff, in another tab), is not captured and the PayPal order
     * is voided; else it becomes CAPTURING, so a second return at the same moment waits for this
     * one instead of capturing. A failed capture releases the claim. Capturing twice could record
     * only once anyway (the capture's PayPal-Request-Id, ORDER_ALREADY_CAPTURED, the payment's
     * unique capture id). Undefined: not a PayPal order of ours.
     */
    async complete(paypalOrderId: string): Promise<{ orderId: number; outcome: TPayPalOutcome } | undefined> {
      const row = await repo.get(paypalOrderId);
      if (!row) return undefined;
      const done = (outcome: TPayPalOutcome) => ({ orderId: row.orderId, outcome });
      if (!client) return done('failed');
      const claim = await claimCapture(row);
      if (claim.kind === 'refused') return done(claim.outcome);
      if (claim.kind === 'captured') return done(await alreadyCaptured(row));
      if (claim.kind === 'busy') return done(await afterOtherCapture(row));

      let state;
      try {
        state = await capture(paypalOrderId);
      } catch (err) {
        // Not captured: the buyer may try again (back to where it was), unless PayPal says this PayPal order is dead.
        const dead = err instanceof PayPalRefused && (err.status === 404 || DEAD_ISSUES.has(err.issue));
        await repo.setStatus(paypalOrderId, dead ? 'VOIDED' : claim.prior, { from: ['CAPTURING'] });
        log.warn({ err, orderId: row.orderId, paypalOrderId, released: dead ? 'VOIDED' : claim.prior }, 'paypal: capture failed');
        return done('failed');
      }
      const outcome = await recordCaptures(row, state);
      await repo.setStatus(paypalOrderId, state.status === 'CAPTURING' ? 'COMPLETED' : state.status);
      return done(outcome);
    },

    /** GET /api/paypal/cancel?token=: the order the buyer came from. */
    async orderOf(paypalOrderId: string): Promise<number | undefined> {
      return (await repo.get(paypalOrderId))?.orderId;
    },

    /**
     * POST /api/paypal/webhook: PayPal verifies the delivery (verify-webhook-signature); a
     * PAYMENT.CAPTURE.COMPLETED of one of our PayPal orders is recorded like a return.
     * Unverified: 400, nothing recorded. Anyone can call the URL, so everything that costs no
     * call to PayPal comes first (docs/orders.md, PayPal): the signature headers must look like
     * PayPal's, the body must be a JSON event of the one type we handle, about a capture of a
     * PayPal order of ours; only then is PayPal asked, at most WEBHOOK_VERIFY_CONCURRENCY at once
     * (503, PayPal delivers again later). The route also limits requests per source.
     */
    async webhook(delivery: PayPalWebhookDelivery): Promise<void> {
      if (!client || !deps.webhookId) throw badRequest('paypalWebhookUnverified');
      if (!client.plausible(delivery)) throw badRequest('paypalWebhookUnverified');
      let event: CaptureEvent;
      try {
        event = JSON.parse(delivery.rawEvent) as CaptureEvent;
      } catch {
        throw badRequest('paypalWebhookUnverified');
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) throw badRequest('paypalWebhookUnverified');
      // Another event type: nothing to record, so nothing to verify (200, PayPal stops delivering it).
      if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return;
      const resource = event.resource ?? {};
      const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
      const row = typeof paypalOrderId === 'string' && paypalOrderId.length <= 64 ? await repo.get(paypalOrderId) : undefined;
      if (!row || typeof resource.id !== 'string' || !resource.id) {
        log.info({ paypalOrderId, captureId: resource.id }, 'paypal: capture of no order of ours; ignored');
        return;
      }
      if (verifying >= WEBHOOK_VERIFY_CONCURRENCY) throw unavailable('paypalUnavailable');
      let verified: boolean;
      verifying++;
      try {
        verified = await client.verifyWebhook(delivery, deps.webhookId);
      } catch (err) {
        // PayPal delivers again later when the answer is not 2xx.
        log.warn({ err }, 'paypal: webhook verification failed to run');
        throw unavailable('paypalUnavailable');
      } finally {
        verifying--;
      }
      if (!verified) {
        log.warn({ transmissionId: delivery.headers['paypal-transmission-id'] }, 'paypal: unverified webhook refused');
        throw badRequest('paypalWebhookUnverified');
      }
      await repo.setStatus(row.paypalOrderId, 'COMPLETED');
      await record(row, {
        id: resource.id,
        status: resource.status ?? 'COMPLETED',
        value: resource.amount?.value ?? '',
        currency: resource.amount?.currency_code ?? '',
      });
    },
  };
}
export type PayPalService = ReturnType<typeof createPayPalService>;
