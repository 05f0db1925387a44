import type { TLocale } from '../i18n/locale.js';
import { formatCount } from './units.js';

/** Display currencies (docs/requirements.md, Constants). Money is stored in CNY minor units (fen). */
export const CURRENCIES = ['CNY', 'USD'] as const;
export type TCurrency = (typeof CURRENCIES)[number];
export const BASE_CURRENCY: TCurrency = 'CNY';
export const DEFAULT_CURRENCY: TCurrency = 'CNY';
export const CURRENCY_SYMBOLS: Record<TCurrency, string> = { CNY: '¥', USD: '$' };
/** The currency a language starts with when the buyer has not chosen one. */
export const DEFAULT_CURRENCY_BY_LOCALE: Record<TLocale, TCurrency> = { zh: 'CNY', en: 'USD' };

export function parseCurrency(value: string | null | undefined): TCurrency | undefined {
  const upper = value?.trim().toUpperCase();
  return upper === 'CNY' || upper === 'USD' ? upper : undefined;
}

/**
 * Converts an amount in CNY minor units (fen) to minor units of the display currency.
 * `cnyPerUsd` is the stored exchange rate (for example 7.1). Rounds half away from zero once.
 */
export function convertMinor(amountFen: number, to: TCurrency, cnyPerUsd: number): number {
  if (to === 'CNY') return amountFen;
  return Math.round(amountFen / cnyPerUsd);
}

/** Formats minor units with 2 decimals and the currency symbol: 12345 -> "¥123.45". */
export function formatMoney(amountMinor: number, currency: TCurrency): string {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(amountMinor));
  const major = Math.floor(abs / 100);
  const minor = String(abs % 100).padStart(2, '0');
  return `${sign}${CURRENCY_SYMBOLS[currency]}${formatCount(major)}.${minor}`;
}
