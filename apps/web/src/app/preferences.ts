import { PREFERENCE_COOKIE_MAX_AGE_S, PREFERENCE_COOKIES } from '@cubeshop/shared';
import { rememberLocale, urlLocale } from '@/lib/locale';
import type { BootData } from '@/lib/render-context';
import { readCookie, readString, STORAGE_KEYS, writeCookie } from '@/lib/storage';

/** Set once a page loaded again for the stored choice, so a browser without cookies is not reloaded forever. */
const RELOADED_KEY = 'cubeshop.preferencesReload';

/**
 * Keeps the language and currency the buyer chose where the server can read them (cookies), in
 * step with localStorage (docs/requirements.md, Constants keeps them there). Returns true when the page must load
 * again: the server rendered it without the stored choice (a buyer who chose before the cookies
 * existed, or whose cookie went), so it is in the wrong language or currency.
 */
export function syncPreferences(boot: BootData | undefined): boolean {
  const fromUrl = urlLocale();
  if (fromUrl) {
    // A link to one language (?lang=, as search engines follow them): that is the choice now.
    rememberLocale(fromUrl);
    return false;
  }
  const locale = readString(STORAGE_KEYS.locale);
  const currency = readString(STORAGE_KEYS.userCurrency);
  if (locale === 'zh' || locale === 'en') writeCookie(PREFERENCE_COOKIES.locale, locale, PREFERENCE_COOKIE_MAX_AGE_S);
  if (currency === 'CNY' || currency === 'USD') writeCookie(PREFERENCE_COOKIES.currency, currency, PREFERENCE_COOKIE_MAX_AGE_S);
  const differs =
    Boolean(boot?.ssr) &&
    (((locale === 'zh' || locale === 'en') && locale !== boot?.locale) || ((currency === 'CNY' || currency === 'USD') && currency !== boot?.currency));
  if (!differs) {
    sessionFlag(false);
    return false;
  }
  // Once: if the cookie did not stick (cookies off), the page stays as the server made it.
  if (sessionFlag()) return false;
  sessionFlag(true);
  return readCookie(PREFERENCE_COOKIES.locale) === locale || readCookie(PREFERENCE_COOKIES.currency) === currency;
}

function sessionFlag(set?: boolean): boolean {
  try {
    if (set === true) sessionStorage.setItem(RELOADED_KEY, '1');
    else if (set === false) sessionStorage.removeItem(RELOADED_KEY);
    return sessionStorage.getItem(RELOADED_KEY) === '1';
  } catch {
    return true;
  }
}
