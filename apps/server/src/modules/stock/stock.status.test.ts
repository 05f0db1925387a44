import { describe, expect, it } from 'vitest';
import { lineStock, stockStatusOf } from './stock.service.js';

// The public stock state (docs/catalog.md, Stock), as pure rules.
const line = (typeCode: string, onHand: number, reserved = 0) => ({ typeCode, onHand, reserved });

describe('stock state', () => {
  it('reads in stock, low, out of stock and pre-order from the pieces available', () => {
    const item = { preorder: false, lowStockAt: 10 };
    expect(stockStatusOf(item, [line('a', 30, 5)])).toBe('in_stock');
    expect(stockStatusOf(item, [line('a', 12, 5)])).toBe('low');
    expect(stockStatusOf(item, [line('a', 5, 5)])).toBe('out_of_stock');
    expect(stockStatusOf({ ...item, preorder: true }, [line('a', 0)])).toBe('preorder');
    expect(stockStatusOf(item, undefined)).toBe('in_stock');
  });

  it('does not count a type with fewer pieces than one may order (a carton of 120 with 1 left)', () => {
    const carton = { preorder: false, lowStockAt: 10, moq: 120, orderMultiple: 120 };
    expect(stockStatusOf(carton, [line('a', 1)])).toBe('out_of_stock');
    expect(stockStatusOf({ ...carton, preorder: true }, [line('a', 119)])).toBe('preorder');
    expect(stockStatusOf(carton, [line('a', 1), line('b', 240)])).toBe('in_stock');
    // One type is buyable, the other is not: the product is buyable and shown as such.
    expect(stockStatusOf({ ...carton, lowStockAt: 200 }, [line('a', 100), line('b', 120)])).toBe('low');
    expect(lineStock(carton, 'a', 120, [line('a', 1)])).toMatchObject({ stockStatus: 'out_of_stock', available: 1, stockShort: true });
  });
});
