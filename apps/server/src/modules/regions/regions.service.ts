import { createHash } from 'node:crypto';
import countries from 'i18n-iso-countries';
import zhNames from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import enNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { LOCALE_TAGS, type TLocale, type TRegion } from '@cubeshop/shared';

countries.registerLocale(zhNames);
countries.registerLocale(enNames);

/** Mainland China leads the list; the rest follow by name in the request's language. */
const FIRST = 'CN';

export interface RegionList {
  regions: TRegion[];
  /** The list as JSON, serialized once. */
  json: string;
  etag: string;
}

function build(locale: TLocale): RegionList {
  const collator = new Intl.Collator(LOCALE_TAGS[locale]);
  const regions = Object.keys(countries.getAlpha2Codes())
    .map((id): TRegion => {
      const zh = countries.getName(id, 'zh') ?? id;
      const en = countries.getName(id, 'en') ?? id;
      return { id, name: locale === 'zh' ? zh : en, zh, en, dialCode: isSupportedCountry(id) ? getCountryCallingCode(id) : null };
    })
    .sort((a, b) => (a.id === FIRST ? -1 : b.id === FIRST ? 1 : collator.compare(a.name, b.name)));
  const json = JSON.stringify(regions);
  return { regions, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Countries and regions (ISO 3166-1 alpha-2) with zh and en names from i18n-iso-countries and
 * dialling codes from libphonenumber-js. Built once per language on first use and kept in memory.
 */
export function createRegionsService() {
  const cache = new Map<TLocale, RegionList>();
  const ids = new Set(Object.keys(countries.getAlpha2Codes()));
  function regions(locale: TLocale): RegionList {
    let list = cache.get(locale);
    if (!list) {
      list = build(locale);
      cache.set(locale, list);
    }
    return list;
  }
  return {
    regions,
    /** A region's name in a language (messages, documents); the id itself when it is not a known region. */
    regionName(id: string, locale: TLocale): string {
      return regions(locale).regions.find((r) => r.id === id)?.name ?? id;
    },
    isRegion(id: string): boolean {
      return ids.has(id.toUpperCase());
    },
  };
}
export type RegionsService = ReturnType<typeof createRegionsService>;
