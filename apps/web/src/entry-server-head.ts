import { exactLocale, LANG_QUERY_PARAM, LOCALES, type TLocale, type TSsrRequest } from '@cubeshop/shared';
import { absoluteUrl, type PageMeta } from '@/app/page';

/** Text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The URL of a page in a language (canonical and hreflang alternates): ?lang= set, the query sorted. */
export function localizedUrl(url: URL, origin: string, locale: TLocale | undefined): string {
  const copy = new URL(`${url.pathname}${url.search}`, origin);
  copy.searchParams.delete(LANG_QUERY_PARAM);
  if (locale) copy.searchParams.set(LANG_QUERY_PARAM, locale);
  copy.searchParams.sort();
  return copy.href;
}

const OG_LOCALES: Record<TLocale, string> = { zh: 'zh_CN', en: 'en_US' };
const HREFLANG: Record<TLocale, string> = { zh: 'zh-CN', en: 'en' };

/**
 * The <head> of a server-rendered page: title, description, canonical URL,
 * hreflang alternates for both languages and x-default, robots, Open Graph and Twitter cards,
 * and structured data.
 */
export function headTags({ title, meta, url, request }: { title: string; meta: PageMeta; url: URL; request: TSsrRequest }): string {
  // Self-referencing: the URL asked for (with its ?lang= if it had one). Without ?lang= the page is
  // the language-negotiated x-default of the two alternates.
  const canonical = localizedUrl(url, request.origin, exactLocale(url.searchParams.get(LANG_QUERY_PARAM)));
  const description = meta.description ?? '';
  const image = meta.image ? absoluteUrl(request.origin, meta.image) : undefined;
  const tag = (name: string, attrs: Record<string, string>) =>
    `<${name} ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(' ')} />`;
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    tag('meta', { name: 'description', content: description }),
    meta.noindex ? tag('meta', { name: 'robots', content: 'noindex' }) : '',
    tag('link', { rel: 'canonical', href: canonical }),
    ...(meta.noindex
      ? []
      : LOCALES.map((locale) => tag('link', { rel: 'alternate', hreflang: HREFLANG[locale], href: localizedUrl(url, request.origin, locale) }))),
    meta.noindex ? '' : tag('link', { rel: 'alternate', hreflang: 'x-default', href: localizedUrl(url, request.origin, undefined) }),
    tag('meta', { property: 'og:type', content: meta.type ?? 'website' }),
    tag('meta', { property: 'og:site_name', content: 'Cubeshop' }),
    tag('meta', { property: 'og:title', content: title }),
    tag('meta', { property: 'og:description', content: description }),
    tag('meta', { property: 'og:url', content: canonical }),
    tag('meta', { property: 'og:locale', content: OG_LOCALES[request.locale] }),
    ...LOCALES.filter((l) => l !== request.locale).map((l) => tag('meta', { property: 'og:locale:alternate', content: OG_LOCALES[l] })),
    image ? tag('meta', { property: 'og:image', content: image }) : '',
    tag('meta', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }),
    tag('meta', { name: 'twitter:title', content: title }),
    tag('meta', { name: 'twitter:description', content: description }),
    image ? tag('meta', { name: 'twitter:image', content: image }) : '',
    ...(meta.jsonLd ?? []).map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`),
  ];
  return lines.filter(Boolean).join('\n    ');
}
