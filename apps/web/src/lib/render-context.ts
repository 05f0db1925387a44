import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState as RouterHydrationState } from 'react-router';
import type { TCurrency, TLocale } from '@cubeshop/shared';

/**
 * What the page being rendered on the server is: its language, currency and API. In the browser
 * there is none (the page's own choices apply). On the server many requests render at once in
 * one process, so entry-server.tsx keeps one context per request (AsyncLocalStorage) and plugs
 * its getter in here; lib code that would otherwise read browser state (locale, currency, the
 * translator outside React, fetch) asks for it first.
 */
export interface RenderContext {
  locale: TLocale;
  currency: TCurrency;
  /** i18next's t for this page's language, for code outside React. */
  t: (key: string, options?: Record<string, unknown>) => string;
  /** fetch for the API, answered in-process by the server. */
  fetch: typeof fetch;
}

let source: (() => RenderContext | undefined) | undefined;

/** entry-server.tsx: where the current request's context comes from. */
export function setRenderContextSource(getter: () => RenderContext | undefined): void {
  source = getter;
}

/** The context of the page being rendered on the server; undefined in the browser. */
export function renderContext(): RenderContext | undefined {
  return source?.();
}

/** What the server put into a server-rendered page for the browser to start from. */
export interface BootData {
  locale: TLocale;
  currency: TCurrency;
  /** True when the page was rendered on the server (hydrate it); false for the plain shell. */
  ssr: boolean;
}

export const BOOT_ELEMENT_ID = 'cubeshop-boot';
export const STATE_ELEMENT_ID = 'cubeshop-state';

/** A server-rendered page's data: the router's loader data and the query cache it rendered with. */
export interface HydrationState {
  router: RouterHydrationState;
  queries: DehydratedState;
}

/** The hydration state the server wrote into this page (read once, at start-up). */
export function hydrationState(): HydrationState | undefined {
  const text = typeof document === 'undefined' ? undefined : document.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as HydrationState;
  } catch {
    return undefined;
  }
}

let boot: BootData | null | undefined;

/** The boot data of this page (a JSON script the server writes), when there is one. */
export function bootData(): BootData | undefined {
  if (boot === undefined) {
    boot = null;
    const text = typeof document === 'undefined' ? undefined : document.getElementById(BOOT_ELEMENT_ID)?.textContent;
    try {
      if (text) boot = JSON.parse(text) as BootData;
    } catch {
      /* a page without usable boot data decides in the browser */
    }
  }
  return boot ?? undefined;
}

/** Test hook. */
export function resetBootDataForTests(): void {
  boot = undefined;
}
