import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { TCartInfo, TExpressFee } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { cartInfo, quote as shopQuote, shop } from '@/test/msw/shop';
import { struckThrough } from '@/test/queries';
import { seedCart } from '../test/cart-fixtures';
import { SummaryCard, type TFeeState } from './SummaryCard';

const info: TCartInfo = {
  currency: 'CNY',
  lineCount: 1,
  pieceCount: 12,
  amount: 2000,
  discount: 0,
  tierSaving: 0,
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

/** Everything but the figures. */
const props = {
  comment: '',
  onComment: () => undefined,
  ruleMessages: [],
  canSubmit: true,
  submitting: false,
  onSubmit: () => undefined,
  banner: null,
  onRetry: () => undefined,
  onDismissBanner: () => undefined,
  missing: null,
};

// Every test renders without a Suspense boundary: the namespace is there before any of them.
beforeAll(async () => {
  await i18n.loadNamespaces('cart');
});

function renderSummary(fee: TFeeState) {
  render(<SummaryCard {...props} info={info} fee={fee} />);
  return screen.getByTestId('order-summary');
}

/** The value cell (dd) of the summary row labelled `label`. */
function row(summary: HTMLElement, label: RegExp | string): HTMLElement {
  const term = within(summary).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('order summary', () => {
  it.each(['en', 'zh'] as const)(
    'shows goods, shipping (free, with the saving), the payment fee and the total as separate lines that add up (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces('cart');
      const summary = renderSummary({ kind: 'ready', fee: quote });
      const labels =
        lang === 'en'
          ? { goods: 'Item amount', shipping: 'Shipping', fee: /^Payment fee \(PayPal, 4.4%\)$/, free: 'Free shipping' }
          : { goods: '商品金额', shipping: '运费', fee: /^支付手续费（PayPal，4.4%）$/, free: '免运费' };
      expect(row(summary, labels.goods)).toHaveTextContent('¥2,000.00');
      const shipping = row(summary, labels.shipping);
      expect(shipping).toHaveTextContent(labels.free);
      expect(shipping).toHaveTextContent('¥619.03');
      expect(shipping).not.toHaveTextContent('¥88.00');
      expect(row(summary, labels.fee)).toHaveTextContent('¥88.00');
      expect(screen.getByTestId('grand-total')).toHaveTextContent('¥2,088.00');
    },
  );

  it('charges the freight on the shipping line and leaves out the fee line when there is no surcharge', async () => {
    await i18n.changeLanguage('en');
    const summary = renderSummary({
      kind: 'ready',
      fee: {
        ...quote,
        freeShipping: false,
        freight: 120,
        totalPrice: 120,
        surcharge: 0,
        surchargePercent: 0,
        grandTotal: 2120,
        payMethod: { id: 'ALIPAY', name: 'Alipay' },
      },
    });
    expect(row(summary, 'Shipping')).toHaveTextContent('¥120.00');
    expect(within(summary).queryByText(/Payment fee/)).toBeNull();
    expect(screen.getByTestId('grand-total')).toHaveTextContent('¥2,120.00');
  });
});

describe('order summary: quantity prices', () => {
  it.each([
    ['en', '¥24.00 saved', 'of which quantity prices save ¥12.00'],
    ['zh', '已省 ¥24.00', '其中阶梯价节省 ¥12.00'],
  ] as const)('shows what the tiers saved, as a part of the saving (%s)', async (lang, _saved, tier) => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces('cart');
    render(<SummaryCard {...props} info={{ ...info, amount: 2024, discount: 24, tierSaving: 12 }} fee={{ kind: 'idle' }} />);
    expect(screen.getByTestId('tier-saving-total')).toHaveTextContent(tier);
  });

  it('says nothing of tiers when none applied', async () => {
    await i18n.changeLanguage('en');
    renderSummary({ kind: 'idle' });
    expect(screen.queryByTestId('tier-saving-total')).toBeNull();
  });
});

describe('order summary with the server’s own figures (test/msw shop)', () => {
  const serverQuote = (method: string, payment: string) => {
    const result = shopQuote(method, 'US', payment, 'en');
    if (!result || !('fee' in result)) throw new Error(`the fake shop quotes ${method} to the US`);
    return result.fee;
  };

  it('from the free-shipping threshold: freight struck through and saved, the payment fee on goods only, total as quoted', async () => {
    await i18n.changeLanguage('en');
    seedCart();
    shop.freeShippingThreshold = 1000;
    const fee = serverQuote('DHL', 'PAYPAL');
    render(<SummaryCard {...props} info={cartInfo()} fee={{ kind: 'ready', fee }} />);
    expect(screen.getByTestId('goods-amount')).toHaveTextContent('¥1,100.00');
    const shipping = screen.getByTestId('shipping-fee');
    expect(shipping).toHaveTextContent('Free shipping');
    expect(struckThrough(shipping)[0]).toHaveTextContent('¥350.00');
    expect(shipping).toHaveTextContent('You save ¥350.00');
    // 4.4 % of ¥1,100 (no freight charged).
    expect(screen.getByTestId('payment-surcharge')).toHaveTextContent('¥48.40');
    expect(screen.getByTestId('grand-total')).toHaveTextContent('¥1,148.40');
    expect(fee.grandTotal).toBe(1148.4);
  });

  it('below the threshold: how much more buys free shipping; before a quote the total is the goods, excluding shipping', async () => {
    await i18n.changeLanguage('en');
    seedCart();
    shop.freeShippingThreshold = 1500;
    render(<SummaryCard {...props} info={cartInfo()} fee={{ kind: 'idle' }} />);
    expect(screen.getByText('Add ¥400.00 more for free shipping (orders from ¥1,500.00).')).toBeInTheDocument();
    expect(screen.getByText('Choose address and method')).toBeInTheDocument();
    expect(screen.getByTestId('grand-total')).toHaveTextContent('¥1,100.00');
    expect(screen.getByText('excluding shipping')).toBeInTheDocument();
    expect(screen.getByTestId('order-summary')).toHaveTextContent('4.2000 kg');
  });
});
