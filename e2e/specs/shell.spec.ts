import { expect, test } from '../support/test.js';

// The shop shell: first visit, languages, currencies, the login guard, 404, footer popups.

test.describe('first visit', () => {
  test('gets an anonymous token the server accepts as a visitor', async ({ page, request }) => {
    const tokenResponse = page.waitForResponse((r) => r.url().endsWith('/api/authn/anonymous/token'));
    await page.goto('/');
    expect((await tokenResponse).status()).toBe(200);
    // The app stores the token right after the response arrives.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // A visitor token is a real token but not a login: login-required calls answer 401.
    const me = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    // A reload keeps the same token instead of asking for a new one.
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  });
});

test.describe('languages', () => {
  test.use({ locale: 'zh-CN' });

  test('home renders in Chinese for a Chinese browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('navigation', { name: '主导航' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '定制服务' }).first()).toBeVisible();
    await expect(page).toHaveTitle(/Cubeshop/);
    // The stock claim from real counts (docs/catalog.md, Stock).
    await expect(page.getByText(/^[\d,]+\+? SKU 现货$/).first()).toBeVisible();
  });
});

test.describe('languages (en)', () => {
  test.use({ locale: 'en-US' });

  test('home renders in English for an English browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Customization' }).first()).toBeVisible();
    await expect(page.getByText(/^[\d,]+\+? SKUs? in stock$/).first()).toBeVisible();
  });

  test('language and currency choices persist across reloads', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: /Currency: US dollar|Currency: USD/ })).toBeVisible();
    // Currency: switching stores the choice and reloads the page.
    await page.getByRole('button', { name: /^Currency:/ }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: /CNY|yuan/i }).click()]);
    await expect(page.getByRole('button', { name: /^Currency:.*(CNY|yuan)/i })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userCurrency'))).toBe('CNY');
    // Language: switch to Chinese.
    await page.getByRole('button', { name: /^Language:/ }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: '中文' }).click()]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('button', { name: /^货币/ })).toContainText('CNY');
    expect(await page.evaluate(() => [localStorage.getItem('locale'), localStorage.getItem('userCurrency')])).toEqual(['zh', 'CNY']);
  });
});

test.describe('guard and errors', () => {
  test.use({ locale: 'en-US' });

  test('/cart as a visitor lands on /login with the wanted path', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
  });

  test('an unknown path shows the 404 screen with back-home and go-back', async ({ page }) => {
    await page.goto('/about-us');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('unknown API paths answer 404 JSON, not the web app', async ({ request }) => {
    const res = await request.get('/api/definitely-not-here', { headers: { 'x-lang-type': 'en' } });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', desc: 'No such API: GET /api/definitely-not-here' });
  });
});

test.describe('footer', () => {
  test.use({ locale: 'en-US' });

  test('a QR-code popup opens from the WeChat icon and closes by the x button and by the overlay', async ({ page }) => {
    await page.goto('/');
    // The footer is loaded and hydrated after the page.
    const footer = page.locator('footer[data-ready]');
    await footer.getByRole('button', { name: 'WeChat' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: /WeChat QR code/ })).toBeVisible();
    await dialog.getByRole('button', { name: /close/i }).click();
    await expect(dialog).toBeHidden();

    await footer.getByRole('button', { name: 'WhatsApp' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(5, 5); // the overlay, outside the popup
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
