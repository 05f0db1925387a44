import { MIN_QUANTITY, normalizeQuantity, stepQuantity } from '@cubeshop/shared';

// The input rules themselves are shared with the cart (packages/shared).
export { normalizeQuantity, stepQuantity };

/** The quantity a card starts with: the minimum order quantity (1 for most retail products). */
export function initialQuantity(moq: number | null | undefined): number {
  return normalizeQuantity(moq ?? MIN_QUANTITY);
}

/** Whether a quantity meets the product's minimum order and multiple (the server decides; this is the hint's colour). */
export function meetsOrderRules(quantity: number, moq: number | null | undefined, orderMultiple: number | null | undefined): boolean {
  if (moq && quantity < moq) return false;
  if (orderMultiple && orderMultiple > 1 && quantity % orderMultiple !== 0) return false;
  return true;
}
