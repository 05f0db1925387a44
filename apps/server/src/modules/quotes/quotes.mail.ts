import escapeHtml from 'escape-html';
import type { TLocale } from '@cubeshop/shared';

// The buyer's e-mail when staff send a quote (docs/orders.md, Quotes), in the buyer's language, as
// text and HTML (names escaped). Rendered when the quote is sent and stored in the outbox with it;
// the quotation PDF is attached when the mail leaves (documents.service.ts, mailAttachments).

export interface QuoteMailFacts {
  quoteId: number;
  buyerName: string;
  /** The total as the quote page shows it (formatted with its currency). */
  total: string;
  /** The last valid day (YYYY-MM-DD, shop time). */
  validUntil: string;
  quoteUrl: string;
}

export function quoteSentMail(f: QuoteMailFacts, locale: TLocale): { subject: string; text: string; html: string } {
  const zh = locale === 'zh';
  const subject = zh ? `您的报价单 QT-${f.quoteId} 已准备好` : `Your quote QT-${f.quoteId} is ready`;
  const hello = zh ? `${f.buyerName}，您好：` : `Hello ${f.buyerName},`;
  const body = zh
    ? [
        `我们已为您的询价准备好报价，合计 ${f.total}（运费在内），有效期至 ${f.validUntil}。`,
        '在报价页面填写收货地址、运输和付款方式即可按报价下单。报价单 PDF 已附在本邮件中，也可在该页面下载。',
      ]
    : [
        `We have prepared the quote you asked for: ${f.total} including freight, valid until ${f.validUntil}.`,
        'Accept it on the quote page with your delivery address, shipping and payment choices to place the order at these prices. The quotation is attached as a PDF, and you can download it from that page too.',
      ];
  const view = zh ? '查看报价' : 'View your quote';
  const sign = zh ? 'Cubeshop 魔方商城' : 'The Cubeshop team';
  const text = [hello, '', ...body, '', `${view}: ${f.quoteUrl}`, '', sign].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...body.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(f.quoteUrl)}">${escapeHtml(view)}</a></p>`,
    `<p>${escapeHtml(sign)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

export interface QuoteRequestMailFacts {
  quoteId: number;
  /** The staff member mailed. */
  staffName: string;
  /** The buyer: name or account, and e-mail when known. */
  buyer: string;
  lineCount: number;
  pieceCount: number;
  /** What the buyer wrote (plain text, escaped in the HTML). */
  message: string;
  /** The staff page of the quote, /admin/quotes/{id}. */
  adminUrl: string;
}

/**
 * The mail to sales staff (docs/orders.md, Quotes) when a buyer asks for a quote, in the staff
 * member's language: who asked, for how much, their message and the link to price it.
 */
export function quoteRequestedMail(f: QuoteRequestMailFacts, locale: TLocale): { subject: string; text: string; html: string } {
  const zh = locale === 'zh';
  const subject = zh ? `新询价 QT-${f.quoteId}：${f.buyer}` : `New quote request QT-${f.quoteId} from ${f.buyer}`;
  const hello = zh ? `${f.staffName}，您好：` : `Hello ${f.staffName},`;
  const what = zh
    ? `${f.buyer} 请求报价：${f.lineCount} 个商品行，共 ${f.pieceCount} 件。`
    : `${f.buyer} asks for a quote: ${f.lineCount} ${f.lineCount === 1 ? 'line' : 'lines'}, ${f.pieceCount} ${f.pieceCount === 1 ? 'piece' : 'pieces'} in all.`;
  const said = zh ? '买家留言：' : 'Their message:';
  const view = zh ? '查看并报价' : 'Price and send the quote';
  const text = [hello, '', what, '', said, f.message, '', `${view}: ${f.adminUrl}`].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(said)}</p>`,
    `<blockquote>${escapeHtml(f.message).replace(/\n/g, '<br>')}</blockquote>`,
    `<p><a href="${escapeHtml(f.adminUrl)}">${escapeHtml(view)}</a></p>`,
  ].join('\n');
  return { subject, text, html };
}
