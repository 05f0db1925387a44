import { convertMinor, type TCurrency } from '../money/currency.js';

/**
 * A decimal string in major units ("10", "10.5", "0.999") to minor units, exactly (no binary
 * floating point). Extra decimals round up for a lower bound and down for an upper bound, so
 * "10.001" as minPrice means "at least 10.01" and as maxPrice "at most 10.00".
 */
export function majorStringToMinor(value: string, side: 'min' | 'max'): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const whole = match[1] ?? '0';
  const decimals = match[2] ?? '';
  const cents = Number(whole) * 100 + Number((decimals + '00').slice(0, 2));
  const rest = decimals.slice(2);
  const hasMore = /[1-9]/.test(rest);
  return side === 'min' && hasMore ? cents + 1 : cents;
}

/**
 * The range of base-currency minor units (fen) whose displayed price lies within
 * [minDisplay, maxDisplay] minor units of `currency`, given the rounding of convertMinor.
 * convertMinor is monotone, so the fen range is an interval; it is found from an estimate and
 * then corrected against convertMinor itself, so the filter agrees with the displayed price
 * to the cent. Returns undefined bounds where none was given.
 */
export function displayRangeToBaseMinor(
  minDisplay: number | undefined,
  maxDisplay: number | undefined,
  currency: TCurrency,
  cnyPerUsd: number,
): { min: number | undefined; max: number | undefined } {
  if (currency === 'CNY') return { min: minDisplay, max: maxDisplay };
  const shown = (fen: number) => convertMinor(fen, currency, cnyPerUsd);
  let min: number | undefined;
  if (minDisplay !== undefined) {
    // smallest fen with shown(fen) >= minDisplay
    let fen = Math.max(0, Math.floor((minDisplay - 0.5) * cnyPerUsd) - 2);
    while (shown(fen) < minDisplay) fen++;
    while (fen > 0 && shown(fen - 1) >= minDisplay) fen--;
    min = fen;
  }
  let max: number | undefined;
  if (maxDisplay !== undefined) {
    // largest fen with shown(fen) <= maxDisplay
    let fen = Math.max(0, Math.ceil((maxDisplay + 0.5) * cnyPerUsd) + 2);
    while (fen >= 0 && shown(fen) > maxDisplay) fen--;
    while (shown(fen + 1) <= maxDisplay) fen++;
    max = fen;
  }
  return { min, max };
}
