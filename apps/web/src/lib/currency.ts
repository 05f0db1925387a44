import {
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_BY_LOCALE,
  parseCurrency,
  PREFERENCE_COOKIE_MAX_AGE_S,
  PREFERENCE_COOKIES,
  type TCurrency,
  type TLocale,
} from '@cubeshop/shared';
import { getLocale, urlLocale } from './locale';
import { bootData, renderContext } from './render-context';
import { STORAGE_KEYS, readString, writeCookie, writeString } from './storage';

/**
 * The display currency (docs/requirements.md, Constants): the stored choice (key `userCurrency`), else the
 * language's default (zh CNY, en USD), else CNY.
 */
export function chooseCurrency(stored: string | null | undefined, locale: TLocale | undefined): TCurrency {
  return parseCurrency(stored) ?? (locale ? DEFAULT_CURRENCY_BY_LOCALE[locale] : undefined) ?? DEFAULT_CURRENCY;
}

let current: TCurrency | undefined;

/** On the server, the rendered request's; in the browser what the server decided for the page, else the stored choice or the language's default. */
export function getCurrency(): TCurrency {
  const context = renderContext();
  if (context) return context.currency;
  const boot = bootData();
  // A ?lang= that differs from the server's choice was decided here: so is its default currency.
  const fromServer = boot?.ssr && (urlLocale() ?? boot.locale) === boot.locale ? boot.currency : undefined;
  current ??= fromServer ?? chooseCurrency(readString(STORAGE_KEYS.userCurrency), getLocale());
  return current;
}

/** Keeps the page's currency as the stored choice, in localStorage and in the cookie the server reads. */
export function rememberCurrency(currency: TCurrency): void {
  writeString(STORAGE_KEYS.userCurrency, currency);
  writeCookie(PREFERENCE_COOKIES.currency, currency, PREFERENCE_COOKIE_MAX_AGE_S);
}

export function resetCurrencyForTests(): void {
  current = undefined;
}

/** Stores the choice and reloads the page so every price is fetched in the new currency. */
export function changeCurrency(currency: TCurrency, reload: () => void = () => window.location.reload()): void {
  const before = getCurrency();
  rememberCurrency(currency);
  if (currency !== before) reload();
}
