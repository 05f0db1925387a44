import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { StoreApi } from 'zustand';
import { useRefundFollowUp } from '@/features/staff-requests/lib/follow-up';
import { resetCurrencyForTests } from '@/lib/currency';
import i18n, { i18nReady } from '@/lib/i18n';
import { chooseLocale, htmlLang, resetLocaleForTests } from '@/lib/locale';
import { resetNavigatorForTests } from '@/lib/navigation';
import { resetNearViewportForTests } from '@/lib/near-viewport';
import { queryClient } from '@/lib/query-client';
import { resetBootDataForTests } from '@/lib/render-context';
import { useAuthStore } from '@/lib/stores/auth';
import { useLoadingStore } from '@/lib/stores/loading';
import { useModalStore } from '@/lib/stores/modal';
import { usePageTitleStore } from '@/lib/stores/title';
import { useToastStore } from '@/lib/stores/toast';
import { clearCalls, server } from './msw/server';
import { resetShop } from './msw/shop';

// findBy*/waitFor wait up to 5 s (not 1 s): lazy chunks and first renders are slow while the
// server tests' PGlite instances share the two cores.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no scrolling.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

// The network of every test is the MSW server (./msw): an HTTP request nothing answers fails the
// test's request; WebSockets are left to the tests that fake them.
server.listen({
  onUnhandledRequest: (request, print) => {
    if (request.headers.get('upgrade') === 'websocket') return;
    print.error();
  },
});

// jsdom's navigator says en-US: the app starts in English unless a test stores a locale.
await i18nReady;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  server.resetHandlers();
  resetShop();
  clearCalls();
});

// Test files share their worker's loaded modules and document (vitest.config.ts, isolate: false):
// after each file, everything a file may change goes back to how a fresh page starts, so no file
// depends on the one before it.
afterAll(async () => {
  server.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // The language and currency a page starts with when nothing is stored.
  resetLocaleForTests();
  resetCurrencyForTests();
  resetBootDataForTests();
  resetNearViewportForTests();
  resetNavigatorForTests();
  const language = chooseLocale(null, navigator.languages);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  document.documentElement.lang = htmlLang(language);
  // Module-level stores back to their first state.
  useToastStore.getState().clear();
  for (const store of [useAuthStore, useToastStore, useModalStore, useLoadingStore, usePageTitleStore, useRefundFollowUp] as StoreApi<object>[]) {
    store.setState(store.getInitialState(), true);
  }
  queryClient.clear();
  // What tests add to the document, storage, cookies and the URL.
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  window.history.replaceState(null, '', '/');
});
