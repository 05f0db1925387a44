import { z } from 'zod';
import { ZAddress } from '../addresses/index.js';
import { ZPager } from '../catalog/product.js';
import { ZCurrency } from '../money/currency.schema.js';
import { ZAuditEntry } from '../orders/staff.js';
import { ZOrderStatus } from '../orders/index.js';
import { ZPaymentStatus } from '../orders/money.js';
import { digitsToNumber } from '../validation/numbers.js';

/** The staff side of buyers (docs/orders.md, Customers): the list, a buyer's page, notes, disabling. */

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number) => z.preprocess(digitsToNumber, z.number().int().min(min).max(max));

export const CUSTOMER_PAGE_SIZES = [50, 100, 200] as const;

/**
 * GET /api/admin/customers: newest first; `q` finds buyers whose account, name, e-mail or mobile, or one of
 * whose orders' number, receiver, company or phone contain every word (docs/orders.md, Staff search).
 */
export const ZCustomerQuery = z.object({
  page: z.preprocess(blank, int(1, 10_000).default(1)),
  recPerPage: z.preprocess(blank, int(1, 200).default(50)),
  q: z.preprocess(blank, z.string().trim().max(100, 'v.maxLength').optional()),
});
export type TCustomerQuery = z.infer<typeof ZCustomerQuery>;

/** Money received from a buyer in one currency: payments minus refunds (major units). */
export const ZCustomerSpent = z.object({ currency: ZCurrency, amount: z.number() });
export type TCustomerSpent = z.infer<typeof ZCustomerSpent>;

/** A row of the customer list. */
export const ZCustomerRow = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Country or region id of the profile (ISO code), null when not given. */
  country: z.string().nullable(),
  registeredTime: z.string(),
  /** When staff disabled the account; null while it may sign in. */
  disabledTime: z.string().nullable(),
  orderCount: z.number().int(),
  /** Per currency the buyer's orders are in; empty when nothing was paid. */
  spent: z.array(ZCustomerSpent),
  lastOrderTime: z.string().nullable(),
});
export type TCustomerRow = z.infer<typeof ZCustomerRow>;

export const ZCustomerList = z.object({ data: z.array(ZCustomerRow), pager: ZPager });
export type TCustomerList = z.infer<typeof ZCustomerList>;

/** One of a buyer's orders on their page (newest first). */
export const ZCustomerOrder = z.object({
  id: z.number().int(),
  createdTime: z.string(),
  status: ZOrderStatus,
  paymentStatus: ZPaymentStatus,
  currency: ZCurrency,
  /** The amount due (actual total once staff adjusted it), major units. */
  totalAmount: z.number(),
  /** Payments minus refunds, major units. */
  paid: z.number(),
});
export type TCustomerOrder = z.infer<typeof ZCustomerOrder>;

/**
 * GET /api/groups/{gid}/buyer: what a staff member serving a chat conversation sees of its buyer
 * (every chat role, the service role included): the name and the latest orders with their
 * status and amounts, never e-mail, phone or addresses (docs/orders.md, Back office).
 */
export const ZChatBuyer = z.object({
  uid: z.number().int(),
  name: z.string(),
  orders: z.array(ZCustomerOrder),
});
export type TChatBuyer = z.infer<typeof ZChatBuyer>;
export const ZChatBuyerParams = z.object({ gid: z.uuid() });

/** A chat message as staff read it back on the buyer's page (read-only). */
export const ZCustomerChatMessage = z.object({
  seq: z.number().int(),
  kind: z.enum(['text', 'image', 'system']),
  content: z.string(),
  image: z.string().nullable(),
  sender: z.string(),
  fromBuyer: z.boolean(),
  time: z.string(),
  /** The stored translation into the reader's language, when there is one. */
  translation: z.string().nullable(),
});
export const ZCustomerChat = z.object({
  gid: z.string(),
  status: z.string(),
  startedTime: z.string(),
  endedTime: z.string().nullable(),
  /** The conversation's last messages, oldest first. */
  messages: z.array(ZCustomerChatMessage),
});
export type TCustomerChat = z.infer<typeof ZCustomerChat>;

export const ZCustomerNote = z.object({ id: z.number().int(), body: z.string(), author: z.string(), createdTime: z.string() });
export type TCustomerNote = z.infer<typeof ZCustomerNote>;

/** GET /api/admin/customers/{id} */
export const ZCustomerDetail = z.object({
  customer: ZCustomerRow.extend({
    nickname: z.string(),
    locale: z.string(),
    subscribeEmail: z.string().nullable(),
  }),
  /** The orders counted in orderCount: how many there are in all. */
  orders: z.array(ZCustomerOrder),
  addresses: z.array(ZAddress),
  /** The buyer's latest conversations, newest first. */
  chats: z.array(ZCustomerChat),
  /** Staff notes, newest first. */
  notes: z.array(ZCustomerNote),
  /** Staff changes to the account (disabled, enabled, notes), newest first. */
  audit: z.array(ZAuditEntry),
});
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

export const ZCustomerIdParams = z.object({ id: int(1, Number.MAX_SAFE_INTEGER) });

/** POST /api/admin/customers/{id}/notes */
export const ZCustomerNoteCreate = z.object({ body: z.string().trim().min(1, 'v.required').max(2000, 'v.maxLength') });
export type TCustomerNoteCreate = z.infer<typeof ZCustomerNoteCreate>;

/** POST /api/admin/customers/{id}/disable: the reason is kept in the audit log. */
export const ZCustomerDisable = z.object({ reason: z.string().trim().min(1, 'v.required').max(500, 'v.maxLength') });
/** POST /api/admin/customers/{id}/enable */
export const ZCustomerEnable = z.object({ reason: z.preprocess(blank, z.string().trim().max(500, 'v.maxLength').optional()) });
