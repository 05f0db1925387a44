import { z } from 'zod';
import { ZOrderStatus } from '../orders/index.js';

/**
 * The back office search box (docs/orders.md, Staff search): GET /api/admin/search?q= answers the
 * top matches of each kind the caller's role may read (orders: orders.read; customers:
 * customers.read; products: catalog.manage), each with the staff page it opens.
 */

export const ADMIN_SEARCH_KINDS = ['orders', 'customers', 'products'] as const;
export const ZStaffSearchKind = z.enum(ADMIN_SEARCH_KINDS);
export type TStaffSearchKind = z.infer<typeof ZStaffSearchKind>;

/** Matches per kind. */
export const ADMIN_SEARCH_LIMIT = 5;
/** The box asks once this many characters are typed (one character has no trigram: a scan). */
export const ADMIN_SEARCH_MIN_LENGTH = 2;

export const ZStaffSearchQuery = z.object({
  q: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(100, 'v.maxLength'),
});
export type TStaffSearchQuery = z.infer<typeof ZStaffSearchQuery>;

export const ZStaffSearchHit = z.object({
  id: z.number().int(),
  /** What the row is called: order number and receiver, the buyer's name, the product's name (request language). */
  title: z.string(),
  /** Who or what else it is: company, account, contacts, price; plain text. */
  detail: z.string(),
  /** The staff page it opens (/admin/orders/10000042). */
  link: z.string(),
  /** Orders: their status (the box shows it as a label). */
  status: ZOrderStatus.optional(),
});
export type TStaffSearchHit = z.infer<typeof ZStaffSearchHit>;

export const ZStaffSearchSection = z.object({
  kind: ZStaffSearchKind,
  hits: z.array(ZStaffSearchHit),
  /** True when more than the hits match: `all` lists them. */
  more: z.boolean(),
  /** The kind's staff list searching the same words (/admin/orders?q=tom). */
  all: z.string(),
});
export type TStaffSearchSection = z.infer<typeof ZStaffSearchSection>;

/** One section per kind the role may read, in ADMIN_SEARCH_KINDS order, empty ones included. */
export const ZStaffSearchResult = z.object({ q: z.string(), sections: z.array(ZStaffSearchSection) });
export type TStaffSearchResult = z.infer<typeof ZStaffSearchResult>;
