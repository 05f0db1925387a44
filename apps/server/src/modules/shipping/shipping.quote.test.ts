import { describe, expect, it } from 'vitest';
import { chargeableWeightG, convertMinor, FREE_SHIPPING_THRESHOLD_USD_CENTS, type TCurrency } from '@cubeshop/shared';
import { seededRandom } from '../../test/shop.js';
import {
  divRoundHalfUp,
  freightFen,
  percentOf,
  priceGoods,
  totalOrder,
  usdCentsToFen,
  usdRoundingBound,
  type PricedLineInput,
  type RateRule,
} from './shipping.quote.js';

// Property tests of the money and weight arithmetic with a seeded generator (fast-check is not
// installed): every run sees the same cases; a failure names its seed and case.
const RATES = [7.1, 6.9123, 7.25, 1, 7.0999, 6.5];
const CASES = 2_000;

function randomLine(r: ReturnType<typeof seededRandom>): PricedLineInput {
  const listPriceFen = r.int(1, r.bool(0.1) ? 3_000_000 : 50_000);
  const discounted = r.bool(0.3);
  return {
    listPriceFen,
    unitPriceFen: discounted ? Math.round((listPriceFen * (100 - r.int(1, 90))) / 100) : listPriceFen,
    quantity: r.bool(0.2) ? r.int(1, 5_000) : r.int(1, 24),
    nwG: r.bool(0.9) ? r.int(1, 5_000) : null,
    gwG: r.bool(0.9) ? r.int(1, 6_000) : null,
    volumeCm3: r.bool(0.9) ? r.int(1, 60_000) : null,
    volumeWeightG: r.bool(0.9) ? r.int(1, 12_000) : null,
  };
}

function randomRule(r: ReturnType<typeof seededRandom>): RateRule {
  return {
    firstWeightG: r.pick([0, 100, 500, 1_000]),
    firstPriceFen: r.int(0, 40_000),
    stepWeightG: r.pick([100, 500, 1_000]),
    stepPriceFen: r.int(0, 10_000),
    minChargeFen: r.bool(0.3) ? r.int(0, 200_000) : 0,
    maxWeightG: r.pick([2_000, 30_000, 300_000, 10_000_000]),
  };
}

const randomCart = (r: ReturnType<typeof seededRandom>) => Array.from({ length: r.int(1, r.bool(0.1) ? 200 : 12) }, () => randomLine(r));

