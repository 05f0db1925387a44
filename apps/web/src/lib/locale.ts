import { FALLBACK_LOCALE, parseLocale, type TLocale } from '@cubeshop/shared';
import { STORAGE_KEYS, readString, writeString } from './storage';

/**
 * The language to start with (spec section 9): the stored choice (key `locale`), else the first
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

/** The page's locale, fixed for the life of the page (a change reloads). */
export function getLocale(): TLocale {
  current ??= chooseLocale(readString(STORAGE_KEYS.locale), browserLanguages());
  return current;
}

/** Test hook: forget the memoised locale so the next getLocale() reads storage again. */
export function resetLocaleForTests(): void {
  current = undefined;
}

/** Stores the choice and reloads, so every cached text, price and query follows (spec section 4). */
export function changeLocale(locale: TLocale, reload: () => void = () => window.location.reload()): void {
  const before = getLocale();
  writeString(STORAGE_KEYS.locale, locale);
  if (locale !== before) reload();
}
