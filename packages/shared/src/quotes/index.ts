import { z } from 'zod';
import { digitsToNumber } from '../validation/numbers.js';
import { optionalField } from '../account/authn.js';
import { ZDeliveryFields } from '../addresses/index.js';
import { MAX_CART_LINES } from '../constants/shop.js';
import { MAX_LINE_QUANTITY } from '../constants/quantity.js';
import { ZPager } from '../catalog/product.js';
import { ZCurrency } from '../money/currency.schema.js';
import { ZMoneyAmount } from '../money/amount.js';
import { ORDER_COMMENT_MAX } from '../orders/index.js';
import { ZOrderBuyer } from '../orders/staff.js';
import { ZLocale } from '../i18n/locale.schema.js';

/**
 * Quotes (docs/orders.md, Quotes): a signed-in buyer asks for a quote from the cart with a
 * message; sales staff set quantities, unit prices, freight and a validity date and send it; the
 * buyer accepts it, which places one order at the quoted prices.
 *
 * requested -> sent -> accepted | withdrawn; a sent quote whose validity date has passed reads
 * as expired. Saving changes to a sent quote takes it back to requested until it is sent again.
 */
export const QUOTE_STATUSES = ['requested', 'sent', 'accepted', 'withdrawn', 'expired'] as const;
export const ZQuoteStatus = z.enum(QUOTE_STATUSES);
export type TQuoteStatus = z.infer<typeof ZQuoteStatus>;
/** Quotes staff still work on or the buyer may still accept. */
export const OPEN_QUOTE_STATUSES: readonly TQuoteStatus[] = ['requested', 'sent'];

export const QUOTE_MESSAGE_MAX = 1000;
export const QUOTE_NOTE_MAX = 1000;

const id = z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST /api/quotes: the cart's lines (all, or cartItemIds) with the buyer's message. */
export const ZQuoteRequest = z.object({
  message: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(QUOTE_MESSAGE_MAX, 'v.maxLength'),
  cartItemIds: z.array(id).min(1).max(MAX_CART_LINES).optional(),
});
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;

export const ZQuoteIdParams = z.object({ id });

export const ZQuoteLine = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  type: z.string(),
  typeName: z.string().nullable(),
  quantity: z.number().int(),
  /** The quoted price of one piece (major units of the quote's currency); null until staff price it. */
  unitPrice: z.number().nullable(),
  /** The catalog's price for the buyer when the quote was asked for (what the quote is compared with). */
  catalogPrice: z.number().nullable(),
  amount: z.number().nullable(),
  thumbnail: z.string(),
});
export type TQuoteLine = z.infer<typeof ZQuoteLine>;

/** A step of the quote (its audit entries), as both sides read it. */
export const ZQuoteEvent = z.object({
  action: z.enum(['quote.request', 'quote.update', 'quote.send', 'quote.withdraw', 'quote.accept']),
  time: z.string(),
  by: z.enum(['buyer', 'staff']),
  /** The staff member's name (staff only; the buyer's page shows no names). */
  name: z.string().nullable(),
  /** Staff's reason with a withdrawal (shown to the buyer). */
  note: z.string().nullable(),
});
export type TQuoteEvent = z.infer<typeof ZQuoteEvent>;

export const ZQuote = z.object({
  id: z.number().int(),
  status: ZQuoteStatus,
  currency: ZCurrency,
  message: z.string(),
  lines: z.array(ZQuoteLine),
  /** Sum of the priced lines (major units). */
  goodsAmount: z.number(),
  freight: z.number().nullable(),
  /** Goods + freight; the payment method's surcharge, if any, is added when the order is placed. */
  totalAmount: z.number(),
  validUntil: z.string().nullable(),
  /** Why it cannot be accepted (withdrawn: staff's reason). */
  withdrawReason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  sentTime: z.string().nullable(),
  createdTime: z.string(),
  updatedTime: z.string(),
  history: z.array(ZQuoteEvent),
});
export type TQuote = z.infer<typeof ZQuote>;

