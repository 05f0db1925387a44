import { buyerPriceFen, convertMinor, minorToMajor, visibleTiersFen, type TBuyerGroupTerms, type TProduct } from '@cubeshop/shared';
import type { ProductFen } from './catalog.mapper.js';

/**
 * A signed-in buyer's customer-group terms for some products (docs/catalog.md, Prices: tiers
 * and customer groups). The pricing module answers them; app.ts passes the function in, so the
 * catalog does not depend on pricing.
 */
export interface BuyerTerms extends TBuyerGroupTerms {
  groupId: number;
  discountPercent: number;
  /** The group's own prices, fen, by product id (only the products asked about). */
  ownPriceFen: ReadonlyMap<number, number>;
}
export type BuyerTermsOf = (userId: number, itemIds: readonly number[]) => Promise<BuyerTerms | null>;

/**
 * A product as a buyer in a group sees it: discountPrice and basePrice become the group's price,
 * and the tiers are those still cheaper. The cached, shared product is never changed: a copy is
 * returned (or the product itself when the group does not lower its price).
 */
export function withBuyerTerms<T extends TProduct>(product: T, fen: ProductFen, terms: BuyerTerms, rate: number): T {
  const paid = buyerPriceFen(product.id, fen.paidFen, terms);
  if (paid === fen.paidFen) return product;
  const money = (value: number) => minorToMajor(convertMinor(value, product.currency, rate));
  return {
    ...product,
    discountPrice: money(paid),
    basePrice: money(paid),
    priceTiers: visibleTiersFen(paid, fen.tiers).map((t) => ({ minQuantity: t.minQuantity, price: money(t.priceFen) })),
  };
}
