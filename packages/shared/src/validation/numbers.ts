import { z } from 'zod';

/**
 * How whole numbers (ids, pages, page sizes) are read from requests: a JSON number, or a string of
 * digits (query strings, path parameters, form fields always carry text); a blank string is
 * absent. Anything else is handed to z.number() as it is and refused there: a boolean, an array,
 * '0x10', '1e3' or '12abc' is not an id. (z.coerce.number() would turn true into 1 and [5] into 5.)
 */
export function digitsToNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{1,16}$/.test(text) ? Number(text) : value;
}

/** The `:id` of a path: a positive whole number up to 2^53 - 1, given as digits. */
export const ZIdParams = z.object({ id: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) });
