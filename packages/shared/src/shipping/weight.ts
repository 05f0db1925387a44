/**
 * The weight rules of shipping (docs/orders.md, Shipping fee), one home for the server (products
 * stored, carts, quotes, orders) and the web (the back office's derived figures). Weights are
 * whole grams, volumes whole cm³.
 */

/** Express carriers' volumetric divisor: volumetric kg = cm³ / 5000. */
export const VOLUMETRIC_DIVISOR_CM3_PER_KG = 5_000;

/** cm³ per gram of volumetric weight (5: grams = cm³ / 5). */
const CM3_PER_VOLUMETRIC_G = VOLUMETRIC_DIVISOR_CM3_PER_KG / 1000;

/** The volumetric weight of a volume, whole grams (cm³ / 5000 kg, rounded to the gram). */
export function volumeWeightG(volumeCm3: number): number {
  return Math.round(volumeCm3 / CM3_PER_VOLUMETRIC_G);
}

/**
 * The volume a stored volumetric weight stands for, cm³ (a carton's volume is kept only as its
 * volumetric weight; exports and edit forms show it back as a volume).
 */
export function volumeOfWeightCm3(volumeWeightGrams: number): number {
  return volumeWeightGrams * CM3_PER_VOLUMETRIC_G;
}

/** The chargeable weight of a shipment: the greater of gross and volumetric weight (grams). */
export function chargeableWeightG(totalGwG: number, totalVolumeWeightG: number): number {
  return Math.max(totalGwG, totalVolumeWeightG);
}
