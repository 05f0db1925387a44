import { z } from 'zod';
import { ZCurrency } from '../money/currency.schema.js';
import { ZNamedRef } from '../shipping/index.js';

/** An order's money as the API shows it (docs/orders.md, Money after the order): statuses, figures, credit notes, payments, how to pay. */

/**
 * Where an order's money stands (docs/orders.md, Money after the order): unpaid, partially_paid,
 * paid (what is owed is received), refund_due (more received than is owed: the shop owes the
 * difference back), refunded (nothing is owed any more and everything received went back).
 * Computed from what the order owes after credits and from payments and refunds, never typed.
 */
export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'refund_due', 'refunded'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/**
 * The payment status of an order that owes `owedMinor` (after credits; 0 once cancelled), received
 * `paidMinor` in payments and gave back `refundedMinor` (all in the order's currency).
 */
export function paymentStatusOf(owedMinor: number, paidMinor: number, refundedMinor: number): TPaymentStatus {
  const net = paidMinor - refundedMinor;
  if (net > owedMinor) return 'refund_due';
  if (owedMinor <= 0) return paidMinor > 0 ? 'refunded' : 'unpaid';
  if (net === owedMinor) return 'paid';
  return net > 0 ? 'partially_paid' : 'unpaid';
}

/** Four figures of an order's charge: goods, freight, payment surcharge and their total. */
export const ZOrderCharge = z.object({ goods: z.number(), freight: z.number(), surcharge: z.number(), total: z.number() });
export type TOrderCharge = z.infer<typeof ZOrderCharge>;

/**
 * Every money figure of an order, in its currency, computed once on the server (docs/orders.md,
 * Money after the order) and shown alike on the buyer's page, the staff page, documents and mail.
 * balance = owed - (paid - refunded): above 0 the buyer owes it (toPay), below 0 the shop owes it
 * back (refundDue).
 */
export const ZOrderMoney = z.object({
  /** As placed. */
  ordered: ZOrderCharge,
  /** As charged after staff recorded what was packed and its price, and the actual freight. */
  charged: ZOrderCharge,
  /** True when charged differs from ordered (the page shows the ordered figures struck through). */
  changed: z.boolean(),
  /** Credit notes (returns, goodwill reductions). */
  credited: z.number(),
  /** charged.total - credited; 0 once the order is cancelled. */
  owed: z.number(),
  paid: z.number(),
  refunded: z.number(),
  balance: z.number(),
  toPay: z.number(),
  refundDue: z.number(),
});
export type TOrderMoney = z.infer<typeof ZOrderMoney>;

export const CREDIT_KINDS = ['return', 'goodwill'] as const;
export const ZCreditKind = z.enum(CREDIT_KINDS);
export type TCreditKind = z.infer<typeof ZCreditKind>;

/** A credit note: what a return or a goodwill reduction took off the order. Money in the order's currency. */
export const ZOrderCredit = z.object({
  id: z.number().int(),
  /** The credit note's number as printed: CN-{order}-{n}. */
  number: z.string(),
  kind: ZCreditKind,
  amount: z.number(),
  /** Shown to the buyer. */
  reason: z.string(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      itemId: z.number().int(),
      name: z.string(),
      typeName: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      amount: z.number(),
    }),
  ),
  /** Part of the amount not tied to lines (freight, goodwill). */
  extra: z.number(),
  /** The after-sales request it answers, if any. */
  requestId: z.number().int().nullable(),
  /** Who issued it (staff only; null on the buyer's page). */
  createdBy: z.string().nullable(),
  createdTime: z.string(),
});
export type TOrderCredit = z.infer<typeof ZOrderCredit>;

/** A payment received or a refund given, as the buyer sees it. */
export const ZOrderPayment = z.object({
  kind: z.enum(['payment', 'refund']),
  amount: z.number(),
  currency: ZCurrency,
  /** The same in the order's currency (at the order's exchange rate). */
  orderAmount: z.number(),
  method: z.string(),
  paidAt: z.string(),
});
export type TOrderPayment = z.infer<typeof ZOrderPayment>;

/** How to pay an order by its payment method (a shop setting per method), in the reader's language. */
export const ZOrderPaymentInstructions = z.object({
  method: ZNamedRef,
  receiver: z.string().nullable(),
  account: z.string().nullable(),
  note: z.string().nullable(),
  /** What to quote with the payment: the order number. */
  reference: z.string(),
  /** A QR code to scan (Alipay, WeChat), or null. */
  qrUrl: z.string().nullable(),
});
export type TOrderPaymentInstructions = z.infer<typeof ZOrderPaymentInstructions>;
