import { describe, expect, it } from 'vitest';
import { convertMinor, formatMoney, parseCurrency } from './currency.js';
import { discountBadge, formatCount, formatVolume, formatWeight } from './units.js';

describe('money and units (docs/requirements.md, Constants)', () => {
  it('formats money with 2 decimals and the currency symbol', () => {
    expect(formatMoney(12345, 'CNY')).toBe('¥123.45');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(0, 'CNY')).toBe('¥0.00');
    expect(formatMoney(-250, 'CNY')).toBe('-¥2.50');
  });

  it('converts CNY minor units to the display currency with the stored rate, rounding once', () => {
    expect(convertMinor(7100, 'USD', 7.1)).toBe(1000);
    expect(convertMinor(100, 'USD', 7.1)).toBe(14);
    expect(convertMinor(9999, 'CNY', 7.1)).toBe(9999);
  });

  it('formats weight and volume with 4 decimals and units', () => {
    expect(formatWeight(1.5)).toBe('1.5000 kg');
    expect(formatWeight(0.12345)).toBe('0.1235 kg');
    expect(formatVolume(0.012)).toBe('0.0120 m³');
  });

  it('groups counts by thousands as Intl does for zh-CN and en', () => {
    for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, -4321]) {
      expect(formatCount(n)).toBe(new Intl.NumberFormat('en').format(n));
      expect(formatCount(n)).toBe(new Intl.NumberFormat('zh-CN').format(n));
    }
  });

  it('shows the discount badge as "% OFF" in English and as folds in Chinese', () => {
    expect(discountBadge(20, 'en')).toBe('20% OFF');
    expect(discountBadge(20, 'zh')).toBe('8折');
    expect(discountBadge(15, 'zh')).toBe('8.5折');
    expect(discountBadge(5, 'zh')).toBe('9.5折');
    expect(discountBadge(0, 'en')).toBe('');
    expect(discountBadge(0, 'zh')).toBe('');
  });

  it('reads currencies case-insensitively and ignores anything else', () => {
    expect(parseCurrency('usd')).toBe('USD');
    expect(parseCurrency('CNY')).toBe('CNY');
    expect(parseCurrency('EUR')).toBeUndefined();
    expect(parseCurrency(undefined)).toBeUndefined();
  });
});
