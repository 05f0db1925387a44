import { z } from 'zod';
import { ZRegionId } from '../account/authn.js';
import { ZCurrency } from '../money/currency.schema.js';

/**
 * Shipping methods, payment methods and the shipping quote (docs/orders.md). Rate tables live in
 * the database (fen, grams); the API answers in the display currency (x-price-type), in major
 * units with 2 decimals, and weights in kg.
 */

// The volumetric divisor and the chargeable weight (weight.ts).
export * from './weight.js';

export const ZTransitDays = z.object({ min: z.number().int().min(0), max: z.number().int().min(0) });
export type TTransitDays = z.infer<typeof ZTransitDays>;

/** GET /api/selector/express: a shipping method that serves the region. */
export const ZExpressMethodOption = z.object({
  id: z.string(),
  /** In the request language. */
  name: z.string(),
  /** Business days door to door for the region's zone; null when no region was given. */
  transitDays: ZTransitDays.nullable(),
});
export type TExpressMethodOption = z.infer<typeof ZExpressMethodOption>;
export const ZExpressMethodList = z.array(ZExpressMethodOption);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const ZExpressMethodQuery = z.object({
  /** ISO 3166-1 alpha-2; without it every active method is listed. */
  regionId: z.preprocess(blankToUndefined, ZRegionId.optional()),
});
export type TExpressMethodQuery = z.infer<typeof ZExpressMethodQuery>;

/** GET /api/selector/payment: a payment method and its surcharge. */
export const ZPaymentMethodOption = z.object({
  id: z.string(),
  name: z.string(),
  /** Percent of goods + freight added to the order (4.4 = 4.4 %); 0 for none. */
  surchargePercent: z.number().min(0),
});
export type TPaymentMethodOption = z.infer<typeof ZPaymentMethodOption>;
export const ZPaymentMethodList = z.array(ZPaymentMethodOption);

/**
 * GET /api/cart/info/express-fee. totalGw and totalVolumeWeight are accepted for compatibility
 * with older clients of the public API and ignored: the server weighs its own cart.
 */
export const ZExpressFeeQuery = z.object({
  deliveryRegionId: ZRegionId,
  deliveryPostalCode: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  expressMethod: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(40),
  payMethod: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
  totalGw: z.unknown().optional(),
  totalVolumeWeight: z.unknown().optional(),
});
export type TExpressFeeQuery = z.infer<typeof ZExpressFeeQuery>;

export const ZNamedRef = z.object({ id: z.string(), name: z.string() });
export type TNamedRef = z.infer<typeof ZNamedRef>;

/** The shipping quote of the signed-in buyer's cart. Money in `currency`, weights in kg. */
export const ZExpressFee = z.object({
  currency: ZCurrency,
  /** What is added to the goods: freight + payment surcharge (the "estimated shipping" line). */
  totalPrice: z.number(),
  /** Freight charged: 0 with free shipping, else `base`. */
  freight: z.number(),
  /** Freight by the rate table before free shipping. */
  base: z.number(),
  /** Payment surcharge: surchargePercent of goods + freight, rounded once. */
  surcharge: z.number(),
  surchargePercent: z.number(),
  freeShipping: z.boolean(),
  /** The shop's free-shipping threshold in this currency; null when there is none. */
  freeShippingThreshold: z.number().nullable(),
  /** What the goods cost (after discounts). */
  goodsAmount: z.number(),
  /** goodsAmount + totalPrice: what an order placed now would cost. */
  grandTotal: z.number(),
  /** max(total gross weight, total volumetric weight), kg. */
  chargeableWeight: z.number(),
  totalGw: z.number(),
  totalVolumeWeight: z.number(),
  zone: z.object({ code: z.string(), name: z.string() }),
  expressMethod: ZNamedRef,
  payMethod: ZNamedRef.nullable(),
  transitDays: ZTransitDays,
});
export type TExpressFee = z.infer<typeof ZExpressFee>;

/** Query of GET /api/cart/info/express-fees: every method quoted at once for an address and payment. */
export const ZExpressFeesQuery = ZExpressFeeQuery.omit({ expressMethod: true });
export type TExpressFeesQuery = z.infer<typeof ZExpressFeesQuery>;

/** Why a method cannot carry this cart: it does not serve the region, or the cart is over its weight limit. */
export const ZExpressUnavailable = z.object({
  code: z.enum(['expressUnavailable', 'expressTooHeavy']),
  /** The reason in the request's language. */
  message: z.string(),
});

/** One method of GET /api/cart/info/express-fees: its quote, or the reason it cannot carry the cart. */
export const ZExpressChoice = z.object({
  id: z.string(),
  name: z.string(),
  available: z.boolean(),
  /** The full quote (same figures as /cart/info/express-fee) when available. */
  fee: ZExpressFee.nullable(),
  reason: ZExpressUnavailable.nullable(),
});
export type TExpressChoice = z.infer<typeof ZExpressChoice>;
export const ZExpressChoices = z.array(ZExpressChoice);
