import { discountBadge, formatMoney, type TCurrency, type TLocale } from '@cubeshop/shared';

/** Major units from the API (129.5) to minor units for formatMoney (12950). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/** A decimal amount of the API in its currency: 129.5 CNY -> "¥129.50". */
export function formatAmount(major: number, currency: TCurrency): string {
  return formatMoney(toMinor(major), currency);
}

export interface TPriceView {
  /** What the buyer pays. */
  current: string;
  /** The list price, struck through, when discounted. */
  original?: string;
  /** "20% OFF" / "8折" when discounted. */
  badge?: string;
}

/** Price, discount price, struck original and badge of a product (spec sections 2 and 9). */
export function priceView(product: { price: number; discountPrice?: number | null; discountPercent?: number | null; currency: TCurrency }, locale: TLocale): TPriceView {
  const percent = product.discountPercent ?? 0;
  const discounted = percent > 0 && typeof product.discountPrice === 'number' && product.discountPrice < product.price;
  if (!discounted) return { current: formatAmount(product.price, product.currency) };
  return {
    current: formatAmount(product.discountPrice!, product.currency),
    original: formatAmount(product.price, product.currency),
    badge: discountBadge(percent, locale),
  };
}
