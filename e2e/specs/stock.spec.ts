import type { APIRequestContext, Page } from '@playwright/test';
import { expect, readyPage, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, shoot, US_ADDRESS, type Locale } from '../support/staff.js';

// Stock on the storefront (docs/catalog.md, Stock): the demo catalog tracks every product, so cards
// show the four states, a pre-order's page says when it ships, a cart line asking for more than is
// left warns (and placing the order is refused with the pieces left), and the pages' "in stock"
// claim is the real count. Screenshots at 390 and 1280 px in both languages.

type Card = { id: number; name: string; moq: number; orderMultiple: number | null; types: { code: string }[]; stockStatus: string };

/** The first product of each stock state among the newest (several pages if needed). */
async function oneOfEach(request: APIRequestContext): Promise<Record<string, Card>> {
  const found: Record<string, Card> = {};
  for (let page = 1; page <= 10 && Object.keys(found).length < 4; page++) {
    const { data } = (await (await request.get('/api/items', { params: { recPerPage: 120, page } })).json()) as { data: Card[] };
    for (const p of data) found[p.stockStatus] ??= p;
  }
  expect(Object.keys(found).sort()).toEqual(['in_stock', 'low', 'out_of_stock', 'preorder']);
  return found;
}

/** A new product (staff API) with `onHand` pieces and no types; archive() takes it off the shop again. */
async function productWithStock(request: APIRequestContext, onHand: number): Promise<{ id: number; archive: () => Promise<void> }> {
  const staff = await signIn(request, 'demo_admin', 'Admin1234');
  const headers = { authorization: `Bearer ${staff.token}` };
  const { data } = (await (await request.get('/api/items', { params: { recPerPage: 1 } })).json()) as { data: { categoryId: number; supplierId: number }[] };
  const created = await request.post('/api/admin/items', {
    headers,
    data: { nameZh: '库存测试魔方', nameEn: 'Stock test cube', categoryId: data[0]!.categoryId, supplierId: data[0]!.supplierId, price: 30, stock: [{ typeCode: '', onHand }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return {
    id,
    archive: async () => {
      const archived = await request.post(`/api/admin/items/${id}/archive`, { headers, data: {} });
      expect(archived.status(), await archived.text()).toBe(200);
    },
  };
}

const WORDS: Record<Locale, Record<string, string>> = {
  en: { in_stock: 'In stock', low: 'Low stock', out_of_stock: 'Out of stock', preorder: 'Pre-order' },
  zh: { in_stock: '现货', low: '库存紧张', out_of_stock: '缺货', preorder: '预售' },
};

/** The page at this width; the language comes with each URL (?lang=). */
async function publicPage(page: Page, width: number): Promise<Page> {
  await page.setViewportSize({ width, height: 900 });
  return readyPage(page);
}

for (const locale of ['en', 'zh'] as const) {
  test(`cards and a pre-order page show their stock (${locale})`, async ({ page, request }) => {
    const each = await oneOfEach(request);
    for (const width of [1280, 390]) {
      const p = await publicPage(page, width);
      await p.goto(`/?lang=${locale}`);
      const badges = p.getByTestId('stock-badge');
      await expect(badges.first()).toBeVisible();
      // The first screen holds several states; the words are the locale's.
      const states = new Set(await badges.evaluateAll((els) => els.map((e) => e.getAttribute('data-stock'))));
      expect(states.size).toBeGreaterThan(1);
      await expect(badges.filter({ hasText: WORDS[locale].in_stock! }).first()).toBeVisible();
      await p.getByTestId('product-card').first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await p.waitForTimeout(300);
      await shoot(p, `stock-cards-${locale}-${width}`, { fullPage: false });

      await p.goto(`/product/${each.preorder!.id}?lang=${locale}`);
      const line = p.getByTestId('stock-line');
      await expect(line).toHaveText(locale === 'en' ? 'Pre-order · ships in 1-2 weeks' : '预售 · 1-2 周内发货');
      await shoot(p, `stock-detail-preorder-${locale}-${width}`, { fullPage: false });
    }
    // The card of a sold-out product says so.
    await page.goto(`/search?keyword=${each.out_of_stock!.id}&lang=${locale}`);
    await expect(page.locator(`[data-testid="product-card"][data-product-id="${each.out_of_stock!.id}"]`).getByTestId('stock-badge')).toHaveText(WORDS[locale].out_of_stock!);
  });

  test(`a cart line asking for more than is left warns, and the order is refused with the pieces left (${locale})`, async ({ browser, request }) => {
    // A product of its own with 5 pieces on hand: other journeys running at the same time place
    // orders on the demo catalog, so a demo product's count could change under this test.
    const own = await productWithStock(request, 5);
    const buyer = await createBuyer(request, locale, 'stock');
    const headers = { authorization: `Bearer ${buyer.token}`, 'x-lang-type': locale };
    const added = await request.post('/api/cart/items', { headers, data: { itemId: own.id, quantity: 12 } });
    expect(added.status(), await added.text()).toBe(200);
    const item = (await added.json()) as { available: number; stockShort: boolean; stockStatus: string };
    expect(item).toMatchObject({ available: 5, stockShort: true, stockStatus: 'low' });

    for (const width of [1280, 390]) {
      const page = await pageAs(browser, buyer, locale, width);
      await page.goto('/cart');
      const warning = page.getByTestId('line-stock');
      await expect(warning).toHaveAttribute('data-short', 'true');
      await expect(warning).toContainText(String(item.available));
      await expect(warning).toContainText(locale === 'en' ? 'lower the quantity' : '请减少数量');
      await shoot(page, `stock-cart-short-${locale}-${width}`, { fullPage: false });
      await page.context().close();
    }

    const placed = await request.post('/api/orders', { headers: { ...headers, 'idempotency-key': `stock-${Date.now()}-${Math.random()}` }, data: { expressMethod: 'dhl', payMethod: 'tt', ...US_ADDRESS } });
    expect(placed.status()).toBe(400);
    const body = (await placed.json()) as { desc: string };
    expect(body.desc).toContain(locale === 'en' ? `only ${item.available} available` : `仅剩 ${item.available} 件`);
    await own.archive();
  });
}

test('the pages\' "in stock" claim is the real count, in both languages', async ({ page, request }) => {
  const { productsInStock } = (await (await request.get('/api/stock/summary')).json()) as { productsInStock: number };
  expect(productsInStock).toBeGreaterThan(1000);
  const rounded = Math.floor(productsInStock / 100) * 100;
  const figure = `${rounded.toLocaleString('en-US')}${rounded < productsInStock ? '+' : ''}`;
  const p = await publicPage(page, 1280);
  await p.goto('/?lang=en');
  await expect(p.getByText(`${figure} SKUs in stock`).first()).toBeVisible();
  await p.goto('/about-us?lang=zh');
  await expect(p.getByText(`${figure} SKU 现货`).first()).toBeVisible();
});
