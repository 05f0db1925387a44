import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, isValidQuantity, maxValidQuantity, minValidQuantity, snapQuantity, stepQuantity } from './quantity.js';

// The quantity rules every stepper follows (card, detail, cart); the server judges with the same rule.
const wholesale = { moq: 6, orderMultiple: 3 };

describe('quantity rules', () => {
  it('starts at the MOQ, raised to the order multiple', () => {
    expect(minValidQuantity(wholesale)).toBe(6);
    expect(minValidQuantity({ moq: 5, orderMultiple: 3 })).toBe(6);
    expect(minValidQuantity({ moq: 1, orderMultiple: 12 })).toBe(12);
    expect(minValidQuantity({})).toBe(1);
    expect(maxValidQuantity({ orderMultiple: 7 })).toBe(Math.floor(MAX_LINE_QUANTITY / 7) * 7);
  });

  it('steps by the order multiple and never below the MOQ (MOQ 6, steps of 3)', () => {
    expect(stepQuantity(6, 1, wholesale)).toBe(9);
    expect(stepQuantity(9, -1, wholesale)).toBe(6);
    expect(stepQuantity(6, -1, wholesale)).toBe(6);
    // From a quantity the rules refuse, to the next allowed one: 2 -> 6 (not 3), 7 -> 9 or 6.
    expect(stepQuantity(2, 1, wholesale)).toBe(6);
    expect(stepQuantity(7, 1, wholesale)).toBe(9);
    expect(stepQuantity(7, -1, wholesale)).toBe(6);
    expect(stepQuantity(1, 1, {})).toBe(2);
    expect(stepQuantity(1, -1, {})).toBe(1);
    expect(stepQuantity(maxValidQuantity(wholesale), 1, wholesale)).toBe(maxValidQuantity(wholesale));
  });

  it('snaps typed values to the nearest allowed quantity', () => {
    expect(snapQuantity('7', wholesale)).toBe(6);
    expect(snapQuantity('8', wholesale)).toBe(9);
    expect(snapQuantity('2', wholesale)).toBe(6);
    expect(snapQuantity('abc', wholesale)).toBe(6);
    expect(snapQuantity('10.9', wholesale)).toBe(9);
    expect(snapQuantity('999999999', wholesale)).toBe(maxValidQuantity(wholesale));
    expect(snapQuantity('4', {})).toBe(4);
  });

  it('agrees with itself: every snapped or stepped quantity is valid, for many rules and inputs', () => {
    for (let moq = 1; moq <= 30; moq++) {
      for (const orderMultiple of [null, 1, 2, 3, 5, 12, 24]) {
        const rules = { moq, orderMultiple };
        for (let q = 0; q <= 80; q++) {
          expect(isValidQuantity(snapQuantity(q, rules), rules)).toBe(true);
          expect(isValidQuantity(stepQuantity(q, 1, rules), rules)).toBe(true);
          expect(isValidQuantity(stepQuantity(q, -1, rules), rules)).toBe(true);
        }
      }
    }
    expect(isValidQuantity(7, wholesale)).toBe(false);
    expect(isValidQuantity(3, wholesale)).toBe(false);
    expect(isValidQuantity(12, wholesale)).toBe(true);
  });
});
