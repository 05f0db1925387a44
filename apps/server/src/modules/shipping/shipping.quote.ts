import { chargeableWeightG, convertMinor, linePriceFen, type TCurrency, type TTierFen } from '@cubeshop/shared';

/**
 * The money and weight arithmetic of carts, quotes and orders (docs/orders.md), as pure
 * functions on integers: fen, minor units of the display currency, grams and cm³. Nothing here
 * uses a binary fraction except convertMinor's single division by the exchange rate. What a
 * line costs a buyer and the chargeable weight are the shared rules (@cubeshop/shared:
 * catalog/price.ts, shipping/weight.ts); this file adds them up.
 */

/** A rate row: price of w grams is max(minCharge, first + ceil(max(0, w − firstWeight) / step) × stepPrice). */
export interface RateRule {
  firstWeightG: number;
  firstPriceFen: number;
  stepWeightG: number;
  stepPriceFen: number;
  minChargeFen: number;
  maxWeightG: number;
}

/** a / b rounded half up, for non-negative integers (exact: no floating point). */
export function divRoundHalfUp(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0) throw new RangeError(`divRoundHalfUp(${a}, ${b})`);
  return Math.floor((2 * a + b) / (2 * b));
}

/** ceil(a / b) for non-negative integers. */
export function divCeil(a: number, b: number): number {
  return Math.floor((a + b - 1) / b);
}

/** Freight in fen for `weightG` grams, or null when the method cannot carry that much. */
export function freightFen(rule: RateRule, weightG: number): number | null {
  if (weightG > rule.maxWeightG) return null;
  const extra = Math.max(0, weightG - rule.firstWeightG);
  const steps = divCeil(extra, rule.stepWeightG);
  return Math.max(rule.minChargeFen, rule.firstPriceFen + steps * rule.stepPriceFen);
}

/** `bp` basis points of an amount (440 = 4.4 %), rounded half up once. */
export function percentOf(amountMinor: number, bp: number): number {
  return divRoundHalfUp(amountMinor * bp, 10_000);
}

/** The exchange rate as an integer number of millionths (7.1 -> 7100000), so products stay integers. */
export function rateMicros(cnyPerUsd: number): number {
  return Math.round(cnyPerUsd * 1_000_000);
}

/** USD cents to fen at the stored rate, rounded half up once, in integers (6900 at 7.1 -> 48990). */
export function usdCentsToFen(cents: number, cnyPerUsd: number): number {
  return Number((BigInt(cents) * BigInt(rateMicros(cnyPerUsd)) * 2n + 1_000_000n) / 2_000_000n);
}

/** The free-shipping threshold in minor units of `currency` (the setting is in USD cents). */
export function thresholdMinor(thresholdUsdCents: number | null, currency: TCurrency, cnyPerUsd: number): number | null {
  if (thresholdUsdCents === null) return null;
  return currency === 'USD' ? thresholdUsdCents : usdCentsToFen(thresholdUsdCents, cnyPerUsd);
}

export interface PricedLineInput {
  /** What one piece costs the buyer before quantity breaks (the shop's or the group's price), fen. */
  unitPriceFen: number;
  /** List price of one piece, fen. */
  listPriceFen: number;
  /** The product's quantity breaks; the line's piece costs the lower of unitPriceFen and its tier (linePriceFen). */
  priceTiers?: readonly TTierFen[] | undefined;
  quantity: number;
  nwG: number | null;
  gwG: number | null;
  volumeCm3: number | null;
  volumeWeightG: number | null;
}

/** What a product gives a priced line (a PricingItem of the catalog has all of it). */
export type LineItem = Omit<PricedLineInput, 'quantity'>;

/** The input of priceGoods for `quantity` pieces of a product. */
export function lineInput(quantity: number, item: LineItem): PricedLineInput {
  const { unitPriceFen, listPriceFen, priceTiers, nwG, gwG, volumeCm3, volumeWeightG } = item;
  return { unitPriceFen, listPriceFen, priceTiers, quantity, nwG, gwG, volumeCm3, volumeWeightG };
}

export interface PricedLine {
  /** What one piece of the line costs, fen: the buyer's price or its tier's, whichever is lower. */
  unitPriceFen: number;
  /** What one piece would cost without quantity breaks, fen. */
  baseFen: number;
  /** The quantity break the line is priced at, or null when none lowered it. */
  tierMinQuantity: number | null;
  listPriceFen: number;
  amountFen: number;
  unitPriceMinor: number;
  listPriceMinor: number;
  amountMinor: number;
  quantity: number;
  totalNwG: number;
  totalGwG: number;
  totalVolumeCm3: number;
  totalVolumeWeightG: number;
}

/** Both ledgers of an amount: fen and minor units of the order's currency. */
export interface Money2 {
  fen: number;
  minor: number;
}

export interface GoodsTotals {
  currency: TCurrency;
  cnyPerUsd: number;
  lines: PricedLine[];
  lineCount: number;
  pieceCount: number;
  list: Money2;
  goods: Money2;
  discount: Money2;
  totalNwG: number;
  totalGwG: number;
  totalVolumeCm3: number;
  totalVolumeWeightG: number;
  chargeableWeightG: number;
}

