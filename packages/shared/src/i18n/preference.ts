import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_BY_LOCALE, parseCurrency, type TCurrency } from '../money/currency.js';
import { FALLBACK_LOCALE, parseLocale, type TLocale } from './locale.js';

/**
 * A page's language and currency, decided the same way by the server (before any script runs)
 * and by the browser: the URL's ?lang= (so both languages of a page have a URL a crawler can
 * follow), then the stored choice (a cookie the browser also keeps in localStorage), then the
 * browser's languages, else English (docs/requirements.md, Constants). The currency: the stored choice, else the
 * language's default.
 */
export const PREFERENCE_COOKIES = { locale: 'locale', currency: 'userCurrency' } as const;
export const LANG_QUERY_PARAM = 'lang';

/** 'zh' or 'en' exactly (a URL or cookie value), else undefined. */
export function exactLocale(value: string | null | undefined): TLocale | undefined {
  return value === 'zh' || value === 'en' ? value : undefined;
}

export function choosePageLocale(input: {
  queryLang?: string | null | undefined;
  stored?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): TLocale {
  return exactLocale(input.queryLang) ?? exactLocale(input.stored) ?? parseLocale(input.acceptLanguage) ?? FALLBACK_LOCALE;
}

export function choosePageCurrency(input: { stored?: string | null | undefined; locale: TLocale }): TCurrency {
  return parseCurrency(input.stored) ?? DEFAULT_CURRENCY_BY_LOCALE[input.locale] ?? DEFAULT_CURRENCY;
}

/** Seconds a preference cookie lives (a year; every visit renews it). */
export const PREFERENCE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
