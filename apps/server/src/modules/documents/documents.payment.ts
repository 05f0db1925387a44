import type { TLocale, TOrderDetail } from '@cubeshop/shared';
import { CONTENT_WIDTH, ensureRoom, fields, GREY, PAGE, type Doc } from './documents.pdf.js';
import type { DocumentText } from './documents.text.js';

// The proforma's payment block (docs/orders.md, Documents): how to pay the order. T/T orders get
// the shop's bank details, orders paid another way the method's instructions (receiver, account,
// a note, and the QR picture to scan when the method has one); both with the order number as the
// reference to quote. Then the proforma's validity and the buyer's comment.

const WORDS = {
  zh: {
    title: (method: string) => `${method}付款说明`,
    receiver: '收款人',
    account: '收款账号',
    reference: '付款附言',
    referenceNote: '付款时请注明订单号',
    note: '说明',
    scan: '扫码付款',
  },
  en: {
    title: (method: string) => `How to pay by ${method}`,
    receiver: 'Receiver',
    account: 'Account',
    reference: 'Payment reference',
    referenceNote: 'Please quote the order number with your payment',
    note: 'Note',
    scan: 'Scan to pay',
  },
} as const;

export interface PaymentBlockOptions {
  locale: TLocale;
  /** The proforma's validity sentence, printed under the payment details. */
  validity: string;
  /** The payment method's QR picture (PNG or JPEG bytes), when it has one. */
  qrPng?: Buffer | undefined;
}

/** Side of the printed QR picture (points: about 4 cm, scannable from paper or a screen). */
const QR_SIDE = 112;
const LABEL_WIDTH = 110;

function bankDetails(doc: Doc, bank: NonNullable<TOrderDetail['bankTransfer']>, t: DocumentText): void {
  ensureRoom(doc, 100);
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor('black')
    .text(t.bankTitle, PAGE.margin, doc.y + 6);
  doc.y = fields(
    doc,
    PAGE.margin,
    doc.y + 2,
    CONTENT_WIDTH,
    [
      [t.accountName, bank.accountName],
      [t.bank, bank.bank],
      [t.bankAddress, bank.bankAddress],
      [t.swift, bank.swift],
      [t.accountNumber, bank.accountNumber],
      [t.reference, `${bank.reference} (${t.referenceNote})`],
    ],
    LABEL_WIDTH,
  );
}

function instructions(doc: Doc, pay: NonNullable<TOrderDetail['paymentInstructions']>, locale: TLocale, qrPng: Buffer | undefined): void {
  const w = WORDS[locale];
  const qr = pay.qrUrl && qrPng ? qrPng : undefined;
  const textWidth = qr ? CONTENT_WIDTH - QR_SIDE - 16 : CONTENT_WIDTH;
  const rows: [string, string | null][] = [
    [w.receiver, pay.receiver],
    [w.account, pay.account],
    [w.reference, `${pay.reference} (${w.referenceNote})`],
    [w.note, pay.note],
  ];
  // Room for the whole block on one page: the title, the rows (the note may wrap) or the picture.
  doc.font('regular').fontSize(8.5);
  const rowsHeight = rows.reduce((h, [, v]) => h + (v ? Math.max(12, doc.heightOfString(v, { width: textWidth - LABEL_WIDTH }) + 1) : 0), 0);
  ensureRoom(doc, 22 + Math.max(rowsHeight, qr ? QR_SIDE + 14 : 0));
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor('black')
    .text(w.title(pay.method.name), PAGE.margin, doc.y + 6, { width: CONTENT_WIDTH });
  const top = doc.y + 2;
  let bottom = fields(doc, PAGE.margin, top, textWidth, rows, LABEL_WIDTH);
  if (qr) {
    const x = PAGE.margin + CONTENT_WIDTH - QR_SIDE;
    try {
      doc.image(qr, x, top, { fit: [QR_SIDE, QR_SIDE] });
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor(GREY)
        .text(w.scan, x, top + QR_SIDE + 2, { width: QR_SIDE, align: 'center' });
      bottom = Math.max(bottom, doc.y);
    } catch {
      // A picture pdfkit cannot read is left out rather than failing the document.
    }
  }
  doc.fillColor('black');
  doc.y = bottom;
}

/**
 * How to pay the order, then the proforma's validity and the buyer's comment. Nothing about
 * payment is printed when the order has neither bank details nor instructions (PayPal, or a
 * method with nothing set).
 */
export function paymentBlock(doc: Doc, order: TOrderDetail, t: DocumentText, options: PaymentBlockOptions): void {
  if (order.bankTransfer) bankDetails(doc, order.bankTransfer, t);
  else if (order.paymentInstructions) instructions(doc, order.paymentInstructions, options.locale, options.qrPng);
  ensureRoom(doc, 40);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(GREY)
    .text(options.validity, PAGE.margin, doc.y + 8, { width: CONTENT_WIDTH });
  if (order.comment) doc.text(`${t.comment}: ${order.comment}`, PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });
  doc.fillColor('black');
}
