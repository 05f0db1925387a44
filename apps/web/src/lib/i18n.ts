import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LOCALES } from '@cubeshop/shared';
import { getLocale, htmlLang } from './locale';
import { renderContext } from './render-context';

/**
 * i18next for the whole app. Every namespace is a JSON chunk, loaded for the page's language only
 * (a language change reloads the page): `common` (shell, errors, route titles) at start-up, which
 * main.tsx waits for before the first render; the others (catalog, cart, account, content ...) on
 * first use, and components using them suspend under the route's Suspense fallback until they
 * arrive. Both languages have the same keys, none empty (locales.test.ts), so there is no
 * fallback language to load as well.
 */
const locale = getLocale();

if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);

export const i18nReady = i18n
  .use(resourcesToBackend((lng: string, ns: string) => import(`../locales/${lng}/${ns}.json`)))
  .use(initReactI18next)
  .init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/** Translate outside React (API client, stores); on the server in the rendered page's language. */
export function translate(key: string, options?: Record<string, unknown>): string {
  return renderContext()?.t(key, options) ?? i18n.t(key, options);
}

export default i18n;
