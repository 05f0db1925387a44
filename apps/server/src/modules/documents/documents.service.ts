import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import {
  buyerDocumentKinds,
  orderDocumentFileName,
  quoteFileName,
  shipmentPackingListFileName,
  type TLocale,
  type TOrderDetail,
  type TOrderDocumentKind,
  type TQuote,
} from '@cubeshop/shared';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import { renderDocument, type DocumentContext } from './documents.render.js';
import { renderQuote } from './documents.quote.js';
import { parcelOrder } from './documents.parcel.js';

/** Who asks for a document: a buyer sees their own orders, staff with orders.read every order. */
export interface DocumentViewer {
  userId: number;
  staff: boolean;
}

export interface DocumentsDeps {
  /**
   * The orders module's read side (never its tables), in the buyer's view only: a document is
   * for the buyer whoever downloads it, so it never prints staff text (docs/orders.md, Notes and messages).
   */
  orders: {
    detail(userId: number, id: number, locale: TLocale): Promise<TOrderDetail>;
    buyerView(id: number, locale: TLocale): Promise<TOrderDetail | undefined>;
  };
  /** A country or region's name in a language. */
  regionName: (id: string, locale: TLocale) => string;
  /** The shop's settings: the owner's "seller on documents", else the bank account's holder. */
  settings: Pick<SettingsService, 'get'>;
  /** Payment methods' QR pictures for the proforma's payment block (the shipping module keeps them). */
  shipping: Pick<ShippingService, 'paymentQr'>;
  now?: () => Date;
  /** Days a proforma invoice is valid from the order date (30). */
  validityDays?: number;
  /**
   * A quote's quotation PDF (the quotes module, made after this one: looked up when a mail leaves),
   * for the "quote sent" mail's attachment; undefined when the quote no longer exists.
   */
  quotes?: () => { mailDocument(quoteId: number, locale: TLocale): Promise<RenderedDocument | undefined> };
}

/** A reference to a document in an outbox mail's payload, rendered when the mail is delivered: an order's, or a quote's quotation. */
export type DocumentAttachmentRef =
  { document: TOrderDocumentKind; orderId: number; locale: TLocale } | { document: 'quote'; quoteId: number; locale: TLocale };

export interface RenderedDocument {
  fileName: string;
  pdf: Buffer;
}

