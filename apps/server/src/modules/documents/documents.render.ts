import { CARRIERS, formatMoney, type TLocale, type TOrderDetail, type TOrderDocumentKind, type TOrderLine } from '@cubeshop/shared';
import {
  block,
  CONTENT_WIDTH,
  createDoc,
  ensureRoom,
  fields,
  finish,
  footers,
  GREY,
  PAGE,
  rule,
  table,
  type Cell,
  type Column,
  type Doc,
} from './documents.pdf.js';
import { paymentBlock } from './documents.payment.js';
import { DOCUMENT_PREFIX, documentText, type DocumentText } from './documents.text.js';

// The three order documents (docs/orders.md, Documents) as PDF, from the order as its reader
// sees it (TOrderDetail: names already in the document's language). Quantities and prices are
// the actual ones staff recorded after packing, else as ordered (the detail's actual* fields).

export interface DocumentContext {
  locale: TLocale;
  /** When the document is made (the commercial invoice and packing list are dated by it). */
  issuedAt: Date;
  /** The proforma is valid this many days from the order date. */
  validityDays: number;
  /** The seller's name (the bank account's holder when set, else the shop). */
  seller: string;
  /** The delivery country or region, by name, in the document's language. */
  regionName: string;
  /** The proforma's QR picture to pay by (the order's payment method's), when it has one. */
  paymentQr?: Buffer | undefined;
  /** A parcel's packing list (docs/orders.md, Split shipments): its number, and how many parcels there are once all left. */
  parcel?: { number: number; of: number | null } | undefined;
}

/** The document's number: PL-10000123, and PL-10000123-2 for parcel 2's packing list. */
const documentNumber = (kind: TOrderDocumentKind, order: Pick<TOrderDetail, 'id'>, ctx: Pick<DocumentContext, 'parcel'>) =>
  `${DOCUMENT_PREFIX[kind]}-${order.id}${ctx.parcel ? `-${ctx.parcel.number}` : ''}`;

