import { describe, expect, it } from 'vitest';
import { buyerPriceFen, discountPriceFen, groupPriceFen, linePriceFen, shopPriceFen, tierFor, visibleTiersFen } from './price.js';

const tiers = [
  { minQuantity: 12, priceFen: 900 },
  { minQuantity: 48, priceFen: 800 },
];

describe('price tiers and customer groups', () => {
  it('takes the tier with the highest minQuantity the quantity reaches', () => {
    expect(tierFor(11, tiers)).toBeNull();
    expect(tierFor(12, tiers)?.minQuantity).toBe(12);
    expect(tierFor(47, tiers)?.minQuantity).toBe(12);
    expect(tierFor(48, tiers)?.minQuantity).toBe(48);
    expect(tierFor(1000, [...tiers].reverse())?.minQuantity).toBe(48);
  });

  it('prices a line at the lower of the buyer price and the tier price', () => {
    expect(linePriceFen(1, 1000, tiers)).toEqual({ unitFen: 1000, baseFen: 1000, tierMinQuantity: null });
    expect(linePriceFen(12, 1000, tiers)).toEqual({ unitFen: 900, baseFen: 1000, tierMinQuantity: 12 });
    expect(linePriceFen(50, 1000, tiers)).toEqual({ unitFen: 800, baseFen: 1000, tierMinQuantity: 48 });
    // A group price below the tier wins; the tier is then not "applied".
    expect(linePriceFen(12, 850, tiers)).toEqual({ unitFen: 850, baseFen: 850, tierMinQuantity: null });
    expect(linePriceFen(48, 850, tiers)).toEqual({ unitFen: 800, baseFen: 850, tierMinQuantity: 48 });
  });

  it('applies a group: own price first, else the percentage rounded half up to the fen', () => {
    expect(groupPriceFen(1000, null)).toBe(1000);
    expect(groupPriceFen(1000, { discountPercent: 10 })).toBe(900);
    expect(groupPriceFen(999, { discountPercent: 15 })).toBe(849); // 849.15
    expect(groupPriceFen(1001, { discountPercent: 50 })).toBe(501); // 500.5 rounds up
    expect(groupPriceFen(1000, { discountPercent: 10, ownPriceFen: 950 })).toBe(950);
    // An own price above the shop's price never makes the buyer pay more.
    expect(groupPriceFen(1000, { discountPercent: 0, ownPriceFen: 1200 })).toBe(1000);
  });

  it("stores the discount rounded half up, and takes the discounted price as the shop's price only when discounted", () => {
    expect(discountPriceFen(1000, 0)).toBe(1000);
    expect(discountPriceFen(1000, 20)).toBe(800);
    expect(discountPriceFen(999, 15)).toBe(849); // 849.15
    expect(discountPriceFen(1001, 50)).toBe(501); // 500.5 rounds up
    expect(shopPriceFen({ priceFen: 1000, discountPercent: 20, discountPriceFen: 790 })).toBe(790);
    expect(shopPriceFen({ priceFen: 1000, discountPercent: 0, discountPriceFen: 790 })).toBe(1000);
  });

  it("gives each product the buyer's group price: its own price, else the group's percentage", () => {
    const terms = { discountPercent: 10, ownPriceFen: new Map([[7, 950]]) };
    expect(buyerPriceFen(7, 1000, null)).toBe(1000);
    expect(buyerPriceFen(7, 1000, terms)).toBe(950);
    expect(buyerPriceFen(8, 1000, terms)).toBe(900);
    expect(buyerPriceFen(7, 900, terms)).toBe(900); // an own price above the shop's is ignored
  });

  it('shows only the tiers cheaper than the buyer price, by quantity', () => {
    expect(visibleTiersFen(1000, [...tiers].reverse())).toEqual(tiers);
    expect(visibleTiersFen(850, tiers)).toEqual([{ minQuantity: 48, priceFen: 800 }]);
  });
});