/** A file attached to an e-mail (nodemailer's shape). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const SHOP_NAME = 'Cubeshop';

/**
 * Order documents (docs/orders.md, Documents): the proforma invoice, the commercial invoice and
 * the packing list as PDF in zh or en, for the order's buyer and for staff, one at a time or as
 * a zip of many orders; and the proforma attached to the "order placed" mail.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const now = deps.now ?? (() => new Date());
  const validityDays = deps.validityDays ?? 30;

  /** The seller on the documents: the owner's setting (name, then its address on the next line), else the bank account's holder, else the shop. */
  async function seller(): Promise<string> {
    const set = await deps.settings.get('documentSeller');
    const name = set ? [set.name, set.address].filter(Boolean).join('\n') : (await deps.settings.get('bankTransfer'))?.accountName;
    return name || SHOP_NAME;
  }

  async function render(kind: TOrderDocumentKind, order: TOrderDetail, locale: TLocale, parcel?: DocumentContext['parcel']): Promise<RenderedDocument> {
    // The proforma prints the QR picture of the order's payment method, when the method has one.
    const qr = kind === 'proforma' && order.paymentInstructions?.qrUrl ? (await deps.shipping.paymentQr(order.paymentInstructions.method.id))?.png : undefined;
    const pdf = await renderDocument(kind, order, {
      locale,
      issuedAt: now(),
      validityDays,
      seller: await seller(),
      regionName: deps.regionName(order.deliveryRegionId, locale),
      paymentQr: qr,
      parcel,
    });
    return { fileName: parcel ? shipmentPackingListFileName(order.id, parcel.number) : orderDocumentFileName(order.id, kind), pdf };
  }

  async function staffOrder(id: number, locale: TLocale): Promise<TOrderDetail> {
    const order = await deps.orders.buyerView(id, locale);
    if (!order) throw notFound('orderNotFound');
    return order;
  }

  return {
    /**
     * GET /api/orders/{id}/documents/{kind}.pdf. A buyer's request for someone else's order is
     * NOT_FOUND (as the order API answers); the commercial invoice and packing list reach the buyer
     * once the order has left the warehouse (CONFLICT before). Staff get every kind at any time.
     */
    async document(viewer: DocumentViewer, orderId: number, kind: TOrderDocumentKind, locale: TLocale, shipmentId?: number): Promise<RenderedDocument> {
      if (shipmentId !== undefined && kind !== 'packing-list') throw badRequest('shipmentPackingListOnly', {}, { field: 'shipment', rule: 'packingListOnly' });
      const order = viewer.staff ? await staffOrder(orderId, locale) : await deps.orders.detail(viewer.userId, orderId, locale);
      // A parcel's packing list (docs/orders.md, Split shipments): the buyer has it once the parcel left.
      if (shipmentId !== undefined) {
        const parcel = parcelOrder(order, shipmentId);
        if (!parcel) throw notFound('shipmentNotFound');
        return render(kind, parcel.order, locale, parcel.context);
      }
      if (!viewer.staff && !buyerDocumentKinds(order.status).includes(kind)) throw conflict('documentNotReady');
      return render(kind, order, locale);
    },

    /**
     * Staff: one kind for many orders as a zip (rendered one after another while it streams).
     * Every order is looked up first: an unknown id is NOT_FOUND before a byte is sent.
     */
    async bulk(ids: readonly number[], kind: TOrderDocumentKind, locale: TLocale): Promise<{ fileName: string; zip: Readable }> {
      const orders: TOrderDetail[] = [];
      for (const id of ids) orders.push(await staffOrder(id, locale));
      const zip = new ZipArchive({ store: true });
      void (async () => {
        try {
          for (const order of orders) {
            const doc = await render(kind, order, locale);
            zip.append(doc.pdf, { name: doc.fileName, date: now() });
            // Let other requests in between two documents.
            await new Promise((resolve) => setImmediate(resolve));
          }
          await zip.finalize();
        } catch (err) {
          zip.destroy(err instanceof Error ? err : new Error(String(err)));
        }
      })();
      return { fileName: `${kind}-${ids.length}-orders.zip`, zip };
    },

    /**
     * The attachments of an outbox mail (its payload's `attachments`: DocumentAttachmentRef[]).
     * A reference to an order or quote that no longer exists is left out rather than holding the mail.
     */
    async mailAttachments(refs: unknown): Promise<MailAttachment[] | undefined> {
      if (!Array.isArray(refs) || refs.length === 0) return undefined;
      const out: MailAttachment[] = [];
      for (const ref of refs as DocumentAttachmentRef[]) {
        if (ref.document === 'quote') {
          const doc = await deps.quotes?.().mailDocument(ref.quoteId, ref.locale);
          if (doc) out.push({ filename: doc.fileName, content: doc.pdf, contentType: 'application/pdf' });
          continue;
        }
        const order = await deps.orders.buyerView(ref.orderId, ref.locale);
        if (!order) continue;
        const doc = await render(ref.document, order, ref.locale);
        out.push({ filename: doc.fileName, content: doc.pdf, contentType: 'application/pdf' });
      }
      return out;
    },

    /** A quote as a quotation PDF (docs/orders.md, Quotes), with the same seller and layout as the order documents. */
    async quote(quote: TQuote, buyer: string, locale: TLocale): Promise<RenderedDocument> {
      const pdf = await renderQuote(quote, { locale, issuedAt: now(), seller: await seller(), buyer });
      return { fileName: quoteFileName(quote.id), pdf };
    },

    render,
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
