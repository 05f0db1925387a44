import { describe, expect, it } from 'vitest';
import { formatAmount, priceView, tierViews, toMinor } from './price';

describe('prices (docs/requirements.md, Screens and Constants)', () => {
  it('formats the API decimal with the currency symbol and 2 decimals', () => {
    expect(formatAmount(129.5, 'CNY')).toBe('¥129.50');
    expect(formatAmount(18.31, 'USD')).toBe('$18.31');
    expect(formatAmount(1200, 'CNY')).toBe('¥1,200.00');
    expect(formatAmount(0.1 + 0.2, 'USD')).toBe('$0.30');
    expect(toMinor(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(toMinor(4.35)).toBe(435);
    expect(toMinor(56.87)).toBe(5687);
  });

  it('shows one price without a discount', () => {
    expect(priceView({ price: 130, discountPrice: 130, discountPercent: 0, currency: 'CNY' }, 'zh')).toEqual({ current: '¥130.00' });
  });

  it('shows the discount price, the struck original and the badge in each language', () => {
    const p = { price: 39.9, discountPrice: 31.92, discountPercent: 20, currency: 'USD' as const };
    expect(priceView(p, 'en')).toEqual({ current: '$31.92', original: '$39.90', badge: '20% OFF' });
    expect(priceView(p, 'zh')).toEqual({ current: '$31.92', original: '$39.90', badge: '8折' });
    expect(priceView({ price: 66.9, discountPrice: 56.87, discountPercent: 15, currency: 'CNY' }, 'zh').badge).toBe('8.5折');
  });

  it('shows a customer-group price (lower, no percentage) struck against the list price, without a badge', () => {
    expect(priceView({ price: 10, discountPrice: 8.5, discountPercent: 0, currency: 'CNY' }, 'en')).toEqual({ current: '¥8.50', original: '¥10.00' });
  });

  it('lists the quantity tiers in the product currency', () => {
    expect(
      tierViews({
        priceTiers: [
          { minQuantity: 12, price: 9 },
          { minQuantity: 48, price: 8.5 },
        ],
        currency: 'USD',
      }),
    ).toEqual([
      { minQuantity: 12, price: '$9.00' },
      { minQuantity: 48, price: '$8.50' },
    ]);
    expect(tierViews({ priceTiers: [], currency: 'CNY' })).toEqual([]);
  });

  it('ignores a discount percent without a lower price', () => {
    expect(priceView({ price: 10, discountPrice: 10, discountPercent: 5, currency: 'CNY' }, 'en')).toEqual({ current: '¥10.00' });
    expect(priceView({ price: 10, discountPrice: null, discountPercent: 5, currency: 'CNY' }, 'en')).toEqual({ current: '¥10.00' });
  });
});
