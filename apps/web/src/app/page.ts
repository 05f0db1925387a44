import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Params } from 'react-router';
import type { TCurrency, TLocale } from '@cubeshop/shared';

/**
 * What a route module may tell the server renderer besides its screen (the default export):
 * which data its first render needs (prefetch, into the request's QueryClient, the same
 * queryOptions the screen's hooks use, so the screen renders with data and the browser hydrates
 * from the same cache) and what the page is for search engines and shared links (meta).
 * Only public pages have them; the others are rendered in the browser.
 */
export interface PageContext {
  queryClient: QueryClient;
  params: Params;
  url: URL;
  locale: TLocale;
  currency: TCurrency;
}

export interface PrefetchResult {
  /** The page's HTTP status when it is not 200 (a product or category that does not exist: 404). */
  status?: number;
}

export interface PageMeta {
  /** The page's own title (the app name is added by the title rule); else the route's title. */
  title?: string;
  /** Meta description, about 160 characters. */
  description?: string;
  /** A picture for shared links (Open Graph, Twitter), a path or an absolute URL. */
  image?: string;
  type?: 'website' | 'product';
  /** Structured data (schema.org), each written as one application/ld+json script. */
  jsonLd?: Record<string, unknown>[];
  /** Keep the page out of search results (404). */
  noindex?: boolean;
}

export interface RouteModule {
  default: ComponentType;
  prefetch?: (context: PageContext) => Promise<PrefetchResult | void>;
  meta?: (context: PageContext & { t: TFunction; origin: string }) => PageMeta;
}

/** Absolute URL of a path on the shop's public origin. */
export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Text of an HTML fragment, whitespace collapsed, cut at a word near `max` characters. */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type PrefetchFunction = NonNullable<RouteModule['prefetch']>;
export type MetaFunction = NonNullable<RouteModule['meta']>;