/**
 * Prices lines in fen and in the display currency. Each line's piece costs what linePriceFen
 * says (the buyer's price or the line's tier, whichever is lower). A unit price is converted once
 * (convertMinor, as the catalog shows it); a line is unit × quantity; goods are the sum of lines,
 * in each currency separately, so every displayed line adds up to the displayed total exactly.
 * Unknown gross weight counts as the net weight, else 0; unknown volume as 0.
 */
export function priceGoods(inputs: readonly PricedLineInput[], currency: TCurrency, cnyPerUsd: number): GoodsTotals {
  const lines: PricedLine[] = inputs.map((l) => {
    const price = linePriceFen(l.quantity, l.unitPriceFen, l.priceTiers ?? []);
    const unitPriceMinor = convertMinor(price.unitFen, currency, cnyPerUsd);
    const listPriceMinor = convertMinor(l.listPriceFen, currency, cnyPerUsd);
    const gw = l.gwG ?? l.nwG ?? 0;
    return {
      unitPriceFen: price.unitFen,
      baseFen: price.baseFen,
      tierMinQuantity: price.tierMinQuantity,
      listPriceFen: l.listPriceFen,
      amountFen: price.unitFen * l.quantity,
      unitPriceMinor,
      listPriceMinor,
      amountMinor: unitPriceMinor * l.quantity,
      quantity: l.quantity,
      totalNwG: (l.nwG ?? 0) * l.quantity,
      totalGwG: gw * l.quantity,
      totalVolumeCm3: (l.volumeCm3 ?? 0) * l.quantity,
      totalVolumeWeightG: (l.volumeWeightG ?? 0) * l.quantity,
    };
  });
  const sum = (pick: (l: PricedLine) => number) => lines.reduce((acc, l) => acc + pick(l), 0);
  const list = { fen: sum((l) => l.listPriceFen * l.quantity), minor: sum((l) => l.listPriceMinor * l.quantity) };
  const goods = { fen: sum((l) => l.amountFen), minor: sum((l) => l.amountMinor) };
  const totalGwG = sum((l) => l.totalGwG);
  const totalVolumeWeightG = sum((l) => l.totalVolumeWeightG);
  return {
    currency,
    cnyPerUsd,
    lines,
    lineCount: lines.length,
    pieceCount: sum((l) => l.quantity),
    list,
    goods,
    discount: { fen: list.fen - goods.fen, minor: list.minor - goods.minor },
    totalNwG: sum((l) => l.totalNwG),
    totalGwG,
    totalVolumeCm3: sum((l) => l.totalVolumeCm3),
    totalVolumeWeightG,
    chargeableWeightG: chargeableWeightG(totalGwG, totalVolumeWeightG),
  };
}

export interface OrderTotals extends GoodsTotals {
  /** Freight by the rate table. */
  freightBase: Money2;
  /** Freight charged: 0 with free shipping. */
  freight: Money2;
  surcharge: Money2;
  surchargeBp: number;
  total: Money2;
  freeShipping: boolean;
  freeShippingThresholdMinor: number | null;
}

/**
 * Adds freight and the payment surcharge to priced goods.
 * - Free shipping when goods (in the order's currency) ≥ the threshold in that currency; the
 *   decision applies to both ledgers.
 * - Freight comes from the rate table in fen and is converted once.
 * - The surcharge is bp basis points of goods + freight, rounded half up once, in each ledger.
 * - total = goods + freight + surcharge, exactly, in each ledger.
 */
export function totalOrder(goods: GoodsTotals, freightBaseFen: number, surchargeBp: number, thresholdUsdCents: number | null): OrderTotals {
  const threshold = thresholdMinor(thresholdUsdCents, goods.currency, goods.cnyPerUsd);
  const freeShipping = threshold !== null && goods.goods.minor >= threshold;
  const freightBase = { fen: freightBaseFen, minor: convertMinor(freightBaseFen, goods.currency, goods.cnyPerUsd) };
  const freight = freeShipping ? { fen: 0, minor: 0 } : freightBase;
  const surcharge = {
    fen: percentOf(goods.goods.fen + freight.fen, surchargeBp),
    minor: percentOf(goods.goods.minor + freight.minor, surchargeBp),
  };
  return {
    ...goods,
    freightBase,
    freight,
    surcharge,
    surchargeBp,
    total: { fen: goods.goods.fen + freight.fen + surcharge.fen, minor: goods.goods.minor + freight.minor + surcharge.minor },
    freeShipping,
    freeShippingThresholdMinor: threshold,
  };
}

/**
 * The largest difference the documented rounding allows between an order total in USD cents and
 * convertMinor(its fen total). With p = bp / 10000 and r = CNY per USD: each unit price is rounded
 * once (≤ ½ cent per piece) and the freight once (≤ ½), the surcharge carries p of both and is
 * rounded once in each ledger (½ + ½ / r), and converting the fen total rounds once more (½):
 * (1 + p) × (pieces + 1) / 2 + 1 + 1 / (2r).
 */
export function usdRoundingBound(pieceCount: number, surchargeBp: number, cnyPerUsd: number): number {
  const p = surchargeBp / 10_000;
  return ((1 + p) * (pieceCount + 1)) / 2 + 1 + 1 / (2 * cnyPerUsd);
}
