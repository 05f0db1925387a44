import { exactLocale, FALLBACK_LOCALE, LANG_QUERY_PARAM, parseLocale, PREFERENCE_COOKIE_MAX_AGE_S, PREFERENCE_COOKIES, type TLocale } from '@cubeshop/shared';
import { bootData, renderContext } from './render-context';
import { STORAGE_KEYS, readString, writeCookie, writeString } from './storage';

/**
 * The language to start with (docs/requirements.md, Constants): the stored choice (key `locale`), else the first
 * browser language that is Chinese or English, else English.
 */
export function chooseLocale(stored: string | null | undefined, browserLanguages: readonly string[] | undefined): TLocale {
  const fromStore = stored === 'zh' || stored === 'en' ? stored : undefined;
  if (fromStore) return fromStore;
  for (const language of browserLanguages ?? []) {
    const parsed = parseLocale(language);
    if (parsed) return parsed;
  }
  return FALLBACK_LOCALE;
}

/** <html lang> for a locale. */
export function htmlLang(locale: TLocale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}

let current: TLocale | undefined;

/** ?lang= of the page's URL (zh or en), when it names one. */
export function urlLocale(): TLocale | undefined {
  if (typeof window === 'undefined') return undefined;
  return exactLocale(new URLSearchParams(window.location.search).get(LANG_QUERY_PARAM));
}

/**
 * The page's locale, fixed for the life of the page (a change reloads). On the server, the
 * rendered request's; in the browser, the URL's ?lang=, else (on a server-rendered page) what the
 * server decided for it, else the stored choice or the browser's languages.
 */
export function getLocale(): TLocale {
  const context = renderContext();
  if (context) return context.locale;
  const boot = bootData();
  // A server-rendered page is in the language the server chose (by the same rule, from the
  // cookie); a page the browser renders follows the stored choice.
  current ??= urlLocale() ?? (boot?.ssr ? boot.locale : undefined) ?? chooseLocale(readString(STORAGE_KEYS.locale), browserLanguages());
  return current;
}

/** Keeps the page's language as the stored choice, in localStorage and in the cookie the server reads. */
export function rememberLocale(locale: TLocale): void {
  writeString(STORAGE_KEYS.locale, locale);
  writeCookie(PREFERENCE_COOKIES.locale, locale, PREFERENCE_COOKIE_MAX_AGE_S);
}

/** Test hook: forget the memoised locale so the next getLocale() reads storage again. */
export function resetLocaleForTests(): void {
  current = undefined;
}

/** Stores the choice and reloads, so every cached text, price and query follows (docs/requirements.md, States). */
export function changeLocale(locale: TLocale, reload: () => void = () => window.location.reload()): void {
  const before = getLocale();
  rememberLocale(locale);
  if (locale !== before) reload();
}
