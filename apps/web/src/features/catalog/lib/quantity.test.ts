import { describe, expect, it } from 'vitest';
import { initialQuantity, meetsOrderRules, normalizeQuantity, stepQuantity } from './quantity';

describe('quantity rules (docs/requirements.md, Validation: minimum 1; non-numeric or below 1 becomes 1)', () => {
  it('turns anything non-numeric or below 1 into 1', () => {
    for (const value of ['', ' ', 'abc', '1e', '-3', '0', 0, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}]) {
      expect(normalizeQuantity(value), String(value)).toBe(1);
    }
  });

  it('keeps whole numbers and floors fractions', () => {
    expect(normalizeQuantity('12')).toBe(12);
    expect(normalizeQuantity(' 7 ')).toBe(7);
    expect(normalizeQuantity('2.9')).toBe(2);
    expect(normalizeQuantity(120)).toBe(120);
  });

  it('steps by one, never below 1', () => {
    expect(stepQuantity(1, 1)).toBe(2);
    expect(stepQuantity(2, -1)).toBe(1);
    expect(stepQuantity(1, -1)).toBe(1);
  });

  it('steps between multiples of the order multiple (cartons)', () => {
    expect(stepQuantity(120, 1, 120)).toBe(240);
    expect(stepQuantity(240, -1, 120)).toBe(120);
    expect(stepQuantity(120, -1, 120)).toBe(120); // a carton is the least one can order
    expect(stepQuantity(7, 1, 6)).toBe(12);
    expect(stepQuantity(7, -1, 6)).toBe(6);
    expect(stepQuantity(1, 1, 6)).toBe(6);
  });

  it('starts at the minimum order quantity', () => {
    expect(initialQuantity(1)).toBe(1);
    expect(initialQuantity(120)).toBe(120);
    expect(initialQuantity(undefined)).toBe(1);
    expect(initialQuantity(0)).toBe(1);
  });

  it('tells whether a quantity meets MOQ and multiple', () => {
    expect(meetsOrderRules(1, 1, null)).toBe(true);
    expect(meetsOrderRules(5, 6, null)).toBe(false);
    expect(meetsOrderRules(9, 6, 3)).toBe(true);
    expect(meetsOrderRules(10, 6, 3)).toBe(false);
    expect(meetsOrderRules(120, 120, 120)).toBe(true);
  });
});
