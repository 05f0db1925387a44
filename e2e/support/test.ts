import { test as base, expect, type Page } from '@playwright/test';

/**
 * Public pages arrive rendered by the server and become interactive once React has hydrated them
 * (the root marks <html data-ready>). A test that clicks before that would click dead HTML, as a
 * buyer on a slow phone might for a moment; tests wait for it after every load they cause.
 */
export async function whenReady(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** Makes goto and reload of a page wait for the app to be ready. */
export function readyPage(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response?.headers()['content-type']?.includes('text/html')) await whenReady(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (response?.headers()['content-type']?.includes('text/html')) await whenReady(page);
    return response;
  };
  return page;
}

/**
 * Records the text of every toast the page shows from now on (until it navigates). A toast lives
 * 3 s: on a busy machine the browser can show and remove one between two of Playwright's looks,
 * so a test checks what was shown rather than what is on screen at the moment it looks.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof HTMLElement)) continue;
          const found = node.matches('[role=status],[role=alert]') ? [node] : Array.from(node.querySelectorAll('[role=status],[role=alert]'));
          for (const toast of found) seen.push(toast.textContent ?? '');
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts.join('\n'));
}

/**
 * Waits until the page shows what a screenshot should catch: laid out at the viewport's width
 * (after setViewportSize) and every picture in view drawn (lazy ones load once scrolled to).
 */
export async function whenDrawn(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? null;
  await expect
    .poll(() =>
      page.evaluate((w) => {
        if (w !== null && window.innerWidth !== w) return 'laying out';
        const waiting = Array.from(document.images).filter((img) => {
          const r = img.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight && !img.complete;
        });
        return waiting.length ? `${waiting.length} pictures loading` : 'drawn';
      }, width),
    )
    .toBe('drawn');
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(readyPage(page));
  },
});

export { expect };
