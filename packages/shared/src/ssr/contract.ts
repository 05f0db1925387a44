import type { TCurrency } from '../money/currency.js';
import type { TLocale } from '../i18n/locale.js';

/**
 * The contract between the server and the web app's server-rendering bundle
 * (apps/web/src/entry-server.tsx, built to apps/web/dist/server/entry-server.js). The server
 * loads the bundle at start-up; the bundle never imports the server, it calls the API through
 * `fetchApi` (the server answers in-process, without a network round trip).
 */
export interface TSsrApiResponse {
  status: number;
  contentType: string;
  body: string;
}

export interface TSsrRequest {
  /** Path and query, e.g. "/products-by-category/3?page=2". */
  url: string;
  locale: TLocale;
  currency: TCurrency;
  /** The shop's public origin ("https://cubeshop.example"): canonical, hreflang and Open Graph URLs. */
  origin: string;
  /** GET an API path (with its query) in this page's language and currency. */
  fetchApi(path: string): Promise<TSsrApiResponse>;
}

export type TSsrResult =
  /** A public page, rendered: the whole document. */
  | { kind: 'page'; status: number; html: string }
  /** The router sends this URL elsewhere (an unknown tag goes to /404, for example). */
  | { kind: 'redirect'; status: number; location: string }
  /** Not a public page (cart, profile, login ...): the client renders it from the plain shell. */
  | { kind: 'client' };

export interface TSsrRenderer {
  render(request: TSsrRequest): Promise<TSsrResult>;
}

/** What the bundle exports: a renderer made once from the built index.html. */
export type TCreateSsrRenderer = (options: { template: string }) => TSsrRenderer;
