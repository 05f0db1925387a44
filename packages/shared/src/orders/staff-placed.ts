import { z } from 'zod';
import { optionalField } from '../account/authn.js';
import { ZDeliveryFields } from '../addresses/index.js';
import { MAX_CART_LINES } from '../constants/shop.js';
import { MAX_LINE_QUANTITY } from '../constants/quantity.js';
import { ZMoneyAmount } from '../money/amount.js';
import { ZCurrency } from '../money/currency.schema.js';
import { digitsToNumber } from '../validation/numbers.js';
import { ORDER_COMMENT_MAX } from './index.js';

/**
 * Orders taken by staff for a buyer, and lines added to or removed from an order before it leaves
 * (docs/orders.md, Orders taken for a buyer; Editing an order before it leaves).
 */

const int = (min: number, max: number) =>
  z.preprocess(digitsToNumber, z.number({ error: 'v.number' }).int('v.integer').min(min, 'v.minimum').max(max, 'v.numberRange'));
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** One line staff enter: a product, its type (when it has several), pieces and optionally the unit price they agreed (order currency). */
export const ZStaffOrderLine = z.object({
  itemId: int(1, Number.MAX_SAFE_INTEGER),
  type: z.preprocess(blank, z.string().trim().max(60).optional()),
  quantity: int(1, MAX_LINE_QUANTITY),
  /** Unit price in the order's currency; absent: the buyer's price (customer group, quantity tier). */
  price: z.preprocess(blank, ZMoneyAmount('zero').optional()),
});
export type TStaffOrderLine = z.infer<typeof ZStaffOrderLine>;

/**
 * POST /api/admin/orders (header Idempotency-Key) and POST /api/admin/orders/preview: the buyer,
 * lines, address, shipping and payment method. currency: what the buyer pays in (default: CNY for
 * a delivery in mainland China, else USD); expressFee: the shipping fee staff agreed (order
 * currency; absent: the rate table's quote for the address and method).
 */
export const ZStaffOrderCreate = z.object({
  buyerId: int(1, Number.MAX_SAFE_INTEGER),
  lines: z.array(ZStaffOrderLine).min(1, 'v.required').max(MAX_CART_LINES),
  currency: z.preprocess(blank, ZCurrency.optional()),
  expressMethod: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(40),
  payMethod: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(40),
  expressFee: z.preprocess(blank, ZMoneyAmount('zero').optional()),
  ...ZDeliveryFields,
  comment: optionalField(z.string().trim().max(ORDER_COMMENT_MAX, 'v.maxLength')),
});
export type TStaffOrderCreate = z.infer<typeof ZStaffOrderCreate>;

/** A priced line of the preview. Money in the order's currency, major units. */
export const ZStaffOrderPreviewLine = z.object({
  itemId: z.number().int(),
  type: z.string(),
  name: z.string(),
  typeName: z.string().nullable(),
  quantity: z.number().int(),
  listPrice: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  tierMinQuantity: z.number().int().nullable(),
  /** True when staff set the price (not the buyer's group or tier price). */
  staffPrice: z.boolean(),
});

/** What an order placed now with this request would come to (the same computation as placing it). */
export const ZStaffOrderPreview = z.object({
  currency: ZCurrency,
  lines: z.array(ZStaffOrderPreviewLine),
  goods: z.number(),
  freight: z.number(),
  /** True when staff set the freight. */
  staffFreight: z.boolean(),
  freeShipping: z.boolean(),
  surcharge: z.number(),
  total: z.number(),
  chargeableWeight: z.number(),
  transitDays: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type TStaffOrderPreview = z.infer<typeof ZStaffOrderPreview>;

/** POST /api/admin/orders/{id}/lines: a product added to an order before it leaves. */
export const ZOrderLineAdd = ZStaffOrderLine;
export type TOrderLineAdd = z.infer<typeof ZOrderLineAdd>;
