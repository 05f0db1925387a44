import { discountPriceFen } from '@cubeshop/shared';

/**
 * Demo quantity breaks of a SKU (docs/catalog.md, Prices): about 60 % of the products sold
 * by the piece get 12+ (5-8 % off what a piece costs) and, when a carton holds more, carton+
 * (another 4-7 % off); products sold by the dozen or the carton have none (their price is
 * already the wholesale one). `rnd` is a generator of their own, so the other fields of the
 * demo catalog stay as they were.
 */
export function demoTiers(
  item: { priceFen: number; discountPercent: number; moq: number; orderMultiple: number | null; pcs: number | null },
  rnd: () => number,
): { minQuantity: number; priceFen: number }[] {
  if (item.moq !== 1 || item.orderMultiple) return [];
  if (rnd() >= 0.6) return [];
  const paid = discountPriceFen(item.priceFen, item.discountPercent);
  // Whole jiao (10 fen) below 20 yuan, whole yuan above, always strictly cheaper than the step before.
  const step = (from: number, off: number) => {
    const raw = from * (1 - off);
    const unit = raw >= 2_000 ? 100 : 10;
    return Math.min(from - 1, Math.floor(raw / unit) * unit);
  };
  const dozen = step(paid, 0.05 + rnd() * 0.03);
  if (dozen <= 0) return [];
  const tiers = [{ minQuantity: 12, priceFen: dozen }];
  const carton = item.pcs ?? 0;
  const cartonPrice = step(dozen, 0.04 + rnd() * 0.03);
  if (carton > 12 && cartonPrice > 0) tiers.push({ minQuantity: carton, priceFen: cartonPrice });
  return tiers;
}
