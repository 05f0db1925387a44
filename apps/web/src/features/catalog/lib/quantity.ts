import { isValidQuantity, minValidQuantity, normalizeQuantity, stepQuantity } from '@cubeshop/shared';

// The input rules themselves are shared with the cart (packages/shared).
export { normalizeQuantity, stepQuantity };

/** The quantity a card starts with: the minimum order quantity raised to the order multiple (1 for most retail products). */
export function initialQuantity(moq: number | null | undefined, orderMultiple?: number | null): number {
  return minValidQuantity({ moq, orderMultiple });
}

/** Whether a quantity meets the product's minimum order and multiple (the server decides; this is the hint's colour). */
export function meetsOrderRules(quantity: number, moq: number | null | undefined, orderMultiple: number | null | undefined): boolean {
  return isValidQuantity(quantity, { moq, orderMultiple });
}
