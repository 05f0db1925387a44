import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { TCartInfo, TExpressFee } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { SummaryCard, type TFeeState } from './SummaryCard';

const info: TCartInfo = {
  currency: 'CNY',
  lineCount: 1,
  pieceCount: 12,
  amount: 2000,
  discount: 0,
  goodsAmount: 2000,
  totalNw: 3,
  totalGw: 3.5,
  totalVolume: 0.02,
  totalVolumeWeight: 4,
  freeShippingThreshold: 1500,
  freeShipping: true,
  problemCount: 0,
};

/** The server's quote for DHL + PayPal to the US with free shipping: the 4.4% surcharge is the only thing added. */
const quote: TExpressFee = {
  currency: 'CNY',
  totalPrice: 88,
  freight: 0,
  base: 619.03,
  surcharge: 88,
  surchargePercent: 4.4,
  freeShipping: true,
  freeShippingThreshold: 1500,
  goodsAmount: 2000,
  grandTotal: 2088,
  chargeableWeight: 4,
  totalGw: 3.5,
  totalVolumeWeight: 4,
  zone: { code: 'NA', name: 'North America' },
  expressMethod: { id: 'DHL', name: 'DHL Express' },
  payMethod: { id: 'PAYPAL', name: 'PayPal' },
  transitDays: { min: 3, max: 5 },
};

function renderSummary(fee: TFeeState) {
  render(
    <SummaryCard
      info={info}
      fee={fee}
      comment=""
      onComment={() => undefined}
      ruleMessages={[]}
      canSubmit
      submitting={false}
      onSubmit={() => undefined}
      banner={null}
      onRetry={() => undefined}
      onDismissBanner={() => undefined}
      missing={null}
    />,
  );
  return screen.getByTestId('order-summary');
}

/** The value cell (dd) of the summary row labelled `label`. */
function row(summary: HTMLElement, label: RegExp | string): HTMLElement {
  const term = within(summary).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('order summary', () => {
  it.each(['en', 'zh'] as const)('shows goods, shipping (free, with the saving), the payment fee and the total as separate lines that add up (%s)', async (lang) => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces('cart');
    const summary = renderSummary({ kind: 'ready', fee: quote });
    const labels = lang === 'en' ? { goods: 'Item amount', shipping: 'Shipping', fee: /^Payment fee \(PayPal, 4.4%\)$/, free: 'Free shipping' } : { goods: '商品金额', shipping: '运费', fee: /^支付手续费（PayPal，4.4%）$/, free: '免运费' };
    expect(row(summary, labels.goods)).toHaveTextContent('¥2,000.00');
    const shipping = row(summary, labels.shipping);
    expect(shipping).toHaveTextContent(labels.free);
    expect(shipping).toHaveTextContent('¥619.03');
    expect(shipping).not.toHaveTextContent('¥88.00');
    expect(row(summary, labels.fee)).toHaveTextContent('¥88.00');
    expect(screen.getByTestId('grand-total')).toHaveTextContent('¥2,088.00');
  });

  it('charges the freight on the shipping line and leaves out the fee line when there is no surcharge', async () => {
    await i18n.changeLanguage('en');
    const summary = renderSummary({ kind: 'ready', fee: { ...quote, freeShipping: false, freight: 120, totalPrice: 120, surcharge: 0, surchargePercent: 0, grandTotal: 2120, payMethod: { id: 'ALIPAY', name: 'Alipay' } } });
    expect(row(summary, 'Shipping')).toHaveTextContent('¥120.00');
    expect(within(summary).queryByText(/Payment fee/)).toBeNull();
    expect(screen.getByTestId('grand-total')).toHaveTextContent('¥2,120.00');
  });
});
