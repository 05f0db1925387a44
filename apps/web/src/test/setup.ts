import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18nReady } from '@/lib/i18n';
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

afterAll(() => {
  server.close();
});
