import { test as plain } from '@playwright/test';
import { expect, test } from '../support/test.js';

// Public pages come from the server with their content in them (a crawler, a shared link or a
// phone that has not run the script yet sees the product), and the script takes them over without
// a hydration mismatch.

const PRODUCT = 100001;
const LANGS = [
  { lang: 'en', browser: 'en-US', currency: 'USD', symbol: '$', htmlLang: 'en' },
  { lang: 'zh', browser: 'zh-CN', currency: 'CNY', symbol: '¥', htmlLang: 'zh-CN' },
] as const;

/** Two decimals with thousands commas, as the shop prints money (formatMoney). */
const money = (symbol: string, major: number) => `${symbol}${major.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** The longest run of text in an HTML fragment (the description is sanitized HTML). */
const longestText = (html: string) =>
  html
    .split(/<[^>]+>/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .sort((a, b) => b.length - a.length)[0] ?? '';

for (const l of LANGS) {
  // The plain test: without a script the page never marks itself ready (support/test.ts waits for that).
  plain.describe(`without JavaScript (${l.lang})`, () => {
    plain.use({ javaScriptEnabled: false, locale: l.browser });

    plain('a product page shows its name, price, description and links', async ({ page, request }) => {
      const detail = await (await request.get(`/api/items/${PRODUCT}`, { headers: { 'x-lang-type': l.lang, 'x-price-type': l.currency } })).json();
      const response = await page.goto(`/product/${PRODUCT}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', l.htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.name);
      await expect(page).toHaveTitle(new RegExp(detail.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.getByText(money(l.symbol, detail.discountPrice)).first()).toBeVisible();
      const description = longestText(detail.description).slice(0, 40);
      expect(description.length).toBeGreaterThan(10);
      await expect(page.locator('main')).toContainText(description);
      // The breadcrumb's category is a real link to its list.
      const own = detail.categoryPath.at(-1);
      await expect(page.locator(`a[href="/products-by-category/${own.id}"]`).first()).toBeVisible();
      // Described for search engines and shared links.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/product\/100001/);
      await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute('href', /lang=zh/);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /lang=en/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/api\/items\/100001\//);
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.map((s) => JSON.parse(s)['@type'])).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
    });

    plain('a category page lists products with prices, each linking to its page', async ({ page }) => {
      const response = await page.goto('/products-by-category/1');
      expect(response?.status()).toBe(200);
      const cards = page.getByTestId('product-card');
      expect(await cards.count()).toBeGreaterThanOrEqual(8);
      const first = cards.first();
      await expect(first.locator('a[href^="/product/"]').first()).toBeVisible();
      await expect(first).toContainText(l.symbol);
      // Pages of the list are links too.
      await expect(page.locator('a[href*="page=2"]').first()).toBeAttached();
    });

    plain('a search is titled with its keyword; one that finds nothing asks not to be indexed', async ({ page }) => {
      await page.goto('/search?keyword=magnetic');
      await expect(page.getByTestId('search-title')).toContainText('magnetic');
      await expect(page).toHaveTitle(/magnetic/);
      expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await page.goto('/search?keyword=qqzzxxnothing');
      await expect(page.getByTestId('search-title')).toContainText('qqzzxxnothing');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });

    plain('an unknown product is a 404 page', async ({ page }) => {
      const response = await page.goto('/product/999999999');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.lang === 'zh' ? '商品不存在' : 'Product not found');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  });

  test.describe(`hydration (${l.lang})`, () => {
    test.use({ locale: l.browser });

    test('public pages become interactive without a mismatch or an error', async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
      });
      for (const path of ['/', '/products-by-category/1', '/search?keyword=magnetic', '/brands', '/about-us', `/product/${PRODUCT}`]) {
        const html = await (await page.request.get(path, { headers: { 'accept-language': l.browser } })).text();
        // The server sent the content, not an empty shell.
        expect(html, path).toMatch(/<main[\s\S]*<\/main>/);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', l.htmlLang);
      }
      // Interactive after hydration: the product's quantity stepper answers a press.
      const increase = page.getByRole('button', { name: l.lang === 'zh' ? /增加/ : /Increase/ }).first();
      const input = page.getByRole('textbox', { name: l.lang === 'zh' ? /数量/ : /Quantity/ }).first();
      const before = Number(await input.inputValue());
      await increase.click();
      await expect(input).not.toHaveValue(String(before));
      expect(problems).toEqual([]);
    });
  });
}

test('robots.txt and the sitemap index answer for crawlers', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /cart');
  const sitemapLine = /^Sitemap: (.+)$/m.exec(text)?.[1];
  expect(sitemapLine).toMatch(/\/sitemap\.xml$/);
  const index = await request.get(new URL(sitemapLine!).pathname);
  expect(index.status()).toBe(200);
  const products = /<loc>[^<]*(\/sitemap-products-1\.xml)<\/loc>/.exec(await index.text())?.[1];
  expect(products).toBeTruthy();
  const chunk = await (await request.get(products!)).text();
  expect(chunk).toContain(`/product/${PRODUCT}?lang=zh</loc>`);
});
