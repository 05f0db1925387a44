import { z } from 'zod';
import { digitsToNumber } from '../validation/numbers.js';
import { ZPager } from '../catalog/product.js';
import { ZCurrency } from '../money/currency.schema.js';
import type { TCurrency } from '../money/currency.js';
import { ZStaffRole } from '../staff/roles.js';
import { ZMoneyAmount } from '../money/amount.js';
import { ZCarrier, ZFulfillment, ZLogisticsStatus, ZOrderDetail, ZOrderStatus, ORDER_STATUSES } from './index.js';
import { ZCreditKind, ZPaymentStatus } from './money.js';

/** The staff side of orders (docs/orders.md, Back office): the queue, payments, adjustments. */

/** How a recorded payment or refund was made. */
export const PAYMENT_RECORD_METHODS = ['bankTransfer', 'paypal', 'alipay', 'wechat', 'westernUnion', 'cash', 'other'] as const;
export const ZPaymentRecordMethod = z.enum(PAYMENT_RECORD_METHODS);
export type TPaymentRecordMethod = z.infer<typeof ZPaymentRecordMethod>;

const RECORD_METHOD_OF: Record<string, TPaymentRecordMethod> = {
  tt: 'bankTransfer',
  paypal: 'paypal',
  alipay: 'alipay',
  wechat: 'wechat',
  westernunion: 'westernUnion',
};
/** The way money for an order usually moves, from its payment method: what the staff payment form starts with. */
export const recordMethodFor = (payMethodId: string): TPaymentRecordMethod => RECORD_METHOD_OF[payMethodId] ?? 'other';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number) => z.preprocess(digitsToNumber, z.number().int().min(min).max(max));
/** A day as YYYY-MM-DD (the queue's date range, in the shop's time zone: UTC+8). */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.pattern');
const money = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: 'v.number' }).finite().min(0).max(100_000_000));

export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'totalDesc', 'totalAsc'] as const;
export const ADMIN_ORDER_PAGE_SIZES = [50, 100, 200] as const;

/**
 * GET /api/admin/orders. Every filter is optional; `q` finds orders whose number, receiver, company or phone,
 * or whose buyer's account, name, e-mail or mobile contain every word (docs/orders.md, Staff search), and a
 * whole product id or tracking number.
 */
export const ZStaffOrderQuery = z.object({
  page: z.preprocess(blank, int(1, 10_000).default(1)),
  recPerPage: z.preprocess(blank, int(1, 200).default(50)),
  sort: z.preprocess(blank, z.enum(ADMIN_ORDER_SORTS).default('newest')),
  status: z.preprocess(blank, ZOrderStatus.optional()),
  paymentStatus: z.preprocess(blank, ZPaymentStatus.optional()),
  logisticsStatus: z.preprocess(blank, ZLogisticsStatus.optional()),
  from: z.preprocess(blank, day.optional()),
  to: z.preprocess(blank, day.optional()),
  /** Delivery country (ISO code). */
  country: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'v.pattern')
      .optional(),
  ),
  /** Shipping method id. */
  method: z.preprocess(blank, z.string().trim().max(40).optional()),
  /** Payment method id. */
  payMethod: z.preprocess(blank, z.string().trim().max(40).optional()),
  /** Order total in CNY (yuan), inclusive. */
  amountMin: z.preprocess(blank, money.optional()),
  amountMax: z.preprocess(blank, money.optional()),
  q: z.preprocess(blank, z.string().trim().max(100).optional()),
  /** 1: only orders the unpaid-order follow-up will cancel unless a payment is recorded (docs/orders.md, Unpaid orders). */
  lapsing: z.preprocess(blank, z.enum(['1']).optional()),
  /** partial: only orders partly shipped (some parcels left, packed pieces still to come; docs/orders.md, Split shipments). */
  fulfillment: z.preprocess(blank, z.enum(['partial']).optional()),
});
export type TStaffOrderQuery = z.infer<typeof ZStaffOrderQuery>;

export const ZOrderBuyer = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type TOrderBuyer = z.infer<typeof ZOrderBuyer>;

