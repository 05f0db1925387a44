import type { TLocale } from '../i18n/locale.js';

/**
 * A whole count grouped by thousands (the same in zh-CN and en): 12345 -> "12,345". By hand, not
 * Intl.NumberFormat: the first Intl formatter of a page loads the locale's data, a 12 ms task on a
 * phone, for a count.
 */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Weight with 4 decimals and kg (docs/requirements.md, Constants): 1.5 -> "1.5000 kg". */
export function formatWeight(kg: number): string {
  return `${kg.toFixed(4)} kg`;
}

/** Volume with 4 decimals and m³ (docs/requirements.md, Constants): 0.012 -> "0.0120 m³". */
export function formatVolume(m3: number): string {
  return `${m3.toFixed(4)} m³`;
}

/**
 * Discount badge (docs/requirements.md, Constants). English: "{n}% OFF". Chinese uses the "fold" form
 * (100 - percent) / 10: 20% off -> "8折", 15% off -> "8.5折". Returns '' when there is no discount.
 */
export function discountBadge(percent: number, locale: TLocale): string {
  if (!(percent > 0) || percent >= 100) return '';
  const rounded = Math.round(percent);
  if (locale === 'en') return `${rounded}% OFF`;
  const fold = (100 - percent) / 10;
  const text = Number.isInteger(fold) ? String(fold) : String(Math.round(fold * 10) / 10);
  return `${text}折`;
}