describe('shipping quote arithmetic (property tests, seeded)', () => {
  it('integer helpers: half-up division and basis points', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(4, 2)).toBe(2);
    expect(divRoundHalfUp(7, 3)).toBe(2);
    expect(percentOf(10_000, 440)).toBe(440);
    expect(percentOf(12_345, 440)).toBe(543); // 543.18
    expect(percentOf(125, 440)).toBe(6); // 5.5 -> 6
    expect(usdCentsToFen(FREE_SHIPPING_THRESHOLD_USD_CENTS, 7.1)).toBe(48_990);
    expect(convertMinor(48_990, 'USD', 7.1)).toBe(6_900);
    const r = seededRandom(11);
    for (let i = 0; i < CASES; i++) {
      const a = r.int(0, 1e12);
      const b = r.int(1, 1e6);
      const q = divRoundHalfUp(a, b);
      // |q − a/b| ≤ ½, and exact halves go up
      expect(Math.abs(q * b * 2 - a * 2)).toBeLessThanOrEqual(b);
    }
  });

  it('total = goods + freight + surcharge exactly, in integers, in CNY and USD', () => {
    const r = seededRandom(1);
    for (let i = 0; i < CASES; i++) {
      const currency: TCurrency = r.bool() ? 'CNY' : 'USD';
      const rate = r.pick(RATES);
      const lines = randomCart(r);
      const goods = priceGoods(lines, currency, rate);
      const base = freightFen(randomRule(r), goods.chargeableWeightG) ?? 0;
      const t = totalOrder(goods, base, r.pick([0, 440, 300, 10_000]), r.bool(0.8) ? r.int(0, 100_000) : null);
      const ctx = `case ${i}`;
      for (const ledger of ['fen', 'minor'] as const) {
        for (const v of [t.goods, t.list, t.freight, t.surcharge, t.total, t.discount]) expect(Number.isSafeInteger(v[ledger]), ctx).toBe(true);
        expect(t.total[ledger], ctx).toBe(t.goods[ledger] + t.freight[ledger] + t.surcharge[ledger]);
      }
      // goods are exactly the sum of the line amounts, and a line is unit × quantity
      expect(t.goods.minor).toBe(t.lines.reduce((s, l) => s + l.amountMinor, 0));
      expect(t.goods.fen).toBe(t.lines.reduce((s, l) => s + l.amountFen, 0));
      for (const l of t.lines) {
        expect(l.amountMinor).toBe(l.unitPriceMinor * l.quantity);
        expect(l.unitPriceMinor).toBe(convertMinor(l.unitPriceFen, currency, rate));
      }
      expect(t.discount.minor).toBeGreaterThanOrEqual(0);
      // in CNY both ledgers are the same numbers
      if (currency === 'CNY') expect(t.total.minor).toBe(t.total.fen);
      // the surcharge is rounded once from goods + freight
      expect(t.surcharge.minor).toBe(percentOf(t.goods.minor + t.freight.minor, t.surchargeBp));
    }
  });

  it('USD totals stay within the documented rounding bound of the converted fen total', () => {
    const r = seededRandom(2);
    for (let i = 0; i < CASES; i++) {
      const rate = r.pick(RATES);
      const lines = randomCart(r);
      const goods = priceGoods(lines, 'USD', rate);
      const bp = r.pick([0, 440, 300]);
      const t = totalOrder(goods, freightFen(randomRule(r), goods.chargeableWeightG) ?? 0, bp, r.bool() ? FREE_SHIPPING_THRESHOLD_USD_CENTS : null);
      const bound = usdRoundingBound(t.pieceCount, bp, rate);
      expect(Math.abs(t.total.minor - convertMinor(t.total.fen, 'USD', rate)), `case ${i}`).toBeLessThanOrEqual(bound);
      // converting the sum versus summing the converted lines: at most ½ cent per line, plus ½
      const summed = t.lines.reduce((s, l) => s + convertMinor(l.amountFen, 'USD', rate), 0);
      expect(Math.abs(summed - convertMinor(t.goods.fen, 'USD', rate))).toBeLessThanOrEqual((t.lineCount + 1) / 2);
    }
  });

  it('chargeable weight is max(gross, volumetric) and never drops when a line is added', () => {
    const r = seededRandom(3);
    for (let i = 0; i < CASES; i++) {
      const lines = randomCart(r);
      const before = priceGoods(lines, 'CNY', 7.1);
      expect(before.chargeableWeightG).toBe(chargeableWeightG(before.totalGwG, before.totalVolumeWeightG));
      expect(before.chargeableWeightG).toBeGreaterThanOrEqual(before.totalGwG);
      expect(before.chargeableWeightG).toBeGreaterThanOrEqual(before.totalVolumeWeightG);
      const after = priceGoods([...lines, randomLine(r)], 'CNY', 7.1);
      expect(after.chargeableWeightG).toBeGreaterThanOrEqual(before.chargeableWeightG);
      // raising one quantity never lowers it either
      const bumped = lines.map((l, j) => (j === 0 ? { ...l, quantity: l.quantity + r.int(1, 10) } : l));
      expect(priceGoods(bumped, 'CNY', 7.1).chargeableWeightG).toBeGreaterThanOrEqual(before.chargeableWeightG);
    }
  });

  it('freight never drops as weight grows, respects the minimum charge, and refuses past the limit', () => {
    const r = seededRandom(4);
    for (let i = 0; i < CASES; i++) {
      const rule = randomRule(r);
      const w1 = r.int(0, rule.maxWeightG);
      const w2 = r.int(w1, rule.maxWeightG);
      const f1 = freightFen(rule, w1)!;
      const f2 = freightFen(rule, w2)!;
      expect(f2).toBeGreaterThanOrEqual(f1);
      expect(f1).toBeGreaterThanOrEqual(rule.minChargeFen);
      expect(f1).toBeGreaterThanOrEqual(rule.firstPriceFen);
      expect(freightFen(rule, rule.maxWeightG + r.int(1, 1_000))).toBeNull();
    }
    // the step boundaries: 0.5 kg first + each started 0.5 kg
    const dhl: RateRule = { firstWeightG: 500, firstPriceFen: 26_000, stepWeightG: 500, stepPriceFen: 7_000, minChargeFen: 26_000, maxWeightG: 300_000 };
    expect(freightFen(dhl, 0)).toBe(26_000);
    expect(freightFen(dhl, 500)).toBe(26_000);
    expect(freightFen(dhl, 501)).toBe(33_000);
    expect(freightFen(dhl, 1_000)).toBe(33_000);
    expect(freightFen(dhl, 1_001)).toBe(40_000);
    expect(freightFen(dhl, 300_000)).toBe(26_000 + 599 * 7_000);
    expect(freightFen(dhl, 300_001)).toBeNull();
    const sea: RateRule = { firstWeightG: 1_000, firstPriceFen: 900, stepWeightG: 1_000, stepPriceFen: 900, minChargeFen: 180_000, maxWeightG: 10_000_000 };
    expect(freightFen(sea, 3_000)).toBe(180_000);
    expect(freightFen(sea, 500_000)).toBe(450_000);
  });

  it('free shipping exactly at the threshold, in the order currency, for any rate', () => {
    const r = seededRandom(5);
    for (let i = 0; i < 500; i++) {
      const rate = r.pick(RATES);
      const thresholdCents = r.int(1, 50_000);
      // CNY: goods of exactly the threshold in fen (cents converted at the rate, rounded once)
      const thresholdFen = usdCentsToFen(thresholdCents, rate);
      const at = priceGoods([{ ...randomLine(r), unitPriceFen: thresholdFen, listPriceFen: thresholdFen, quantity: 1 }], 'CNY', rate);
      const below = priceGoods([{ ...randomLine(r), unitPriceFen: thresholdFen - 1, listPriceFen: thresholdFen, quantity: 1 }], 'CNY', rate);
      expect(totalOrder(at, 5_000, 0, thresholdCents).freeShipping).toBe(true);
      expect(totalOrder(at, 5_000, 0, thresholdCents).freight).toEqual({ fen: 0, minor: 0 });
      expect(totalOrder(below, 5_000, 0, thresholdCents).freeShipping).toBe(false);
      expect(totalOrder(below, 5_000, 0, thresholdCents).freight.fen).toBe(5_000);
      // USD: the smallest fen price that shows as exactly the threshold in cents
      let fen = Math.floor((thresholdCents - 0.5) * rate) - 2;
      while (convertMinor(fen, 'USD', rate) < thresholdCents) fen++;
      const usdAt = priceGoods([{ ...randomLine(r), unitPriceFen: fen, listPriceFen: fen, quantity: 1 }], 'USD', rate);
      const usdBelow = priceGoods([{ ...randomLine(r), unitPriceFen: fen - 1, listPriceFen: fen, quantity: 1 }], 'USD', rate);
      expect(usdAt.goods.minor).toBe(thresholdCents);
      expect(totalOrder(usdAt, 5_000, 440, thresholdCents).freeShipping).toBe(true);
      expect(totalOrder(usdBelow, 5_000, 440, thresholdCents).freeShipping).toBe(false);
    }
    // no threshold: never free
    const g = priceGoods([{ unitPriceFen: 10_000_000, listPriceFen: 10_000_000, quantity: 1, nwG: 1, gwG: 1, volumeCm3: 1, volumeWeightG: 1 }], 'CNY', 7.1);
    expect(totalOrder(g, 100, 0, null).freeShipping).toBe(false);
  });

  it("prices each line by the shared rule: the buyer's price or the line's tier, whichever is lower", () => {
    const tiers = [
      { minQuantity: 12, priceFen: 900 },
      { minQuantity: 48, priceFen: 800 },
    ];
    const line = { unitPriceFen: 1000, listPriceFen: 1200, priceTiers: tiers, nwG: 100, gwG: 120, volumeCm3: 150, volumeWeightG: 30 };
    const g = priceGoods(
      [
        { ...line, quantity: 11 },
        { ...line, quantity: 12 },
        { ...line, unitPriceFen: 850, quantity: 12 },
        { ...line, quantity: 50 },
      ],
      'USD',
      7.1,
    );
    expect(g.lines.map((l) => [l.unitPriceFen, l.baseFen, l.tierMinQuantity])).toEqual([
      [1000, 1000, null],
      [900, 1000, 12],
      [850, 850, null],
      [800, 1000, 48],
    ]);
    expect(g.lines[3]!.unitPriceMinor).toBe(convertMinor(800, 'USD', 7.1));
    expect(g.goods.fen).toBe(1000 * 11 + 900 * 12 + 850 * 12 + 800 * 50);
    expect(g.discount.fen).toBe(g.list.fen - g.goods.fen);
  });
});
