import { formatMoney, type TLocale, type TQuote, type TQuoteStatus } from '@cubeshop/shared';
import { block, CONTENT_WIDTH, createDoc, ensureRoom, fields, finish, footers, GREY, PAGE, rule, table, type Cell, type Column } from './documents.pdf.js';
import { shopDate } from './documents.render.js';

// The quotation (docs/orders.md, Quotes) as PDF, with the order documents' machinery and layout:
// the quoted lines, freight and total, the validity date and the buyer's message, in zh or en.

export interface QuoteDocumentContext {
  locale: TLocale;
  issuedAt: Date;
  seller: string;
  /** The buyer's name (and company) as the account has it. */
  buyer: string;
}

const TEXT = {
  zh: {
    title: '报价单',
    shop: 'Cubeshop 魔方商城',
    number: '单号',
    quoteDate: '询价日期',
    issueDate: '开具日期',
    validUntil: '有效期至',
    currency: '币种',
    status: '状态',
    seller: '卖方',
    buyer: '买方',
    line: '#',
    product: '商品',
    itemNo: '商品编号',
    qty: '数量',
    unitPrice: '单价',
    amount: '金额',
    goods: '商品金额',
    freight: '运费',
    total: '合计',
    notPriced: '待报价',
    message: '买家留言',
    terms: (date: string) => `本报价有效期至 ${date}（含当日）。接受报价时选择的付款方式如有手续费，将另行计入订单。`,
    statuses: { requested: '报价中', sent: '已报价', accepted: '已接受', withdrawn: '已撤回', expired: '已过期' } as Record<TQuoteStatus, string>,
    page: (n: number, of: number) => `第 ${n} / ${of} 页`,
  },
  en: {
    title: 'Quotation',
    shop: 'Cubeshop',
    number: 'No.',
    quoteDate: 'Requested',
    issueDate: 'Date of issue',
    validUntil: 'Valid until',
    currency: 'Currency',
    status: 'Status',
    seller: 'Seller',
    buyer: 'Buyer',
    line: '#',
    product: 'Product',
    itemNo: 'Item no.',
    qty: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    goods: 'Goods',
    freight: 'Freight',
    total: 'Total',
    notPriced: 'to be quoted',
    message: "Buyer's message",
    terms: (date: string) =>
      `This quotation is valid until ${date} (inclusive). A surcharge of the payment method chosen on acceptance, if any, is added to the order.`,
    statuses: { requested: 'Being prepared', sent: 'Quoted', accepted: 'Accepted', withdrawn: 'Withdrawn', expired: 'Expired' } as Record<TQuoteStatus, string>,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;

/** One quote as PDF bytes (QT-{id}). */
export async function renderQuote(quote: TQuote, ctx: QuoteDocumentContext): Promise<Buffer> {
  const t = TEXT[ctx.locale];
  const number = `QT-${quote.id}`;
  const money = (v: number | null) => (v === null ? t.notPriced : formatMoney(Math.round(v * 100), quote.currency));
  const doc = createDoc({ title: `${t.title} ${number}`, subject: number });
  const top = PAGE.margin;
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('black')
    .text(t.shop, PAGE.margin, top, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc
    .font('bold')
    .fontSize(16)
    .text(t.title, PAGE.margin + CONTENT_WIDTH / 2, top, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(number, PAGE.margin + CONTENT_WIDTH / 2, top + 21, { width: CONTENT_WIDTH / 2, align: 'right' });
  doc.fillColor('black');
  rule(doc, top + 36);

  const y = top + 44;
  const half = CONTENT_WIDTH / 2 - 8;
  const sellerBottom = block(doc, PAGE.margin, y, half, t.seller, [ctx.seller]);
  const buyerBottom = block(doc, PAGE.margin, sellerBottom + 8, half, t.buyer, [ctx.buyer]);
  const metaBottom = fields(doc, PAGE.margin + CONTENT_WIDTH / 2 + 8, y, half, [
    [t.number, number],
    [t.quoteDate, shopDate(new Date(quote.createdTime))],
    [t.issueDate, shopDate(ctx.issuedAt)],
    [t.validUntil, quote.validUntil],
    [t.currency, quote.currency],
    [t.status, t.statuses[quote.status]],
  ]);
  doc.y = Math.max(buyerBottom, metaBottom) + 12;

  const columns: Column[] = [
    { header: t.line, width: 22 },
    { header: t.product, width: 251 },
    { header: t.itemNo, width: 60 },
    { header: t.qty, width: 50, align: 'right' },
    { header: t.unitPrice, width: 70, align: 'right' },
    { header: t.amount, width: CONTENT_WIDTH - 453, align: 'right' },
  ];
  const rows = quote.lines.map((l, i): Cell[] => [
    String(i + 1),
    l.typeName ? `${l.name} · ${l.typeName}` : l.name,
    String(l.itemId),
    String(l.quantity),
    money(l.unitPrice),
    money(l.amount),
  ]);
  table(doc, columns, rows);

  const totals: [string, string][] = [
    [t.goods, money(quote.goodsAmount)],
    [t.freight, money(quote.freight)],
    [`${t.total} (${quote.currency})`, money(quote.totalAmount)],
  ];
  ensureRoom(doc, totals.length * 13 + 10);
  const width = 260;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  let at = doc.y + 6;
  totals.forEach(([label, value], i) => {
    const strong = i === totals.length - 1;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 8.5)
      .fillColor('black');
    doc.text(label, x, at, { width: width - 100, lineBreak: false });
    doc.text(value, x + width - 100, at, { width: 100, align: 'right', lineBreak: false });
    at += strong ? 15 : 12;
  });
  doc.y = at + 10;

  if (quote.message) {
    ensureRoom(doc, 40);
    doc.font('bold').fontSize(9).fillColor('black').text(t.message, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc
      .font('regular')
      .fontSize(8.5)
      .text(quote.message, PAGE.margin, doc.y + 2, { width: CONTENT_WIDTH });
    doc.y += 8;
  }
  if (quote.validUntil) {
    ensureRoom(doc, 30);
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(GREY)
      .text(t.terms(quote.validUntil), PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });
    doc.fillColor('black');
  }
  footers(doc, t.page, `${t.title} ${number}`);
  return finish(doc);
}
