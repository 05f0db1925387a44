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

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(readyPage(page));
  },
});

export { expect };
