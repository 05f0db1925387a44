/** Languages the shop speaks. zh is the default, en the fallback (docs/requirements.md, Constants). */
export const LOCALES = ['zh', 'en'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'zh';
export const FALLBACK_LOCALE: TLocale = 'en';

/** BCP 47 tag sent as accept-language for each locale. */
export const LOCALE_TAGS: Record<TLocale, string> = { zh: 'zh-CN', en: 'en-US' };

/**
 * Reads a locale from anything a client may send: 'zh', 'zh-CN', 'en-US,en;q=0.9', 'EN'.
 * Returns undefined when nothing recognisable is there.
 */
export function parseLocale(value: string | null | undefined): TLocale | undefined {
  if (!value) return undefined;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return undefined;
}
