import { MIN_QUANTITY } from '@cubeshop/shared';

/**
 * Quantity rules of a product card and the detail (spec section 5): non-numeric or below 1
 * becomes 1; fractions are floored to whole pieces.
 */
export function normalizeQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n < MIN_QUANTITY) return MIN_QUANTITY;
  return Math.min(Math.floor(n), 999_999);
}

/**
 * One step of the stepper. With an order multiple (a carton) the buttons move between
 * multiples (120 -> 240, 240 -> 120); never below 1.
 */
export function stepQuantity(quantity: number, direction: 1 | -1, orderMultiple?: number | null): number {
  const q = normalizeQuantity(quantity);
  const m = orderMultiple && orderMultiple > 1 ? orderMultiple : 1;
  if (m === 1) return normalizeQuantity(q + direction);
  if (direction === 1) return normalizeQuantity((Math.floor(q / m) + 1) * m);
  return normalizeQuantity((Math.ceil(q / m) - 1) * m);
}

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
