import { describe, expect, it } from 'vitest';
import { paymentInstructionLines } from './payment-instructions.mail.js';

// The payment instructions of the "order placed" mail, as plain-text lines in the buyer's language.
const ALIPAY = {
  method: { id: 'alipay', name: 'Alipay' },
  receiver: 'Cubeshop Ltd',
  account: 'pay@cubeshop.example',
  note: 'Put the order number in the remark.\r\n\n  We ship when it arrives.  ',
  qrUrl: '/api/payment-methods/alipay/qr.png?v=0123456789abcdef',
};

describe('paymentInstructionLines', () => {
  it('names the method, the order number to quote, receiver, account, each line of the note and the QR on the order page (en)', () => {
    expect(paymentInstructionLines(ALIPAY, 10000123, 'en')).toEqual([
      'Please pay by Alipay and quote the order number 10000123 as the reference, so we can match your payment.',
      'Receiver: Cubeshop Ltd',
      'Account: pay@cubeshop.example',
      'Put the order number in the remark.',
      'We ship when it arrives.',
      'You can also scan the payment QR code on your order page.',
    ]);
  });

  it('reads in Chinese', () => {
    const lines = paymentInstructionLines({ ...ALIPAY, method: { id: 'alipay', name: '支付宝' }, note: '备注填写订单号。\n到账后发货。' }, 10000123, 'zh');
    expect(lines).toEqual([
      '付款方式：支付宝。付款时请在附言（备注）中填写订单号 10000123，以便我们核对款项。',
      '收款人：Cubeshop Ltd',
      '收款账号：pay@cubeshop.example',
      '备注填写订单号。',
      '到账后发货。',
      '您也可以在订单页面扫描收款二维码付款。',
    ]);
  });

  it('leaves out what is not set', () => {
    expect(
      paymentInstructionLines(
        { method: { id: 'westernunion', name: 'Western Union' }, receiver: 'ZHANG SAN', account: null, note: null, qrUrl: null },
        7,
        'en',
      ),
    ).toEqual(['Please pay by Western Union and quote the order number 7 as the reference, so we can match your payment.', 'Receiver: ZHANG SAN']);
    expect(paymentInstructionLines({ method: { id: 'wechat', name: '微信支付' }, receiver: null, account: null, note: '  ', qrUrl: null }, 7, 'zh')).toEqual([
      '付款方式：微信支付。付款时请在附言（备注）中填写订单号 7，以便我们核对款项。',
    ]);
  });
});
