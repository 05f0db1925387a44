import type { TLocale, TOrderPaymentInstructions } from '@cubeshop/shared';

/** What the mail needs of a method's instructions (the shipping service's answer or the order detail's). */
export type MailPaymentInstructions = Pick<TOrderPaymentInstructions, 'method' | 'receiver' | 'account' | 'note' | 'qrUrl'>;

/**
 * How to pay an order by its method, as plain-text lines of the "order placed" mail in the buyer's
 * language (docs/orders.md, Buyer e-mail): the method and the order number to quote, the receiver
 * and account when set, the owner's note line by line, and a pointer to the QR picture on the
 * order page (a mail cannot be trusted to show it). The mail escapes the lines in its HTML part.
 */
export function paymentInstructionLines(instr: MailPaymentInstructions, orderId: number | string, locale: TLocale): string[] {
  const note = (instr.note ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const zh = locale === 'zh';
  return [
    zh
      ? `付款方式：${instr.method.name}。付款时请在附言（备注）中填写订单号 ${orderId}，以便我们核对款项。`
      : `Please pay by ${instr.method.name} and quote the order number ${orderId} as the reference, so we can match your payment.`,
    ...(instr.receiver ? [zh ? `收款人：${instr.receiver}` : `Receiver: ${instr.receiver}`] : []),
    ...(instr.account ? [zh ? `收款账号：${instr.account}` : `Account: ${instr.account}`] : []),
    ...note,
    ...(instr.qrUrl ? [zh ? '您也可以在订单页面扫描收款二维码付款。' : 'You can also scan the payment QR code on your order page.'] : []),
  ];
}
