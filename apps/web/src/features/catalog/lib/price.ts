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

/**
 * Price, discount price, struck original and badge of a product (docs/requirements.md, Screens and Constants). A
 * signed-in buyer's customer-group price is a lower discountPrice without a percentage of its
 * own: it is shown struck against the list price, without a badge.
 */
export function priceView(
  product: { price: number; discountPrice?: number | null; discountPercent?: number | null; currency: TCurrency },
  locale: TLocale,
): TPriceView {
  const percent = product.discountPercent ?? 0;
  const lower = typeof product.discountPrice === 'number' && product.discountPrice < product.price;
  if (!lower) return { current: formatAmount(product.price, product.currency) };
  return {
    current: formatAmount(product.discountPrice!, product.currency),
    original: formatAmount(product.price, product.currency),
    ...(percent > 0 ? { badge: discountBadge(percent, locale) } : {}),
  };
}

/** "12+ ¥9.00": the quantity breaks of a product, by quantity (docs/catalog.md, Prices). */
export function tierViews(product: {
  priceTiers?: readonly { minQuantity: number; price: number }[] | null;
  currency: TCurrency;
}): { minQuantity: number; price: string }[] {
  return (product.priceTiers ?? []).map((t) => ({ minQuantity: t.minQuantity, price: formatAmount(t.price, product.currency) }));
}
