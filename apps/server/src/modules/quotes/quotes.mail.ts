import escapeHtml from 'escape-html';
import type { TLocale } from '@cubeshop/shared';

// The buyer's e-mail when staff send a quote (docs/orders.md, Quotes), in the buyer's language, as
// text and HTML (names escaped). Rendered when the quote is sent and stored in the outbox with it.

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
        '在报价页面填写收货地址、运输和付款方式即可按报价下单；报价单 PDF 也可在该页面下载。',
      ]
    : [
        `We have prepared the quote you asked for: ${f.total} including freight, valid until ${f.validUntil}.`,
        'Accept it on the quote page with your delivery address, shipping and payment choices to place the order at these prices; the quotation PDF is there too.',
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
