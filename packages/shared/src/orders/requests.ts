import { z } from 'zod';
import { digitsToNumber } from '../validation/numbers.js';
import { ZPager } from '../catalog/product.js';
import { ZCurrency } from '../money/currency.schema.js';
import { ZMoneyAmount } from '../money/amount.js';
import { ZLineQuantities, ZOrderBuyer } from './staff.js';
import { ZOrderStatus } from './index.js';
import { ZPaymentStatus } from './money.js';

/**
 * After-sales requests (docs/orders.md, After-sales): a buyer asks to cancel an order before it
 * leaves the warehouse, or to return it within RETURN_DAYS of delivery, with a reason and
 * photos; sales staff approve or refuse with a note. At most one open request per order.
 */
export const ORDER_REQUEST_KINDS = ['cancel', 'return'] as const;
export const ZOrderRequestKind = z.enum(ORDER_REQUEST_KINDS);
export type TOrderRequestKind = z.infer<typeof ZOrderRequestKind>;

export const ORDER_REQUEST_STATUSES = ['open', 'approved', 'refused'] as const;
export const ZOrderRequestStatus = z.enum(ORDER_REQUEST_STATUSES);
export type TOrderRequestStatus = z.infer<typeof ZOrderRequestStatus>;

/** Longest reason (it becomes the cancel reason when a cancellation is approved) and staff note. */
export const ORDER_REQUEST_REASON_MAX = 500;
export const ORDER_REQUEST_NOTE_MAX = 1000;
/** Photos per request (JPG, PNG or WebP), and the largest one before it is re-encoded. */
export const ORDER_REQUEST_PHOTOS_MAX = 6;
export const ORDER_REQUEST_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * POST /api/orders/{id}/requests. Photos are data URLs (or bare base64); the server checks them by
 * content, and a photo over ORDER_REQUEST_PHOTO_MAX_BYTES is 413 naming it (the route's body limit
 * bounds the whole request), so no length rule here would answer it 400 instead.
 */
export const ZOrderRequestCreate = z.object({
  kind: ZOrderRequestKind,
  reason: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(ORDER_REQUEST_REASON_MAX, 'v.maxLength'),
  photos: z.array(z.string().min(1)).max(ORDER_REQUEST_PHOTOS_MAX).optional(),
});
export type TOrderRequestCreate = z.infer<typeof ZOrderRequestCreate>;

export const ZOrderRequest = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: ZOrderRequestKind,
  reason: z.string(),
  /** The photos' addresses (GET, with the bearer token: the order's buyer and staff only). */
  photos: z.array(z.string()),
  status: ZOrderRequestStatus,
  /** The staff member's note with the decision (shown to the buyer). */
  decisionNote: z.string().nullable(),
  decidedTime: z.string().nullable(),
  createdTime: z.string(),
});
export type TOrderRequest = z.infer<typeof ZOrderRequest>;

/** What the buyer may ask for now (the server's rule, so the web does not repeat it). */
export const ZOrderRequestAllowed = z.object({
  cancel: z.boolean(),
  return: z.boolean(),
  /** The last moment a return may be asked for (delivery + RETURN_DAYS), once delivered. */
  returnUntil: z.string().nullable(),
});
export type TOrderRequestAllowed = z.infer<typeof ZOrderRequestAllowed>;

/** GET /api/orders/{id}/requests: the order's requests, newest first, and what may be asked now. */
export const ZOrderRequests = z.object({ data: z.array(ZOrderRequest), canRequest: ZOrderRequestAllowed });
export type TOrderRequests = z.infer<typeof ZOrderRequests>;

/** A request as staff see it: with the buyer, who decided, and the order's state and money. */
export const ZStaffOrderRequest = ZOrderRequest.extend({
  buyer: ZOrderBuyer,
  decidedBy: z.string().nullable(),
  order: z.object({
    status: ZOrderStatus,
    paymentStatus: ZPaymentStatus,
    currency: ZCurrency,
    /** The order's payment method id (the refund form starts at the same way of paying). */
    payMethod: z.string(),
    /** What the order comes to after packing. */
    totalAmount: z.number(),
    /** Credit notes so far, and what is owed after them (0 once cancelled). */
    credited: z.number(),
    owed: z.number(),
    /** Received less refunded, in the order's currency. */
    netPaid: z.number(),
    /** What the shop owes back now (a refund may pay out at most this); 0 when none. */
    refundDue: z.number(),
  }),
});
export type TStaffOrderRequest = z.infer<typeof ZStaffOrderRequest>;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /api/admin/requests (oldest open first; decided ones newest first). */
export const ZStaffRequestQuery = z.object({
  status: z.preprocess(blank, ZOrderRequestStatus.default('open')),
  page: z.preprocess(blank, z.preprocess(digitsToNumber, z.number().int().min(1).max(10_000)).default(1)),
  recPerPage: z.preprocess(blank, z.preprocess(digitsToNumber, z.number().int().min(1).max(100)).default(50)),
});
export type TStaffRequestQuery = z.infer<typeof ZStaffRequestQuery>;

export const ZStaffRequestList = z.object({ data: z.array(ZStaffOrderRequest), pager: ZPager });
export type TStaffRequestList = z.infer<typeof ZStaffRequestList>;

/** GET /api/admin/orders/{id}/requests */
export const ZStaffOrderRequests = z.object({ data: z.array(ZStaffOrderRequest) });
export type TStaffOrderRequests = z.infer<typeof ZStaffOrderRequests>;

/** POST /api/admin/requests/{id}/decision. Refusing needs a note (the buyer reads why). */
export const ZRequestDecision = z.object({
  decision: z.enum(['approve', 'refuse']),
  note: z.preprocess(blank, z.string().trim().max(ORDER_REQUEST_NOTE_MAX, 'v.maxLength').optional()),
  /**
   * Approving a return: the credit note that takes the returned pieces (and/or an amount, such as
   * the freight) off what the order owes, in the same change. Its reason defaults to the note.
   */
  credit: z
    .object({
      lines: ZLineQuantities.optional(),
      amount: ZMoneyAmount('zero').optional(),
      reason: z.preprocess(blank, z.string().trim().max(500, 'v.maxLength').optional()),
    })
    .refine((v) => (v.lines?.length ?? 0) > 0 || (v.amount ?? 0) > 0, { message: 'v.required', path: ['lines'] })
    .optional(),
});
export type TRequestDecision = z.infer<typeof ZRequestDecision>;

export const ZRequestDecided = z.object({
  request: ZStaffOrderRequest,
  /** What the shop owes back after the decision (order currency): the refund staff record next; 0 when none. */
  refundDue: z.number(),
  /** The credit note issued with an approved return, or null. */
  creditId: z.number().int().nullable(),
});
export type TRequestDecided = z.infer<typeof ZRequestDecided>;

export const ZRequestPhotoParams = z.object({
  id: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  requestId: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  index: z.preprocess(
    digitsToNumber,
    z
      .number()
      .int()
      .min(0)
      .max(ORDER_REQUEST_PHOTOS_MAX - 1),
  ),
});
