import { MIN_QUANTITY } from './shop.js';

/** Largest quantity a stepper accepts (the server refuses more than 100,000 on a line). */
export const MAX_LINE_QUANTITY = 100_000;

/**
 * Quantity input rules (spec section 5), for product cards, the detail and cart lines alike:
 * non-numeric or below 1 becomes 1; fractions are floored to whole pieces.
 */
export function normalizeQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n < MIN_QUANTITY) return MIN_QUANTITY;
  return Math.min(Math.floor(n), MAX_LINE_QUANTITY);
}

/**
 * One step of a stepper. With an order multiple (a carton) the buttons move between multiples
 * (120 -> 240, 240 -> 120); never below 1.
 */
export function stepQuantity(quantity: number, direction: 1 | -1, orderMultiple?: number | null): number {
  const q = normalizeQuantity(quantity);
  const m = orderMultiple && orderMultiple > 1 ? orderMultiple : 1;
  if (m === 1) return normalizeQuantity(q + direction);
  if (direction === 1) return normalizeQuantity((Math.floor(q / m) + 1) * m);
  return normalizeQuantity((Math.ceil(q / m) - 1) * m);
}
