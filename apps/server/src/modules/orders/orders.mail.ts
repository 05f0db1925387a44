import escapeHtml from 'escape-html';
import { CARRIERS, formatMoney, type TCarrier, type TCurrency, type TLocale } from '@cubeshop/shared';

// The e-mails a buyer gets about an order (docs/orders.md, Buyer e-mail), in the buyer's
// language, as text and HTML. Rendered when the change happens and stored in the outbox, so a
// retry sends exactly what the change said.

export type OrderMailKind = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'refunded' | 'credited' | 'message' | 'reminder' | 'changed';

export interface OrderMailFacts {
  orderId: number;
  buyerName: string;
  currency: TCurrency;
  /** Minor units of the order's currency: what the order comes to after packing (charged). */
  totalMinor: number;
  /** As ordered; differs from totalMinor when staff changed what was packed, a price or the freight. */
  orderedMinor?: number | undefined;
  /** Credit notes so far, refunds so far, and what is owed after credits. */
  creditedMinor?: number | undefined;
  refundedMinor?: number | undefined;
  owedMinor?: number | undefined;
  /** > 0 the buyer owes it; < 0 the shop owes it back. */
  balanceMinor: number;
  /** The payment, refund or credit of this mail (paid, refunded, credited). */
  amountMinor?: number | undefined;
  /** The credit note's number (credited). */
  credit?: string | undefined;
  carrier?: TCarrier | null | undefined;
  trackingNumber?: string | null | undefined;
  trackingUrl?: string | null | undefined;
  reason?: string | null | undefined;
  /** A staff member's message to the buyer (kind message). */
  message?: string | undefined;
  /** The buyer's order page. */
  orderUrl: string;
  /** Bank transfer: pay to this reference (the order id). */
  bankTransfer?: boolean | undefined;
  /** How to pay by the order's method (placed), already in the buyer's language. */
  instructionLines?: string[] | undefined;
  /** The day (the shop's, YYYY-MM-DD) after which an unpaid order is cancelled (reminder; none: it is not). */
  cancelOn?: string | undefined;
  /** A line staff added or removed before the goods left (changed), as "name (type) × pieces" in the buyer's language. */
  change?: { kind: 'added' | 'removed'; label: string } | undefined;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Lines = { subject: string; lines: string[] };

/** Where the order's money stands after the change, in a sentence. */
function standing(f: OrderMailFacts, locale: TLocale): string {
  const money = (minor: number) => formatMoney(minor, f.currency);
  if (f.balanceMinor > 0) return locale === 'zh' ? `待付余额：${money(f.balanceMinor)}。` : `Still to pay: ${money(f.balanceMinor)}.`;
  if (f.balanceMinor < 0)
    return locale === 'zh' ? `我们应退还您 ${money(-f.balanceMinor)}，将尽快退款。` : `We owe you ${money(-f.balanceMinor)} and will refund it shortly.`;
  return locale === 'zh' ? '订单款项已结清。' : 'Nothing is left to pay on this order.';
}

function content(kind: OrderMailKind, f: OrderMailFacts, locale: TLocale): Lines {
  const money = (minor: number) => formatMoney(minor, f.currency);
  const carrier = f.carrier ? CARRIERS[f.carrier].name || (locale === 'zh' ? '承运商' : 'the carrier') : locale === 'zh' ? '承运商' : 'the carrier';
  const changed = f.orderedMinor !== undefined && f.orderedMinor !== f.totalMinor;
  const totals = [
    ...(changed
      ? [
          locale === 'zh'
            ? `按实际装箱，订单金额为 ${money(f.totalMinor)}（下单时 ${money(f.orderedMinor!)}）。`
            : `As packed, your order comes to ${money(f.totalMinor)} (ordered: ${money(f.orderedMinor!)}).`,
        ]
      : []),
    ...(f.creditedMinor
      ? [
          locale === 'zh'
            ? `已减免 ${money(f.creditedMinor)}，应付 ${money(f.owedMinor ?? 0)}。`
            : `Credited ${money(f.creditedMinor)}; owed ${money(f.owedMinor ?? 0)}.`,
        ]
      : []),
  ];
  if (locale === 'zh') {
    switch (kind) {
      case 'placed':
        return {
          subject: `订单 ${f.orderId} 已收到`,
          lines: [
            `感谢您的订单！订单号 ${f.orderId}，总额 ${money(f.totalMinor)}。`,
            f.bankTransfer ? `请电汇付款，汇款附言请填写订单号 ${f.orderId}。收到款项后我们会尽快安排发货。` : '收到款项后我们会尽快安排发货。',
            ...(f.instructionLines ?? []),
          ],
        };
      case 'paid':
        return {
          subject: `订单 ${f.orderId} 已收到付款`,
          lines: [
            `我们已收到您的付款 ${money(f.amountMinor ?? 0)}。`,
            ...totals,
            f.balanceMinor === 0 ? '订单已付清，我们正在为您备货。' : standing(f, locale),
          ],
        };
      case 'shipped':
        return {
          subject: `订单 ${f.orderId} 已发货`,
          lines: [
            `您的订单已出库，由 ${carrier} 承运。`,
            f.trackingNumber ? `运单号：${f.trackingNumber}` : '运单号将在包裹交给承运商后更新。',
            ...totals,
            ...(changed || f.balanceMinor !== 0 ? [standing(f, locale)] : []),
          ],
        };
      case 'delivered':
        return { subject: `订单 ${f.orderId} 已签收`, lines: ['您的包裹已签收。感谢您的惠顾！如有问题，请在 7 天内联系我们。'] };
      case 'cancelled':
        return {
          subject: `订单 ${f.orderId} 已取消`,
          lines: ['您的订单已取消。', ...(f.reason ? [`原因：${f.reason}`] : []), ...(f.balanceMinor < 0 ? [standing(f, locale)] : [])],
        };
      case 'refunded':
        return {
          subject: `订单 ${f.orderId} 已退款`,
          lines: [`我们已为您退款 ${money(f.amountMinor ?? 0)}，到账时间取决于您的银行或支付方式。`, ...totals, standing(f, locale)],
        };
      case 'credited':
        return {
          subject: `订单 ${f.orderId} 的减免单 ${f.credit ?? ''}`.trim(),
          lines: [
            `我们为您的订单开具了减免单 ${f.credit ?? ''}，减免 ${money(f.amountMinor ?? 0)}。`,
            ...(f.reason ? [`原因：${f.reason}`] : []),
            ...totals,
            standing(f, locale),
          ],
        };
      case 'message':
        return { subject: `关于订单 ${f.orderId} 的新消息`, lines: [...(f.message ?? '').split('\n'), '如需回复，请在订单页面联系在线客服。'] };
      case 'changed':
        return {
          subject: `订单 ${f.orderId} 已变更`,
          lines: [
            f.change?.kind === 'removed' ? `我们修改了您的订单：删除 ${f.change.label}。` : `我们修改了您的订单：新增 ${f.change?.label ?? ''}。`,
            `订单金额现为 ${money(f.totalMinor)}${f.orderedMinor !== undefined && f.orderedMinor !== f.totalMinor ? `（下单时 ${money(f.orderedMinor)}）` : ''}。`,
            standing(f, locale),
            '变更记录可在订单页面查看。',
          ],
        };
      case 'reminder':
        return {
          subject: `订单 ${f.orderId} 尚待付款`,
          lines: [
            `您的订单 ${f.orderId} 还在等待付款，待付余额：${money(f.balanceMinor)}。`,
            f.bankTransfer ? `请电汇付款，汇款附言请填写订单号 ${f.orderId}。` : '付款方式请见订单页面。',
            ...(f.cancelOn ? [`如届时仍未收到付款，订单将于 ${f.cancelOn}（北京时间）自动取消，为您预留的商品将被释放。`] : []),
            '如您已付款，请忽略本邮件，或回复付款凭证以便我们尽快核对。',
          ],
        };
    }
  }
  switch (kind) {
    case 'placed':
      return {
        subject: `We received your order ${f.orderId}`,
        lines: [
          `Thank you for your order! Order ${f.orderId}, total ${money(f.totalMinor)}.`,
          f.bankTransfer
            ? `Please pay by bank transfer (T/T) with the order number ${f.orderId} as the reference. We ship as soon as the payment arrives.`
            : 'We ship as soon as the payment arrives.',
          ...(f.instructionLines ?? []),
        ],
      };
    case 'paid':
      return {
        subject: `Payment received for order ${f.orderId}`,
        lines: [
          `We received your payment of ${money(f.amountMinor ?? 0)}.`,
          ...totals,
          f.balanceMinor === 0 ? 'Your order is paid in full; we are packing it.' : standing(f, locale),
        ],
      };
    case 'shipped':
      return {
        subject: `Your order ${f.orderId} has shipped`,
        lines: [
          `Your order left our warehouse with ${carrier}.`,
          f.trackingNumber ? `Tracking number: ${f.trackingNumber}` : 'The tracking number follows once the carrier has the parcel.',
          ...totals,
          ...(changed || f.balanceMinor !== 0 ? [standing(f, locale)] : []),
        ],
      };
    case 'delivered':
      return {
        subject: `Order ${f.orderId} was delivered`,
        lines: ['Your parcel was delivered. Thank you for shopping with us! If something is wrong, tell us within 7 days.'],
      };
    case 'cancelled':
      return {
        subject: `Order ${f.orderId} was cancelled`,
        lines: ['Your order was cancelled.', ...(f.reason ? [`Reason: ${f.reason}`] : []), ...(f.balanceMinor < 0 ? [standing(f, locale)] : [])],
      };
    case 'refunded':
      return {
        subject: `Refund for order ${f.orderId}`,
        lines: [`We refunded ${money(f.amountMinor ?? 0)}. When it arrives depends on your bank or payment method.`, ...totals, standing(f, locale)],
      };
    case 'credited':
      return {
        subject: `Credit note ${f.credit ?? ''} for order ${f.orderId}`.replace('  ', ' '),
        lines: [
          `We issued credit note ${f.credit ?? ''} taking ${money(f.amountMinor ?? 0)} off your order.`,
          ...(f.reason ? [`Reason: ${f.reason}`] : []),
          ...totals,
          standing(f, locale),
        ],
      };
    case 'message':
      return {
        subject: `A message about your order ${f.orderId}`,
        lines: [...(f.message ?? '').split('\n'), 'To reply, open the order and chat with customer service.'],
      };
    case 'changed':
      return {
        subject: `Your order ${f.orderId} was changed`,
        lines: [
          f.change?.kind === 'removed' ? `We changed your order: removed ${f.change.label}.` : `We changed your order: added ${f.change?.label ?? ''}.`,
          `It now comes to ${money(f.totalMinor)}${f.orderedMinor !== undefined && f.orderedMinor !== f.totalMinor ? ` (ordered: ${money(f.orderedMinor)})` : ''}.`,
          standing(f, locale),
          'The order page lists every change.',
        ],
      };
    case 'reminder':
      return {
        subject: `Order ${f.orderId} is waiting for your payment`,
        lines: [
          `Your order ${f.orderId} is still waiting for payment. Still to pay: ${money(f.balanceMinor)}.`,
          f.bankTransfer ? `Please pay by bank transfer (T/T) with the order number ${f.orderId} as the reference.` : 'How to pay is shown on your order page.',
          ...(f.cancelOn
            ? [`If the payment has not arrived by then, the order will be cancelled on ${f.cancelOn} (China time) and the goods we hold for you released.`]
            : []),
          'If you have paid already, please ignore this mail, or reply with the payment receipt so we can match it sooner.',
        ],
      };
  }
}

/** The e-mail of `kind` about an order, in the buyer's language. Buyer-typed text (name, reason) is escaped in HTML. */
export function orderMail(kind: OrderMailKind, facts: OrderMailFacts, locale: TLocale): RenderedMail {
  const { subject, lines } = content(kind, facts, locale);
  const hello = locale === 'zh' ? `${facts.buyerName}，您好：` : `Hello ${facts.buyerName},`;
  const view = locale === 'zh' ? '查看订单' : 'View your order';
  const track = locale === 'zh' ? '查询物流' : 'Track the parcel';
  const sign = locale === 'zh' ? 'Cubeshop 魔方商城' : 'The Cubeshop team';
  const links = [`${view}: ${facts.orderUrl}`, ...(facts.trackingUrl ? [`${track}: ${facts.trackingUrl}`] : [])];
  const text = [hello, '', ...lines, '', ...links, '', sign].join('\n');
  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${a(facts.orderUrl, view)}${facts.trackingUrl ? ` · ${a(facts.trackingUrl, track)}` : ''}</p>`,
    `<p>${escapeHtml(sign)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
