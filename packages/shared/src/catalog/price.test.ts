import { describe, expect, it } from 'vitest';
import { convertMinor } from '../money/currency.js';
import { displayRangeToBaseMinor, majorStringToMinor } from './price.js';
import { minorToMajor } from './product.js';

describe('catalog money helpers', () => {
  it('reads a typed amount exactly, rounding extra decimals inwards', () => {
    expect(majorStringToMinor('10', 'min')).toBe(1000);
    expect(majorStringToMinor('10.1', 'min')).toBe(1010);
    expect(majorStringToMinor('10.10', 'max')).toBe(1010);
    expect(majorStringToMinor('0.29', 'min')).toBe(29);
    expect(majorStringToMinor('10.001', 'min')).toBe(1001);
    expect(majorStringToMinor('10.001', 'max')).toBe(1000);
    expect(majorStringToMinor('10.0000', 'min')).toBe(1000);
  });

  it('turns display-currency bounds into fen bounds that agree with the displayed price', () => {
    for (const rate of [7.1, 7.2345, 6.9, 1]) {
      for (const cents of [0, 1, 14, 999, 1000, 1001, 12345]) {
        const { min, max } = displayRangeToBaseMinor(cents, cents, 'USD', rate);
        // every fen inside shows the bound, and the neighbours outside do not
        if (min !== undefined && max !== undefined && min <= max) {
          expect(convertMinor(min, 'USD', rate)).toBe(cents);
          expect(convertMinor(max, 'USD', rate)).toBe(cents);
        }
        if (min !== undefined && min > 0) expect(convertMinor(min - 1, 'USD', rate)).toBeLessThan(cents);
        if (max !== undefined) expect(convertMinor(max + 1, 'USD', rate)).toBeGreaterThan(cents);
      }
    }
    expect(displayRangeToBaseMinor(1000, 2000, 'USD', 7.1)).toEqual({ min: 7097, max: 14203 });
    expect(displayRangeToBaseMinor(1000, undefined, 'CNY', 7.1)).toEqual({ min: 1000, max: undefined });
  });

  it('writes money as a major-unit number', () => {
    expect(minorToMajor(12950)).toBe(129.5);
    expect(minorToMajor(5)).toBe(0.05);
  });
});
