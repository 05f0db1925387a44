import { z } from 'zod';

/**
 * True when a major-unit amount has at most 2 decimals (checked on the minor value, so 0.1 + 0.2
 * style floats pass while 1.005 or 0.004 do not): money is never silently rounded.
 */
export const hasCents = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Major units read from a JSON number or a form's text ("12.50"); blank is absent. */
const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/**
 * A staff-typed amount of money in major units: a finite number from `min` (0 or more than 0) up
 * to 100,000,000 with at most 2 decimals ('v.money' otherwise, never rounded).
 */
export const ZMoneyAmount = (min: 'zero' | 'positive' = 'zero') => {
  const base = z.number({ error: 'v.number' }).finite('v.number');
  return z.preprocess(
    numberFromText,
    (min === 'zero' ? base.min(0, 'v.minimum') : base.gt(0, 'v.positive')).max(100_000_000, 'v.numberRange').refine(hasCents, 'v.money'),
  );
};

/** Major units to minor units, exactly (the amount has at most 2 decimals). */
export const toMinor = (major: number) => Math.round(major * 100);
