import escapeHtml from 'escape-html';
import { CARRIERS, type TCarrier, type TLocale } from '@cubeshop/shared';
import type { RenderedMail } from './orders.mail.js';

// The mail of one parcel of an order that leaves in several (docs/orders.md, Split shipments), in
// the buyer's language: carrier, tracking number and link, what is in the parcel, what is still to
// come. Rendered when the parcel is recorded and stored in the outbox (one per parcel).

export interface ParcelMailFacts {
  orderId: number;
  buyerName: string;
  /** The parcel's number within the order (1, 2, ...). */
  number: number;
  carrier: TCarrier | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Lines in this parcel, named in the buyer's language. */
  lines: { name: string; quantity: number }[];
  /** Packed pieces still to leave, per line (empty: this was the last parcel). */
  toCome: { name: string; quantity: number }[];
  orderUrl: string;
}

export function parcelMail(f: ParcelMailFacts, locale: TLocale): RenderedMail {
  const zh = locale === 'zh';
  const carrier = f.carrier && CARRIERS[f.carrier].name ? CARRIERS[f.carrier].name : zh ? '承运商' : 'the carrier';
  const item = (l: { name: string; quantity: number }) => (zh ? `· ${l.name} × ${l.quantity}` : `- ${l.name} × ${l.quantity}`);
  const last = f.toCome.length === 0;
  const subject = zh ? `订单 ${f.orderId} 的第 ${f.number} 个包裹已发货` : `Parcel ${f.number} of your order ${f.orderId} has shipped`;
  const lines = zh
    ? [
        `您订单的第 ${f.number} 个包裹已出库，由 ${carrier} 承运。`,
        f.trackingNumber ? `运单号：${f.trackingNumber}` : '运单号将在包裹交给承运商后更新。',
        '本包裹内有：',
        ...f.lines.map(item),
        ...(last ? ['这是最后一个包裹：您订购的商品已全部发出。'] : ['以下商品将随后续包裹发出：', ...f.toCome.map(item)]),
        '本包裹的装箱单可在订单页面下载。',
      ]
    : [
        `Parcel ${f.number} of your order left our warehouse with ${carrier}.`,
        f.trackingNumber ? `Tracking number: ${f.trackingNumber}` : 'The tracking number follows once the carrier has the parcel.',
        'In this parcel:',
        ...f.lines.map(item),
        ...(last
          ? ['This was the last parcel: everything you ordered has now left our warehouse.']
          : ['Still to come in a later parcel:', ...f.toCome.map(item)]),
        "The parcel's packing list is on your order page.",
      ];
  const hello = zh ? `${f.buyerName}，您好：` : `Hello ${f.buyerName},`;
  const view = zh ? '查看订单' : 'View your order';
  const track = zh ? '查询物流' : 'Track the parcel';
  const sign = zh ? 'Cubeshop 魔方商城' : 'The Cubeshop team';
  const links = [`${view}: ${f.orderUrl}`, ...(f.trackingUrl ? [`${track}: ${f.trackingUrl}`] : [])];
  const text = [hello, '', ...lines, '', ...links, '', sign].join('\n');
  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${a(f.orderUrl, view)}${f.trackingUrl ? ` · ${a(f.trackingUrl, track)}` : ''}</p>`,
    `<p>${escapeHtml(sign)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