/** A quote as staff see it: the buyer and the internal note. */
export const ZStaffQuote = ZQuote.extend({ buyer: ZOrderBuyer, note: z.string().nullable() });
export type TStaffQuote = z.infer<typeof ZStaffQuote>;

export const ZQuoteSummary = ZQuote.omit({ lines: true, history: true }).extend({ lineCount: z.number().int(), pieceCount: z.number().int() });
export type TQuoteSummary = z.infer<typeof ZQuoteSummary>;
export const ZQuoteList = z.object({ data: z.array(ZQuoteSummary), pager: ZPager });
export type TQuoteList = z.infer<typeof ZQuoteList>;

export const ZStaffQuoteSummary = ZQuoteSummary.extend({ buyer: ZOrderBuyer });
export const ZStaffQuoteList = z.object({ data: z.array(ZStaffQuoteSummary), pager: ZPager });
export type TStaffQuoteList = z.infer<typeof ZStaffQuoteList>;

const page = z.preprocess(blank, z.preprocess(digitsToNumber, z.number().int().min(1).max(10_000)).default(1));
const recPerPage = z.preprocess(blank, z.preprocess(digitsToNumber, z.number().int().min(1).max(100)).default(20));

export const ZQuoteListQuery = z.object({ page, recPerPage });
export type TQuoteListQuery = z.infer<typeof ZQuoteListQuery>;

/** GET /api/admin/quotes: by status (default: the open ones, oldest first). */
export const ZStaffQuoteQuery = z.object({
  status: z.preprocess(blank, z.enum(['open', ...QUOTE_STATUSES]).default('open')),
  page,
  recPerPage,
});
export type TStaffQuoteQuery = z.infer<typeof ZStaffQuoteQuery>;

/** PUT /api/admin/quotes/{id}: the whole quote as staff set it. */
export const ZQuoteUpdate = z.object({
  lines: z
    .array(
      z.object({
        itemId: id,
        type: z.string().trim().max(40).default(''),
        quantity: z.preprocess(digitsToNumber, z.number({ error: 'v.number' }).int('v.integer').min(1, 'v.minimum').max(MAX_LINE_QUANTITY, 'v.maximum')),
        unitPrice: ZMoneyAmount('positive').nullable(),
      }),
    )
    .max(MAX_CART_LINES),
  freight: ZMoneyAmount('zero').nullable(),
  /** A day (YYYY-MM-DD, the shop's day): valid through its end (UTC+8). */
  validUntil: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.pattern')
      .nullable()
      .default(null),
  ),
  note: z.preprocess(blank, z.string().trim().max(QUOTE_NOTE_MAX, 'v.maxLength').nullable().default(null)),
});
export type TQuoteUpdate = z.infer<typeof ZQuoteUpdate>;

export const ZQuoteWithdraw = z.object({ reason: z.preprocess(blank, z.string().trim().max(500, 'v.maxLength').optional()) });
export type TQuoteWithdraw = z.infer<typeof ZQuoteWithdraw>;

/** POST /api/quotes/{id}/accept: the delivery, shipping and payment choices an order takes. */
export const ZQuoteAccept = z.object({
  expressMethod: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(40),
  payMethod: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(40),
  ...ZDeliveryFields,
  comment: optionalField(z.string().trim().max(ORDER_COMMENT_MAX, 'v.maxLength')),
});
export type TQuoteAccept = z.infer<typeof ZQuoteAccept>;

export const ZQuoteAccepted = z.object({ orderId: z.number().int(), replayed: z.boolean() });
export type TQuoteAccepted = z.infer<typeof ZQuoteAccepted>;

/** Why a quote cannot be accepted (409 details.reason). */
export const QUOTE_REFUSALS = ['notSent', 'expired', 'withdrawn'] as const;
export type TQuoteRefusal = (typeof QUOTE_REFUSALS)[number];

/** GET /api/quotes/{id}/pdf: the language (default: the request's). */
export const ZQuotePdfQuery = z.object({ lang: ZLocale.optional() });

/** Quote PDF file name: QT-12.pdf. */
export const quoteFileName = (quoteId: number) => `QT-${quoteId}.pdf`;
