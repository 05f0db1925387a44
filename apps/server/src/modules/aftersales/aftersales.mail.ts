import escapeHtml from 'escape-html';
import type { TLocale, TOrderRequestKind } from '@cubeshop/shared';

// The buyer's e-mail when staff decide an after-sales request (docs/orders.md, After-sales), in
// the buyer's language, as text and HTML (buyer- and staff-typed text escaped). Rendered when the
// decision is made and stored in the outbox with it.

export interface RequestMailFacts {
  orderId: number;
  buyerName: string;
  kind: TOrderRequestKind;
  decision: 'approved' | 'refused';
  note: string | null;
  /** Money received and not refunded yet when a request is approved: a refund follows. */
  refundFollows: boolean;
  orderUrl: string;
}

function lines(f: RequestMailFacts, locale: TLocale): { subject: string; lines: string[] } {
  const approved = f.decision === 'approved';
  if (locale === 'zh') {
    const what = f.kind === 'cancel' ? '取消订单' : '退货';
    return {
      subject: `订单 ${f.orderId} 的${what}申请${approved ? '已通过' : '未通过'}`,
      lines: [
        approved
          ? f.kind === 'cancel'
            ? '您的取消申请已通过，订单已取消。'
            : '您的退货申请已通过。请按客服说明寄回商品。'
          : `很抱歉，您的${what}申请未通过。`,
        ...(f.note ? [`客服说明：${f.note}`] : []),
        ...(approved && f.refundFollows ? ['我们将为您办理退款，退款完成后会另行通知。'] : []),
      ],
    };
  }
  const what = f.kind === 'cancel' ? 'cancellation' : 'return';
  return {
    subject: `Your ${what} request for order ${f.orderId} was ${approved ? 'approved' : 'declined'}`,
    lines: [
      approved
        ? f.kind === 'cancel'
          ? 'We approved your cancellation request; the order is cancelled.'
          : 'We approved your return request. Please send the goods back as our staff explain.'
        : `We are sorry: your ${what} request was declined.`,
      ...(f.note ? [`Note from our staff: ${f.note}`] : []),
      ...(approved && f.refundFollows ? ['We will refund you and tell you when the refund is made.'] : []),
    ],
  };
}

export function requestDecisionMail(f: RequestMailFacts, locale: TLocale): { subject: string; text: string; html: string } {
  const { subject, lines: body } = lines(f, locale);
  const hello = locale === 'zh' ? `${f.buyerName}，您好：` : `Hello ${f.buyerName},`;
  const view = locale === 'zh' ? '查看订单' : 'View your order';
  const sign = locale === 'zh' ? 'Cubeshop 魔方商城' : 'The Cubeshop team';
  const text = [hello, '', ...body, '', `${view}: ${f.orderUrl}`, '', sign].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...body.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(f.orderUrl)}">${escapeHtml(view)}</a></p>`,
    `<p>${escapeHtml(sign)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
