import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18nReady } from '@/lib/i18n';

// jsdom has no scrolling.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

// jsdom's navigator says en-US: the app starts in English unless a test stores a locale.
await i18nReady;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
