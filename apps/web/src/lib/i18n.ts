import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES } from '@cubeshop/shared';
import enCommon from '@/locales/en/common.json';
import zhCommon from '@/locales/zh/common.json';
import { getLocale, htmlLang } from './locale';

/**
 * i18next for the whole app. `common` (shell, errors, route titles) is bundled; every other
 * namespace (catalog, cart, account, content ...) is a JSON chunk loaded on first use, and
 * components using it suspend under the route's Suspense fallback until it arrives.
 */
const locale = getLocale();

if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);

export const i18nReady = i18n
  .use(
    resourcesToBackend((lng: string, ns: string) => {
      if (ns === 'common') return Promise.resolve(lng === 'zh' ? zhCommon : enCommon);
      return import(`../locales/${lng}/${ns}.json`);
    }),
  )
  .use(initReactI18next)
  .init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources: { zh: { common: zhCommon }, en: { common: enCommon } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/** Translate outside React (API client, stores). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}

export default i18n;