/** A row of the order queue. Money in the order's currency; `totalCny` for the shop's books. */
export const ZStaffOrderRow = z.object({
  id: z.number().int(),
  createdTime: z.string(),
  status: ZOrderStatus,
  paymentStatus: ZPaymentStatus,
  logisticsStatus: ZLogisticsStatus,
  trackingNumber: z.string().nullable(),
  carrier: ZCarrier.nullable(),
  currency: ZCurrency,
  totalAmount: z.number(),
  totalCny: z.number(),
  balance: z.number(),
  lineCount: z.number().int(),
  quantity: z.number().int(),
  chargeableWeight: z.number(),
  country: z.string(),
  deliveryUser: z.string(),
  expressMethod: z.object({ id: z.string(), name: z.string() }),
  payMethod: z.object({ id: z.string(), name: z.string() }),
  buyer: ZOrderBuyer,
  /** When the unpaid-order follow-up cancels it unless a payment is recorded first; null: it will not. */
  lapsesAt: z.string().nullable(),
  /** none, partial (some parcels left, more to come) or shipped (docs/orders.md, Split shipments). */
  fulfillment: ZFulfillment,
});
export type TStaffOrderRow = z.infer<typeof ZStaffOrderRow>;

export const ZStaffOrderList = z.object({
  data: z.array(ZStaffOrderRow),
  pager: ZPager,
  /** Orders per status with the other filters applied (the queue's tabs); `all` is their sum. */
  counts: z.object(
    Object.fromEntries([...ORDER_STATUSES, 'all'].map((s) => [s, z.number().int()])) as Record<(typeof ORDER_STATUSES)[number] | 'all', z.ZodNumber>,
  ),
});
export type TStaffOrderList = z.infer<typeof ZStaffOrderList>;

export const ZPaymentRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'refund']),
  amount: z.number(),
  currency: ZCurrency,
  /** The same amount in the order's currency (at the order's exchange rate). */
  orderAmount: z.number(),
  method: ZPaymentRecordMethod,
  reference: z.string().nullable(),
  paidAt: z.string(),
  recordedBy: z.string(),
  createdTime: z.string(),
});
export type TPaymentRecord = z.infer<typeof ZPaymentRecord>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  time: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string(), role: ZStaffRole.nullable() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ORDER_NOTE_KINDS = ['note', 'message'] as const;
/** An internal note (staff only) or a message to the buyer (e-mailed, shown on the buyer's order page). */
export const ZOrderNote = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_NOTE_KINDS),
  body: z.string(),
  author: z.string(),
  createdTime: z.string(),
});
export type TOrderNote = z.infer<typeof ZOrderNote>;

/** POST /api/admin/orders/{id}/notes */
export const ZOrderNoteCreate = z.object({
  kind: z.enum(ORDER_NOTE_KINDS),
  body: z.string().trim().min(1, 'v.required').max(2000, 'v.maxLength'),
});
export type TOrderNoteCreate = z.infer<typeof ZOrderNoteCreate>;

/** GET /api/admin/orders/{id}: the order as the buyer sees it, plus what staff work with. */
export const ZStaffOrderDetail = z.object({
  order: ZOrderDetail,
  buyer: ZOrderBuyer,
  paymentStatus: ZPaymentStatus,
  /** What the buyer owes now (due - payments + refunds), in the order's currency; negative: overpaid. */
  balance: z.number(),
  /** The amount due: the actual total once staff adjusted quantities, prices or the shipping fee; 0 once cancelled. */
  due: z.number(),
  carrier: ZCarrier.nullable(),
  trackingUrl: z.string().nullable(),
  cancelReason: z.string().nullable(),
  payments: z.array(ZPaymentRecord),
  /** Every staff change to this order, newest first. */
  audit: z.array(ZAuditEntry),
  /** Internal notes and messages to the buyer, oldest first. */
  notes: z.array(ZOrderNote),
});
export type TStaffOrderDetail = z.infer<typeof ZStaffOrderDetail>;

const reason = z.string().trim().min(1, 'v.required').max(500, 'v.maxLength');

/** POST /api/admin/orders/{id}/transitions: a status and/or logistics change, tracking, carrier. */
export const ZOrderTransition = z
  .object({
    status: ZOrderStatus.optional(),
    logisticsStatus: ZLogisticsStatus.optional(),
    trackingNumber: z.preprocess(blank, z.string().trim().max(40).optional()),
    carrier: z.preprocess(blank, ZCarrier.optional()),
    /** Needed to cancel, and to ship an order that is not paid (with shipUnpaid). */
    reason: z.preprocess(blank, reason.optional()),
    /** Ship although the order is not paid (the reason is recorded). */
    shipUnpaid: z.boolean().optional(),
  })
  .refine((v) => v.status || v.logisticsStatus || v.trackingNumber || v.carrier, { message: 'v.required', path: ['status'] });
export type TOrderTransition = z.infer<typeof ZOrderTransition>;

