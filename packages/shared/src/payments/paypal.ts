import { z } from 'zod';

/** The id of the PayPal pay method (the shipping module's payment methods): these orders may pay online. */
export const PAYPAL_PAY_METHOD_ID = 'paypal';

/** GET /api/paypal/config: whether buyers who chose PayPal pay online (the server has PayPal credentials). */
export const ZPayPalConfig = z.object({ online: z.boolean() });
export type TPayPalConfig = z.infer<typeof ZPayPalConfig>;

/** POST /api/orders/{id}/paypal: where to send the buyer to approve the payment on PayPal. */
export const ZPayPalCheckout = z.object({ paypalOrderId: z.string(), approveUrl: z.string() });
export type TPayPalCheckout = z.infer<typeof ZPayPalCheckout>;

/**
 * How a PayPal payment ended, in the query of the buyer's order page after PayPal sends the buyer
 * back (/order/{id}?paypal=...): paid (captured and recorded), pending (PayPal holds the capture,
 * e.g. for review), cancelled (the buyer left PayPal without paying), failed (not captured).
 * Not captured because of the order (docs/orders.md, PayPal): alreadyPaid (nothing more was owed:
 * paid meanwhile, e.g. in another tab or to staff, or this PayPal payment was already received),
 * amountChanged (the order now owes less than this PayPal payment asked: pay the new amount),
 * orderCancelled (the order was cancelled).
 */
export const PAYPAL_OUTCOMES = ['paid', 'pending', 'cancelled', 'failed', 'alreadyPaid', 'amountChanged', 'orderCancelled'] as const;
export type TPayPalOutcome = (typeof PAYPAL_OUTCOMES)[number];
