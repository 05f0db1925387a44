import { MIN_QUANTITY } from './shop.js';

/** Largest quantity a stepper accepts (the server refuses more than 100,000 on a line). */
export const MAX_LINE_QUANTITY = 100_000;

/**
 * Quantity input rules (docs/requirements.md, Validation), for product cards, the detail and cart lines alike:
 * non-numeric or below 1 becomes 1; fractions are floored to whole pieces.
 */
export function normalizeQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n < MIN_QUANTITY) return MIN_QUANTITY;
  return Math.min(Math.floor(n), MAX_LINE_QUANTITY);
}

/** A product's quantity rules: the minimum order quantity and the order multiple (a carton, a pack). */
export interface QuantityRules {
  moq?: number | null | undefined;
  orderMultiple?: number | null | undefined;
}

const multipleOf = (rules: QuantityRules) => (rules.orderMultiple && rules.orderMultiple > 1 ? Math.floor(rules.orderMultiple) : 1);

/** The smallest quantity the rules allow: the MOQ, raised to the next order multiple. */
export function minValidQuantity(rules: QuantityRules): number {
  const m = multipleOf(rules);
  const moq = Math.max(MIN_QUANTITY, Math.floor(rules.moq ?? MIN_QUANTITY));
  return Math.min(Math.ceil(moq / m) * m, maxValidQuantity(rules));
}

/** The largest quantity the rules allow: the line limit, down to an order multiple. */
export function maxValidQuantity(rules: QuantityRules): number {
  const m = multipleOf(rules);
  return Math.max(m, Math.floor(MAX_LINE_QUANTITY / m) * m);
}

/** Whether the server accepts this quantity for a product with these rules (at least the MOQ, a whole number of order multiples). */
export function isValidQuantity(quantity: number, rules: QuantityRules): boolean {
  return Number.isInteger(quantity) && quantity >= minValidQuantity(rules) && quantity <= maxValidQuantity(rules) && quantity % multipleOf(rules) === 0;
}

/**
 * What a typed quantity becomes: the nearest quantity the rules allow (halfway rounds up), never
 * below the MOQ. "7" with MOQ 6 in steps of 3 is 6, "8" is 9, "2" is 6; text and fractions as
 * normalizeQuantity.
 */
export function snapQuantity(value: unknown, rules: QuantityRules = {}): number {
  const q = normalizeQuantity(value);
  const m = multipleOf(rules);
  const nearest = Math.floor(q / m + 0.5) * m;
  return Math.min(Math.max(nearest, minValidQuantity(rules)), maxValidQuantity(rules));
}

/**
 * One step of a stepper: to the next (or previous) quantity the rules allow. With an order
 * multiple the buttons move between multiples (120 -> 240, 240 -> 120); never below the MOQ
 * (or 1). `rules` may be just the order multiple (older callers).
 */
export function stepQuantity(quantity: number, direction: 1 | -1, rules?: QuantityRules | number | null): number {
  const r: QuantityRules = typeof rules === 'object' && rules !== null ? rules : { orderMultiple: rules ?? null };
  const q = normalizeQuantity(quantity);
  const m = multipleOf(r);
  const next = direction === 1 ? (Math.floor(q / m) + 1) * m : (Math.ceil(q / m) - 1) * m;
  return Math.min(Math.max(next, minValidQuantity(r)), maxValidQuantity(r));
}
