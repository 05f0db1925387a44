import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TOrderDetail } from '@cubeshop/shared';
import { pdfText, squeeze } from '../../test/pdf.js';
import { renderDocument } from './documents.render.js';
import { sampleOrder } from './documents.sample.js';

// The proforma's payment block (documents.payment.ts) read back with pdfjs-dist: bank details on
// T/T orders; on orders paid another way the method's instructions (receiver, account, the order
// number as the reference, the note) in the document's language, and its QR picture when it has one.

const ctx = (locale: 'zh' | 'en', paymentQr?: Buffer) => ({
  locale,
  issuedAt: new Date('2025-03-05T03:00:00Z'),
  validityDays: 30,
  seller: 'Cubeshop Trading Ltd',
  regionName: locale === 'zh' ? '中国' : 'China',
  paymentQr,
});

const NOTE = { zh: '请在备注中填写订单号。\n到账后发货。', en: 'Put the order number in the remark.\nWe ship when it arrives.' };

function alipayOrder(locale: 'zh' | 'en', qr: boolean): TOrderDetail {
  const order = sampleOrder(3, locale);
  const name = locale === 'zh' ? '支付宝' : 'Alipay';
  return {
    ...order,
    payMethod: { id: 'alipay', name },
    bankTransfer: null,
    paymentInstructions: {
      method: { id: 'alipay', name },
      receiver: 'Cubeshop 魔方商城',
      account: 'pay@cubeshop.example',
      note: NOTE[locale],
      reference: String(order.id),
      qrUrl: qr ? '/api/payment-methods/alipay/qr.png?v=0123456789abcdef' : null,
    },
  };
}

/** Whether the PDF embeds a picture (the proforma has none but the QR). */
const hasImage = (pdf: Buffer) => pdf.includes('/Subtype /Image');

describe('proforma payment block', () => {
  it("prints the method's instructions with the order number as the reference, in zh and en, and the QR picture", async () => {
    const qr = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000000' } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#ffffff' } }, left: 100, top: 100 }])
      .png()
      .toBuffer();
    for (const locale of ['zh', 'en'] as const) {
      const order = alipayOrder(locale, true);
      const pdf = await renderDocument('proforma', order, ctx(locale, qr));
      if (process.env.DOCS_OUT) (await import('node:fs')).writeFileSync(`${process.env.DOCS_OUT}/proforma-alipay-${locale}.pdf`, pdf);
      const { compact } = await pdfText(pdf);
      const has = (s: string) => expect(compact, `${locale}: ${s}`).toContain(squeeze(s));
      has(locale === 'zh' ? '支付宝付款说明' : 'How to pay by Alipay');
      has(locale === 'zh' ? '收款人' : 'Receiver');
      has('Cubeshop 魔方商城');
      has(locale === 'zh' ? '收款账号' : 'Account');
      has('pay@cubeshop.example');
      has(locale === 'zh' ? '付款附言' : 'Payment reference');
      has(`${order.id} (${locale === 'zh' ? '付款时请注明订单号' : 'Please quote the order number with your payment'})`);
      for (const line of NOTE[locale].split('\n')) has(line);
      has(locale === 'zh' ? '扫码付款' : 'Scan to pay');
      // the validity still closes the block, and no bank details are printed
      has(locale === 'zh' ? '本形式发票自下单之日起 30 天内有效' : 'This proforma invoice is valid for 30 days');
      expect(compact).not.toContain('BKCHCNBJ45A');
      expect(hasImage(pdf)).toBe(true);
    }
  });

  it('leaves the picture out when the method has none (or its bytes are missing) and blank fields out', async () => {
    const order = alipayOrder('en', false);
    const pdf = await renderDocument('proforma', { ...order, paymentInstructions: { ...order.paymentInstructions!, account: null } }, ctx('en'));
    const { compact } = await pdfText(pdf);
    expect(compact).toContain(squeeze('How to pay by Alipay'));
    expect(compact).not.toContain('Scan to pay');
    expect(compact).not.toContain(squeeze('Account'));
    expect(hasImage(pdf)).toBe(false);
    // a QR url whose picture could not be read: the text, no picture
    const missing = await renderDocument('proforma', alipayOrder('en', true), ctx('en'));
    expect(hasImage(missing)).toBe(false);
    expect((await pdfText(missing)).compact).toContain(squeeze('pay@cubeshop.example'));
  });

  it('keeps the bank details on T/T orders, and prints no payment block for a method without instructions', async () => {
    const tt = sampleOrder(3, 'en');
    const { compact } = await pdfText(await renderDocument('proforma', { ...tt, paymentInstructions: null }, ctx('en')));
    for (const s of ['Bank transfer (T/T)', 'BKCHCNBJ45A', '7563 0000 1234', `${tt.id} (Please quote the order number as the payment reference)`])
      expect(compact).toContain(squeeze(s));
    const paypal = await pdfText(
      await renderDocument('proforma', { ...tt, payMethod: { id: 'paypal', name: 'PayPal' }, bankTransfer: null, paymentInstructions: null }, ctx('en')),
    );
    expect(paypal.compact).not.toContain('BKCHCNBJ45A');
    expect(paypal.compact).not.toContain(squeeze('How to pay'));
    expect(paypal.compact).toContain(squeeze('valid for 30 days'));
  });
});
