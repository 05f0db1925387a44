import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_BY_LOCALE, parseCurrency, type TCurrency, type TLocale } from '@cubeshop/shared';
import { getLocale } from './locale';
import { STORAGE_KEYS, readString, writeString } from './storage';

/**
 * The display currency (spec section 9): the stored choice (key `userCurrency`), else the
 * language's default (zh CNY, en USD), else CNY.
 */
export function chooseCurrency(stored: string | null | undefined, locale: TLocale | undefined): TCurrency {
  return parseCurrency(stored) ?? (locale ? DEFAULT_CURRENCY_BY_LOCALE[locale] : undefined) ?? DEFAULT_CURRENCY;
}

let current: TCurrency | undefined;

export function getCurrency(): TCurrency {
  current ??= chooseCurrency(readString(STORAGE_KEYS.userCurrency), getLocale());
  return current;
}

export function resetCurrencyForTests(): void {
  current = undefined;
}

/** Stores the choice and reloads the page so every price is fetched in the new currency. */
export function changeCurrency(currency: TCurrency, reload: () => void = () => window.location.reload()): void {
  const before = getCurrency();
  writeString(STORAGE_KEYS.userCurrency, currency);
  if (currency !== before) reload();
}