const SHOP_OFFSET_MS = 8 * 3_600_000;
/** A day as the shop counts it (UTC+8): 2025-01-31. */
export const shopDate = (d: Date) => new Date(d.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

const kg = (v: number | null) => (v === null ? '–' : v.toFixed(4));
const m3 = (v: number | null) => (v === null ? '–' : v.toFixed(4));
const times = (v: number | null, q: number) => (v === null ? null : v * q);

interface LineFigures {
  line: TOrderLine;
  qty: number;
  nw: number | null;
  gw: number | null;
  volume: number | null;
}

const figures = (order: TOrderDetail): LineFigures[] =>
  order.items.map((line) => ({
    line,
    qty: line.actualQuantity,
    nw: times(line.nw, line.actualQuantity),
    gw: times(line.gw, line.actualQuantity),
    volume: times(line.volume, line.actualQuantity),
  }));

const sum = (values: (number | null)[]) => values.reduce<number>((a, v) => a + (v ?? 0), 0);

function productCell(f: LineFigures, t: DocumentText): Cell {
  const { line } = f;
  const name = line.typeName ? `${line.name} · ${line.typeName}` : line.name;
  return { text: name, note: line.actualQuantity !== line.quantity ? `${t.ordered}: ${line.quantity}` : null };
}

function heading(doc: Doc, kind: TOrderDocumentKind, order: TOrderDetail, t: DocumentText, ctx: DocumentContext): void {
  const top = PAGE.margin;
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('black')
    .text(t.shop, PAGE.margin, top, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc
    .font('bold')
    .fontSize(16)
    .text(t.title[kind], PAGE.margin + CONTENT_WIDTH / 2, top, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(documentNumber(kind, order, ctx), PAGE.margin + CONTENT_WIDTH / 2, top + 21, { width: CONTENT_WIDTH / 2, align: 'right' });
  doc.fillColor('black');
  rule(doc, top + 36);
  doc.y = top + 44;
}

/** Parties on the left, the document's facts on the right. */
function parties(doc: Doc, kind: TOrderDocumentKind, order: TOrderDetail, ctx: DocumentContext, t: DocumentText): void {
  const y = doc.y;
  const half = CONTENT_WIDTH / 2 - 8;
  const right = PAGE.margin + CONTENT_WIDTH / 2 + 8;
  const sellerBottom = block(doc, PAGE.margin, y, half, kind === 'proforma' ? t.seller : t.shipper, [ctx.seller, t.origin]);
  const placed = new Date(order.createdTime);
  const meta: [string, string | null][] = [
    [t.number, documentNumber(kind, order, ctx)],
    [t.order, String(order.id)],
    ...(ctx.parcel ? ([[t.parcel, ctx.parcel.of ? `${ctx.parcel.number} / ${ctx.parcel.of}` : String(ctx.parcel.number)]] as [string, string][]) : []),
    [t.orderDate, shopDate(placed)],
    [kind === 'proforma' ? t.validUntil : t.issueDate, shopDate(kind === 'proforma' ? addDays(placed, ctx.validityDays) : ctx.issuedAt)],
    [t.currency, order.currency],
  ];
  const metaBottom = fields(doc, right, y, half, meta);
  const y2 = Math.max(sellerBottom, metaBottom) + 8;
  const address = [
    order.deliveryUser,
    order.deliveryCompany,
    order.deliveryAddress,
    order.deliveryAddress2,
    [order.deliveryCity, order.deliveryState, order.deliveryPostalCode].filter(Boolean).join(', '),
    ctx.regionName,
    `${t.phone}: ${order.deliveryPhone}`,
    order.deliveryTaxId ? `${t.taxId}: ${order.deliveryTaxId}` : null,
  ];
  const buyerBottom = block(doc, PAGE.margin, y2, half, kind === 'proforma' ? t.buyer : t.consignee, address);
  const shipping: [string, string | null][] = [
    [t.shipping, order.expressMethod.name],
    [t.payment, order.payMethod.name],
    ...(kind === 'proforma'
      ? []
      : ([
          [t.carrier, order.carrier ? CARRIERS[order.carrier].name || null : null],
          [t.tracking, order.trackingNumber],
        ] as [string, string | null][])),
  ];
  const shippingBottom = fields(doc, right, y2 + 13, half, shipping);
  doc.y = Math.max(buyerBottom, shippingBottom) + 12;
}

function linesTable(doc: Doc, order: TOrderDetail, t: DocumentText): void {
  const money = (v: number) => formatMoney(Math.round(v * 100), order.currency);
  const columns: Column[] = [
    { header: t.line, width: 22 },
    { header: t.product, width: 221 },
    { header: t.itemNo, width: 50 },
    { header: t.qty, width: 45, align: 'right' },
    { header: t.unitPrice, width: 65, align: 'right' },
    { header: t.amount, width: 70, align: 'right' },
    { header: t.gw, width: CONTENT_WIDTH - 473, align: 'right' },
  ];
  const rows = figures(order).map((f, i): Cell[] => [
    String(i + 1),
    productCell(f, t),
    String(f.line.itemId),
    String(f.qty),
    money(f.line.actualPrice),
    money(f.line.actualAmount),
    kg(f.gw),
  ]);
  table(doc, columns, rows);
}

/** Label and amount lines, right-aligned under the table. */
function totals(doc: Doc, rows: [string, string][], boldLast = true): void {
  ensureRoom(doc, rows.length * 13 + 10);
  const width = 260;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  let y = doc.y + 6;
  rows.forEach(([label, value], i) => {
    const strong = boldLast && i === rows.length - 1;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 8.5)
      .fillColor('black');
    doc.text(label, x, y, { width: width - 100, lineBreak: false });
    doc.text(value, x + width - 100, y, { width: 100, align: 'right', lineBreak: false });
    y += strong ? 15 : 12;
  });
  doc.y = y + 6;
}

function money(order: TOrderDetail) {
  return (v: number) => formatMoney(Math.round(v * 100), order.currency);
}

/** The charge as packed (order.money: the same figures as the order pages), then each credit note and what is owed after them. */
function amountRows(order: TOrderDetail, t: DocumentText): [string, string][] {
  const m = money(order);
  const { charged, credited, owed } = order.money;
  return [
    [t.goods, m(charged.goods)],
    [`${t.freight} (${order.expressMethod.name}${order.freeShipping ? `, ${t.freeShipping}` : ''})`, m(charged.freight)],
    ...(charged.surcharge ? ([[`${t.surcharge} (${order.surchargePercent}%)`, m(charged.surcharge)]] as [string, string][]) : []),
    [`${t.total} (${order.currency})`, m(charged.total)],
    ...order.credits.map((c): [string, string] => [`${t.creditNote} ${c.number}`, m(-c.amount)]),
    ...(order.status === 'cancel'
      ? ([[`${t.owedCancelled} (${order.currency})`, m(owed)]] as [string, string][])
      : credited
        ? ([[`${t.owed} (${order.currency})`, m(owed)]] as [string, string][])
        : []),
  ];
}

/** What was paid, refunded and is still due (or owed back): the invoice's settlement lines. */
function settlementRows(order: TOrderDetail, t: DocumentText): [string, string][] {
  const m = money(order);
  const { paid, refunded, toPay, refundDue } = order.money;
  return [
    [t.paid, m(paid)],
    ...(refunded ? ([[t.refunded, m(refunded)]] as [string, string][]) : []),
    refundDue > 0 ? [t.refundDue, m(refundDue)] : [t.balance, m(toPay)],
  ];
}

function weightRows(doc: Doc, order: TOrderDetail, t: DocumentText, withPackages: boolean): void {
  const f = figures(order);
  const rows: [string, string][] = [
    ...(withPackages ? ([[t.packages, t.cartons(1)]] as [string, string][]) : []),
    [t.totalNw, `${kg(sum(f.map((x) => x.nw)))} kg`],
    [t.totalGw, `${kg(sum(f.map((x) => x.gw)))} kg`],
    [t.totalVolume, `${m3(sum(f.map((x) => x.volume)))} m³`],
    ...(withPackages ? [] : ([[t.chargeable, `${kg(order.actualChargeableWeight)} kg`]] as [string, string][])),
  ];
  ensureRoom(doc, rows.length * 12 + 8);
  doc.y = fields(doc, PAGE.margin, doc.y + 4, CONTENT_WIDTH / 2, rows, 110) + 4;
}

function marksBlock(doc: Doc, order: TOrderDetail, ctx: DocumentContext, t: DocumentText): void {
  const carton = ctx.parcel ? `C/NO. ${ctx.parcel.number}${ctx.parcel.of ? `/${ctx.parcel.of}` : ''}` : 'C/NO. 1/1';
  const lines = [
    order.deliveryShippingMark || order.deliveryUser,
    `${order.deliveryCity}, ${ctx.regionName}`,
    `${t.order} ${order.id}`,
    carton,
    'MADE IN CHINA',
  ];
  ensureRoom(doc, 90);
  doc
    .font('bold')
    .fontSize(9.5)
    .text(t.marks, PAGE.margin, doc.y + 8);
  const y = doc.y + 3;
  doc.font('regular').fontSize(9);
  doc.y = y + 4;
  for (const line of lines) doc.text(line, PAGE.margin + 8, doc.y + 1, { width: 240 });
  doc
    .save()
    .rect(PAGE.margin, y, 256, doc.y - y + 6)
    .lineWidth(0.8)
    .strokeColor('#333333')
    .stroke()
    .restore();
  doc.y += 12;
}

function packingTable(doc: Doc, order: TOrderDetail, t: DocumentText): void {
  const columns: Column[] = [
    { header: t.line, width: 22 },
    { header: t.product, width: 261 },
    { header: t.itemNo, width: 50 },
    { header: t.qty, width: 45, align: 'right' },
    { header: t.nw, width: 48, align: 'right' },
    { header: t.gw, width: 48, align: 'right' },
    { header: t.volume, width: CONTENT_WIDTH - 474, align: 'right' },
  ];
  const rows = figures(order).map((f, i): Cell[] => [String(i + 1), productCell(f, t), String(f.line.itemId), String(f.qty), kg(f.nw), kg(f.gw), m3(f.volume)]);
  table(doc, columns, rows);
}

/** One order document as PDF bytes. */
export async function renderDocument(kind: TOrderDocumentKind, order: TOrderDetail, ctx: DocumentContext): Promise<Buffer> {
  const t = documentText(ctx.locale);
  const doc = createDoc({ title: `${t.title[kind]} ${documentNumber(kind, order, ctx)}`, subject: `${t.order} ${order.id}` });
  heading(doc, kind, order, t, ctx);
  parties(doc, kind, order, ctx, t);
  if (kind === 'packing-list') {
    packingTable(doc, order, t);
    weightRows(doc, order, t, true);
    marksBlock(doc, order, ctx, t);
  } else {
    linesTable(doc, order, t);
    totals(doc, amountRows(order, t));
    if (order.money.changed) {
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(GREY)
        .text(t.orderedTotal(money(order)(order.money.ordered.total)), PAGE.margin, doc.y - 4, { width: CONTENT_WIDTH, align: 'right' });
      doc.fillColor('black');
    }
    weightRows(doc, order, t, false);
    // What was received so far and what is left (a proforma sent again after a part payment says what is still due).
    if (kind === 'proforma' && (order.money.paid || order.money.credited))
      doc.y = fields(doc, PAGE.margin, doc.y + 2, CONTENT_WIDTH, settlementRows(order, t), 110);
    if (kind === 'proforma') {
      const validUntil = shopDate(addDays(new Date(order.createdTime), ctx.validityDays));
      paymentBlock(doc, order, t, { locale: ctx.locale, validity: t.validity(ctx.validityDays, validUntil), qrPng: ctx.paymentQr });
    } else {
      doc.y = fields(doc, PAGE.margin, doc.y + 2, CONTENT_WIDTH, [...settlementRows(order, t), [t.countryOfOrigin, t.origin]], 110);
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(GREY)
        .text(t.declaration, PAGE.margin, doc.y + 8, { width: CONTENT_WIDTH });
    }
  }
  footers(doc, t.page, `${t.title[kind]} ${documentNumber(kind, order, ctx)}`);
  return finish(doc);
}
