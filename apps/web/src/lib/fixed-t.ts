import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

const cache = new WeakMap<I18n, Map<string, TFunction>>();

/**
 * `t` of a namespace in the page's language, for components drawn many times on one page (120
 * product cards). react-i18next's useTranslation copies the i18n instance for every component
 * that calls it (about 0.6 ms each on a slow phone, seven per card), and subscribes each one to
 * language changes; here the language never changes under a mounted page (choosing another
 * reloads it, lib/locale.ts), so one fixed `t` per instance and namespace serves them all. The
 * instance comes from the provider (the server renders each request with its language's
 * instance). The namespace must already be loaded: a parent's useTranslation(ns) waits for it.
 */
export function useFixedT(ns: string): TFunction {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  let byNamespace = cache.get(i18n);
  if (!byNamespace) cache.set(i18n, (byNamespace = new Map<string, TFunction>()));
  let t = byNamespace.get(ns);
  if (!t) byNamespace.set(ns, (t = i18n.getFixedT(null, ns)));
  return t;
}
