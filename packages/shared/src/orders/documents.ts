import { z } from 'zod';
import { ORDER_DOCUMENT_KINDS, ZOrderDocumentKind, ZOrderIdParams, type TOrderDocument, type TOrderDocumentKind, type TOrderStatus } from './index.js';
import { ZLocale } from '../i18n/locale.schema.js';

/**
 * Order documents (docs/orders.md, Documents): PDFs rendered by the server in zh or en.
 * - proforma: from the moment the order is placed (what to pay, with the bank details for T/T);
 * - invoice (commercial invoice) and packing-list: for the parcel, once the order has left the
 *   warehouse (outbound, delivery, complete). Staff may print every kind at any time (the packing
 *   list is printed while packing, before the order is marked outbound).
 */

/** Order statuses in which the buyer sees the commercial invoice and the packing list. */
export const PARCEL_DOCUMENT_STATUSES: readonly TOrderStatus[] = ['outbound', 'delivery', 'complete'];

/** Most orders in one bulk download (the queue's largest page). */
export const DOCUMENTS_BULK_MAX = 200;

/** The API path of an order's document. */
export function orderDocumentUrl(orderId: number, kind: TOrderDocumentKind): string {
  return `/api/orders/${orderId}/documents/${kind}.pdf`;
}

/** The file name a download gets: `proforma-10000123.pdf`. */
export function orderDocumentFileName(orderId: number, kind: TOrderDocumentKind): string {
  return `${kind}-${orderId}.pdf`;
}

/** The kinds a buyer may download for an order in this status. */
export function buyerDocumentKinds(status: TOrderStatus): TOrderDocumentKind[] {
  return ORDER_DOCUMENT_KINDS.filter((kind) => kind === 'proforma' || PARCEL_DOCUMENT_STATUSES.includes(status));
}

/** The documents list of a buyer's order detail. */
export function buyerDocuments(orderId: number, status: TOrderStatus): TOrderDocument[] {
  return buyerDocumentKinds(status).map((kind) => ({ kind, url: orderDocumentUrl(orderId, kind) }));
}

export const ZOrderDocumentParams = ZOrderIdParams.extend({ kind: ZOrderDocumentKind });

export const ZOrderDocumentQuery = z.object({
  /** The document's language; default: the request's (x-lang-type / accept-language). */
  lang: ZLocale.optional(),
  /** packing-list only: the packing list of this parcel of the order (docs/orders.md, Split shipments). */
  shipment: z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), z.number().int().positive().optional()),
});

/** Staff bulk download: `ids` comma separated (at most DOCUMENTS_BULK_MAX), one kind, one language. */
export const ZOrderDocumentsBulkQuery = z.object({
  ids: z
    .string({ error: 'v.required' })
    .regex(/^\d{1,12}(,\d{1,12})*$/, 'v.pattern')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive()).min(1).max(DOCUMENTS_BULK_MAX)),
  kind: ZOrderDocumentKind,
  lang: ZLocale.optional(),
});
export type TOrderDocumentsBulkQuery = z.infer<typeof ZOrderDocumentsBulkQuery>;