/** PUT /api/admin/orders/{id}/lines/{lineId}: what was packed and its price (major units, order currency, at most 2 decimals). */
export const ZLineAdjustment = z
  .object({
    actualQuantity: z
      .preprocess(digitsToNumber, z.number({ error: 'v.integer' }).int('v.integer').min(0, 'v.minimum').max(1_000_000, 'v.numberRange'))
      .optional(),
    actualPrice: ZMoneyAmount('zero').optional(),
  })
  .refine((v) => v.actualQuantity !== undefined || v.actualPrice !== undefined, { message: 'v.required', path: ['actualQuantity'] });
export type TLineAdjustment = z.infer<typeof ZLineAdjustment>;
export const ZOrderLineParams = z.object({ id: int(1, Number.MAX_SAFE_INTEGER), lineId: int(1, Number.MAX_SAFE_INTEGER) });

/** PUT /api/admin/orders/{id}/shipping-fee: the actual shipping fee (major units, order currency). */
export const ZShippingFeeAdjustment = z.object({ actualExpressFee: ZMoneyAmount('zero') });

/**
 * POST /api/admin/orders/{id}/payments. The amount has at most 2 decimals; in the other currency
 * it is converted at the order's rate and must not round to nothing. A refund pays out at most
 * what the shop owes back (the refund due); a payment beyond what is still owed needs
 * `confirmOverpayment` (the answer says how much is owed).
 */
export const ZPaymentCreate = z.object({
  kind: z.enum(['payment', 'refund']),
  amount: ZMoneyAmount('positive'),
  currency: ZCurrency,
  method: ZPaymentRecordMethod,
  reference: z.preprocess(blank, z.string().trim().max(100, 'v.maxLength').optional()),
  /** When the money moved (default: now). */
  paidAt: z.preprocess(blank, z.iso.datetime({ offset: true }).optional()),
  /** Staff confirm a payment of more than is owed (the difference becomes a refund due). */
  confirmOverpayment: z.boolean().optional(),
});
export type TPaymentCreate = z.infer<typeof ZPaymentCreate>;

/** Lines and pieces of an order (credit notes, returned goods). */
export const ZLineQuantities = z
  .array(
    z.object({
      lineId: z.preprocess(digitsToNumber, z.number({ error: 'v.number' }).int().min(1).max(Number.MAX_SAFE_INTEGER)),
      quantity: z.preprocess(digitsToNumber, z.number({ error: 'v.integer' }).int('v.integer').min(1, 'v.minimum').max(1_000_000, 'v.numberRange')),
    }),
  )
  .max(500, 'v.maxItems');

/**
 * A credit note: lines taken off the order (pieces at the price charged) and/or an amount (freight,
 * goodwill), with a reason the buyer sees. POST /api/admin/orders/{id}/credits, and the credit of an
 * approved return.
 */
export const ZCreditCreate = z
  .object({
    kind: ZCreditKind,
    reason: reason,
    lines: ZLineQuantities.optional(),
    amount: ZMoneyAmount('zero').optional(),
  })
  .refine((v) => (v.lines?.length ?? 0) > 0 || (v.amount ?? 0) > 0, { message: 'v.required', path: ['amount'] });
export type TCreditCreate = z.infer<typeof ZCreditCreate>;

/** POST /api/admin/orders/{id}/restock: pieces that came back to the warehouse, per line (added to stock). */
export const ZRestockCreate = z.object({
  lines: ZLineQuantities.min(1, 'v.required'),
  note: z.preprocess(blank, z.string().trim().max(500, 'v.maxLength').optional()),
});
export type TRestockCreate = z.infer<typeof ZRestockCreate>;

/** Money in `from` minor units converted to `to` at the order's rate (CNY per USD), rounded once. */
export function convertBetween(minor: number, from: TCurrency, to: TCurrency, cnyPerUsd: number): number {
  if (from === to) return minor;
  return from === 'USD' ? Math.round(minor * cnyPerUsd) : Math.round(minor / cnyPerUsd);
}

/** GET /api/admin/audit: the staff activity page. */
export const ZAuditQuery = z.object({
  page: z.preprocess(blank, int(1, 10_000).default(1)),
  recPerPage: z.preprocess(blank, int(1, 200).default(100)),
  entity: z.preprocess(blank, z.string().trim().max(40).optional()),
  /** One thing's entries (with entity: e.g. entity=item&entityId=42, a product's edits and imports). */
  entityId: z.preprocess(blank, z.string().trim().max(40).optional()),
  actorId: z.preprocess(blank, int(1, Number.MAX_SAFE_INTEGER).optional()),
});
export const ZAuditList = z.object({ data: z.array(ZAuditEntry), pager: ZPager });
export type TAuditList = z.infer<typeof ZAuditList>;
