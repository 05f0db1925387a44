import { describe, expect, it } from 'vitest';
import { formatMoney } from '@cubeshop/shared';
import { pdfText, squeeze } from '../../test/pdf.js';
import { renderDocument } from './documents.render.js';
import { sampleOrder } from './documents.sample.js';

// The documents as a reader's PDF tools see them (pdfjs-dist extracts the text): every line of a
// 200-line order on several pages, Chinese names and addresses in the embedded CJK font, the
// totals, and what each kind adds (bank details and validity, payments, shipping marks).

const ctx = (locale: 'zh' | 'en') => ({
  locale,
  issuedAt: new Date('2025-03-05T03:00:00Z'),
  validityDays: 30,
  seller: 'Cubeshop Trading Ltd',
  regionName: locale === 'zh' ? '中国' : 'China',
});
const usd = (v: number) => formatMoney(Math.round(v * 100), 'USD');

describe('order documents (PDF)', () => {
  it('renders a 200-line proforma in both languages: every line, Chinese names and address, totals, bank details, validity', async () => {
    for (const locale of ['zh', 'en'] as const) {
      const order = sampleOrder(200, locale);
      const pdf = await renderDocument('proforma', order, ctx(locale));
      if (process.env.DOCS_OUT) (await import('node:fs')).writeFileSync(`${process.env.DOCS_OUT}/proforma-${locale}.pdf`, pdf);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // Only the glyphs used are embedded: the 10 MB font does not travel with every document.
      expect(pdf.length).toBeLessThan(300_000);
      const { pages, compact } = await pdfText(pdf);
      expect(pages).toBeGreaterThan(3);
      const has = (s: string) => expect(compact).toContain(squeeze(s));
      has(locale === 'zh' ? '形式发票' : 'Proforma invoice');
      has(`PI-${order.id}`);
      for (const i of [0, 99, 199]) has(order.items[i]!.name);
      has('南山区科技园路 1 号');
      has('深圳魔方贸易有限公司');
      has('李伟');
      has(usd(order.actualTotalPrice));
      has(usd(order.actualGoodsAmount));
      has('BKCHCNBJ45A');
      has('7563 0000 1234');
      has(locale === 'zh' ? '有效期至' : 'Valid until');
      has('2025-03-31');
      has(locale === 'zh' ? `第 ${pages} / ${pages} 页` : `Page ${pages} of ${pages}`);
      // Line 2 was packed short: the actual quantity is printed, with what was ordered.
      has(locale === 'zh' ? `下单数量: ${order.items[1]!.quantity}` : `Ordered: ${order.items[1]!.quantity}`);
    }
  });

  it('renders the commercial invoice with carrier, tracking, payments and origin', async () => {
    const order = sampleOrder(3, 'en');
    const { compact, pages } = await pdfText(await renderDocument('invoice', order, ctx('en')));
    expect(pages).toBe(1);
    for (const s of [
      'Commercial invoice',
      `CI-${order.id}`,
      'Consignee',
      'DHL',
      'JD0146000999',
      'Country of origin',
      usd(order.actualTotalPrice),
      'Paid',
      usd(100),
      'Balance due',
      usd(order.balance),
      '2025-03-05',
    ])
      expect(compact).toContain(squeeze(s));
  });

  it('renders the packing list with weights, volume, packages and shipping marks', async () => {
    const order = sampleOrder(3, 'zh');
    const pdf = await renderDocument('packing-list', order, ctx('zh'));
    if (process.env.DOCS_OUT) (await import('node:fs')).writeFileSync(`${process.env.DOCS_OUT}/packing-list-zh.pdf`, pdf);
    const { compact } = await pdfText(pdf);
    const pieces = order.items.reduce((a, l) => a + l.actualQuantity, 0);
    for (const s of [
      '装箱单',
      `PL-${order.id}`,
      '唛头',
      'SZMF/2025',
      'C/NO. 1/1',
      '1 箱',
      '总毛重',
      `${(0.125 * pieces).toFixed(4)} kg`,
      `${(0.085 * pieces).toFixed(4)} kg`,
      '轨道 三阶磁力魔方',
    ])
      expect(compact).toContain(squeeze(s));
  });
});
