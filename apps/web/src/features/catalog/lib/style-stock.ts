import { maxOrderable, type TProduct, type TStockStatus } from '@cubeshop/shared';

/** A card or a detail: its styles carry their own state (and, on the detail, their pieces). */
type Stocked = Pick<TProduct, 'stockStatus'> & {
  types?: readonly { code: string; stockStatus?: TStockStatus; available?: number | null }[] | null;
  available?: number | null;
  preorder?: boolean;
};

export interface TChosenStock {
  status: TStockStatus;
  /** Pieces available of the choice when known (the detail), null when unknown or not tracked. */
  available: number | null;
}

/**
 * The stock a buyer sees for what they chose (docs/catalog.md, Stock): the chosen style's own
 * state and pieces; a product without styles, its own; with styles and none chosen, the product's
 * state (some style has pieces) without a count.
 */
export function chosenStock(product: Stocked, typeCode: string | undefined): TChosenStock {
  const types = product.types ?? [];
  const style = typeCode ? types.find((t) => t.code === typeCode) : undefined;
  if (style) return { status: style.stockStatus ?? product.stockStatus, available: style.available ?? null };
  if (types.length === 0) return { status: product.stockStatus, available: product.available ?? null };
  return { status: product.stockStatus, available: null };
}

/**
 * The most pieces of the choice the cart will take: null when stock does not limit it (not
 * tracked, unknown here, or the product takes pre-orders); 0 when it cannot be bought now.
 */
export function quantityLimit(product: Stocked & Pick<TProduct, 'moq' | 'orderMultiple'>, stock: TChosenStock): number | null {
  if (product.preorder || stock.status === 'preorder') return null;
  if (stock.status === 'out_of_stock') return 0;
  return maxOrderable(stock.available, product);
}
