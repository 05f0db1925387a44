import { convertMinor, type TCurrency } from '../money/currency.js';

/**
 * A decimal string in major units ("10", "10.5", "0.999") to minor units, exactly (no binary
 * floating point). Extra decimals round up for a lower bound and down for an upper bound, so
 * "10.001" as minPrice means "at least 10.01" and as maxPrice "at most 10.00".
 */
export function majorStringToMinor(value: string, side: 'min' | 'max'): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const whole = match[1] ?? '0';
  const decimals = match[2] ?? '';
  const cents = Number(whole) * 100 + Number((decimals + '00').slice(0, 2));
  const rest = decimals.slice(2);
  const hasMore = /[1-9]/.test(rest);
  return side === 'min' && hasMore ? cents + 1 : cents;
}

/**
 * The range of base-currency minor units (fen) whose displayed price lies within
 * [minDisplay, maxDisplay] minor units of `currency`, given the rounding of convertMinor.
 * convertMinor is monotone, so the fen range is an interval; it is found from an estimate and
 * then corrected against convertMinor itself, so the filter agrees with the displayed price
 * to the cent. Returns undefined bounds where none was given.
 */
export function displayRangeToBaseMinor(
  minDisplay: number | undefined,
  maxDisplay: number | undefined,
  currency: TCurrency,
  cnyPerUsd: number,
): { min: number | undefined; max: number | undefined } {
  if (currency === 'CNY') return { min: minDisplay, max: maxDisplay };
  const shown = (fen: number) => convertMinor(fen, currency, cnyPerUsd);
  let min: number | undefined;
  if (minDisplay !== undefined) {
    // smallest fen with shown(fen) >= minDisplay
    let fen = Math.max(0, Math.floor((minDisplay - 0.5) * cnyPerUsd) - 2);
    while (shown(fen) < minDisplay) fen++;
    while (fen > 0 && shown(fen - 1) >= minDisplay) fen--;
    min = fen;
  }
  let max: number | undefined;
  if (maxDisplay !== undefined) {
    // largest fen with shown(fen) <= maxDisplay
    let fen = Math.max(0, Math.ceil((maxDisplay + 0.5) * cnyPerUsd) + 2);
    while (fen >= 0 && shown(fen) > maxDisplay) fen--;
    while (shown(fen + 1) <= maxDisplay) fen++;
    max = fen;
  }
  return { min, max };
}

/*
 * The price rule (docs/catalog.md, Prices: tiers and customer groups), its one home: what a piece
 * of a product costs a buyer and what a line of it costs, in integer fen. The server prices the
 * catalog's answers, carts, quotes and orders with these functions only; the web uses the same
 * ones where it shows or checks a price before the server answers.
 */

/**
 * The discounted price of a piece stored with a product (fen): the list price less the
 * percentage, rounded half up to the fen; the list price itself when there is no discount.
 */
export function discountPriceFen(priceFen: number, discountPercent: number): number {
  return discountPercent > 0 ? Math.round((priceFen * (100 - discountPercent)) / 100) : priceFen;
}

/** The fields of a product the shop's price is read from (fen). */
export interface TShopPriceFields {
  priceFen: number;
  discountPercent: number;
  discountPriceFen: number;
}

/**
 * The shop's price of a piece (step 1 of the rule): the discounted price when the product is
 * discounted, else its list price. The database keeps the same rule as the generated column
 * `items.base_price_fen` (the sort and filter key).
 */
export function shopPriceFen(product: TShopPriceFields): number {
  return product.discountPercent > 0 ? product.discountPriceFen : product.priceFen;
}

/** One quantity break of a product as stored: from `minQuantity` pieces, `priceFen` a piece. */
export interface TTierFen {
  minQuantity: number;
  priceFen: number;
}

/** A buyer's customer group as it bears on one product (docs/catalog.md, Prices). */
export interface TGroupTerms {
  /** Percentage off the price the buyer would pay (0..99). */
  discountPercent: number;
  /** The group's own price for this product, fen; undefined when the group has none. */
  ownPriceFen?: number | undefined;
}

/**
 * What one piece costs a buyer before quantity breaks (docs/catalog.md, Prices): the product's
 * price (the discounted one when discounted); for a buyer in a customer group, the group's own
 * price for the product when it has one, else that price less the group's percentage, rounded
 * half up to the fen. Never more than the shop's price.
 */
export function groupPriceFen(paidFen: number, group: TGroupTerms | null | undefined): number {
  if (!group) return paidFen;
  if (group.ownPriceFen !== undefined) return Math.min(paidFen, group.ownPriceFen);
  if (group.discountPercent <= 0) return paidFen;
  return Math.floor((paidFen * (100 - group.discountPercent) + 50) / 100);
}

/** A buyer's customer group as it bears on several products: its percentage and its own prices by product id. */
export interface TBuyerGroupTerms {
  discountPercent: number;
  ownPriceFen: ReadonlyMap<number, number>;
}

/**
 * What one piece of product `itemId` costs a buyer before quantity breaks (step 2 of the rule):
 * groupPriceFen of the shop's price with the buyer's group terms (none: the shop's price).
 */
export function buyerPriceFen(itemId: number, shopFen: number, terms: TBuyerGroupTerms | null | undefined): number {
  if (!terms) return shopFen;
  return groupPriceFen(shopFen, { discountPercent: terms.discountPercent, ownPriceFen: terms.ownPriceFen.get(itemId) });
}

/** The tier a line of `quantity` pieces falls in: the one with the highest minQuantity <= quantity, or null. */
export function tierFor<T extends { minQuantity: number }>(quantity: number, tiers: readonly T[]): T | null {
  let found: T | null = null;
  for (const tier of tiers) if (tier.minQuantity <= quantity && (!found || tier.minQuantity > found.minQuantity)) found = tier;
  return found;
}

/** The unit price of a line and the tier it was priced at (null when the tier did not lower it). */
export interface TLinePrice {
  unitFen: number;
  /** What one piece would cost without tiers (group applied). */
  baseFen: number;
  tierMinQuantity: number | null;
}

/**
 * The price rule (docs/catalog.md, Prices: tiers and customer groups): a line of `quantity`
 * pieces costs, a piece, the lower of `baseFen` (the buyer's price without tiers, see
 * groupPriceFen) and the price of the tier it falls in. The tier counts as applied only when it
 * is strictly lower.
 */
export function linePriceFen(quantity: number, baseFen: number, tiers: readonly TTierFen[]): TLinePrice {
  const tier = tierFor(quantity, tiers);
  if (tier && tier.priceFen < baseFen) return { unitFen: tier.priceFen, baseFen, tierMinQuantity: tier.minQuantity };
  return { unitFen: baseFen, baseFen, tierMinQuantity: null };
}

/**
 * The tiers as a buyer sees them: sorted by minQuantity, only those cheaper than `baseFen` (the
 * buyer's price without tiers): a tier a customer group already beats is not shown.
 */
export function visibleTiersFen(baseFen: number, tiers: readonly TTierFen[]): TTierFen[] {
  return [...tiers].sort((a, b) => a.minQuantity - b.minQuantity).filter((t) => t.priceFen < baseFen);
}
