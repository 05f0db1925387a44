import { describe, expect, it } from 'vitest';
import { chargeableWeightG, VOLUMETRIC_DIVISOR_CM3_PER_KG, volumeOfWeightCm3, volumeWeightG } from './weight.js';

describe('shipping weights', () => {
  it('weighs a volume at cm³ / 5000 kg, rounded to the gram, and gives the volume back', () => {
    expect(VOLUMETRIC_DIVISOR_CM3_PER_KG).toBe(5000);
    expect(volumeWeightG(343)).toBe(69); // 68.6 g
    expect(volumeWeightG(50_000)).toBe(10_000);
    expect(volumeWeightG(2)).toBe(0);
    expect(volumeWeightG(3)).toBe(1); // 0.6 g
    expect(volumeOfWeightCm3(volumeWeightG(50_000))).toBe(50_000);
  });

  it('charges the greater of gross and volumetric weight', () => {
    expect(chargeableWeightG(250, 138)).toBe(250);
    expect(chargeableWeightG(5_000, 10_000)).toBe(10_000);
  });
});
