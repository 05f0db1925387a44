import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, readyPage, test } from '../support/test.js';
import { signIn } from '../support/accounts.js';
import { pageAs, shoot, type Locale } from '../support/staff.js';

// Search (docs/catalog.md, Search) against the real server and its demo catalogue,
// always through the header's search box: suggestions while typing (keyboard and mouse), best
// match first for brand, pinyin, Chinese, a misspelling, a barcode and a product id, the results
// page's title (server-rendered too), the staff screen of what buyers searched for, and model names
// with "did you mean", broader searches and the closest products when few or none are found.
// Screens at 1280 px and 390 px, zh and en, go to .screenshots/.

const cards = (scope: Page | Locator) => scope.getByTestId('product-card');
const firstName = (page: Page) => cards(page).first().getByRole('heading', { level: 3 });
const box = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('combobox', { name: /^(Search the shop|全站搜索)$/ })
    .first();

async function anonymousPage(browser: Browser, locale: Locale, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: locale === 'zh' ? 'zh-CN' : 'en-US' });
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  return readyPage(await context.newPage());
}

/** Types into the header's box like a person (one key at a time) and searches with Enter. */
async function searchFor(page: Page, keyword: string): Promise<void> {
  const input = box(page);
  await input.fill('');
  await input.pressSequentially(keyword, { delay: 20 });
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?keyword=${encodeURIComponent(keyword).replace(/%20/g, '(%20|\\+)')}$`));
  await expect(page.getByRole('list').filter({ has: cards(page) })).not.toHaveAttribute('aria-busy', 'true');
  await expect(cards(page).first()).toBeVisible();
}

/** A demo product that stays put while other journeys run: the one changed longest ago. */
async function demoProduct(request: APIRequestContext): Promise<{ id: number; barcode: string; name: string }> {
  const list = await request.get('/api/items', { params: { sortBy: 'lastUpdatedTime', order: 'asc', recPerPage: 1 }, headers: { 'x-lang-type': 'zh' } });
  expect(list.status()).toBe(200);
  const [first] = ((await list.json()) as { data: { id: number }[] }).data;
  const detail = (await (await request.get(`/api/items/${first!.id}`, { headers: { 'x-lang-type': 'zh' } })).json()) as {
    id: number;
    barcode: string | null;
    name: string;
  };
  expect(detail.barcode).toMatch(/^\d{8,14}$/);
  return { id: detail.id, barcode: detail.barcode!, name: detail.name };
}

test.describe('search box (en, 1280 px)', () => {
  test('suggests while typing; arrows and Enter open a product, Enter alone searches; the results page is titled with the query', async ({ browser }) => {
    const page = await anonymousPage(browser, 'en');
    await page.goto('/about-us');
    const input = box(page);
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await input.pressSequentially('gan', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const products = listbox.getByRole('group', { name: 'Products' }).getByRole('option');
    await expect(products.first()).toBeVisible();
    // Best match first: GAN's own products, not YuXin's Kingkong (jin-gang) nor anything else.
    await expect(products.first()).toContainText('GAN');
    await expect(listbox.getByRole('group', { name: 'Brands' }).getByRole('option', { name: 'GAN', exact: true })).toBeVisible();
    await expect(listbox.getByRole('option', { name: 'Search for “gan”' })).toBeVisible();
    await shoot(page, 'search-suggest-en-1280', { fullPage: false });

    // ArrowDown makes the first product active (the focus stays in the box); Enter opens it.
    await input.press('ArrowDown');
    const first = products.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expect(input).toBeFocused();
    const chosen = (await first.textContent()) ?? '';
    await input.press('Enter');
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('GAN');
    expect(chosen).toContain((await page.getByRole('heading', { level: 1 }).textContent())?.trim().slice(0, 10));

    // Escape closes the list and keeps the text.
    await box(page).pressSequentially('gan', { delay: 30 });
    await expect(listbox).toBeVisible();
    await box(page).press('Escape');
    await expect(listbox).toBeHidden();
    await expect(box(page)).toHaveValue('gan');

    // Enter with no active option: the results page, best match first, titled with the query.
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=gan$/);
    await expect(page).toHaveTitle('Search results for “gan” - Cubeshop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “gan”');
    await expect(page.getByTestId('found-count')).toContainText(/[1-9][\d,]* products? found/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await expect(page.getByRole('combobox', { name: 'Sort by' }).getByRole('option', { name: 'Best match' })).toHaveCount(1);
    await expect(cards(page).first().getByTestId('card-brand')).toHaveText('GAN');
    await shoot(page, 'search-results-en-1280', { fullPage: false });

    // Another sort stays available, and written in the URL; best match is back without it.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priceAsc');
    await expect(page).toHaveURL(/\/search\?keyword=gan&sort=price-asc$/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('relevance');
    await expect(page).toHaveURL(/\/search\?keyword=gan$/);
    await page.context().close();
  });

  test('a brand and a category suggestion open their lists; the mouse works too', async ({ browser }) => {
    const page = await anonymousPage(browser, 'en');
    await page.goto('/');
    await box(page).pressSequentially('pyraminx', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const category = listbox.getByRole('group', { name: 'Categories' }).getByRole('option').first();
    await expect(category).toBeVisible();
    await category.click();
    await expect(page).toHaveURL(/\/products-by-category\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pyraminx');

    await box(page).fill('');
    await box(page).pressSequentially('moyu', { delay: 30 });
    await listbox.getByRole('group', { name: 'Brands' }).getByRole('option').first().click();
    await expect(page).toHaveURL(/\/search\?brand=\d+$/);
    await expect(cards(page).first()).toBeVisible();
    // The brand's list replaces the page's earlier cards once it arrives (on a busy machine a moment later).
    await expect.poll(async () => [...new Set(await cards(page).getByTestId('card-brand').allTextContents())]).toEqual(['MoYu']);
    await page.context().close();
  });
});

test.describe('best match first (zh)', () => {
  test('gan, mofang, 三阶 磁力, pyramix, a barcode and a product id each put the expected product first', async ({ browser, request }) => {
    test.slow(); // several first-time searches on a cold server
    const page = await anonymousPage(browser, 'zh');
    await page.goto('/');
    const product = await demoProduct(request);

    // A brand: GAN's products, not YuXin's 金刚 (jin-gang).
    await searchFor(page, 'gan');
    await expect(cards(page).first().getByTestId('card-brand')).toHaveText('GAN');
    expect((await cards(page).getByTestId('card-brand').allTextContents()).slice(0, 5)).not.toContain('裕鑫');
    expect((await cards(page).getByRole('heading', { level: 3 }).allTextContents()).slice(0, 5).join(' ')).not.toContain('金刚');

    // Pinyin of the name: 魔方.
    await searchFor(page, 'mofang');
    await expect(firstName(page)).toContainText('魔方');

    // Two words, both in the name: a magnetic 3x3.
    await searchFor(page, '三阶 磁力');
    await expect(firstName(page)).toContainText('三阶');
    await expect(firstName(page)).toContainText('磁力');

    // A misspelling: the pyraminx (金字塔).
    await searchFor(page, 'pyramix');
    await expect(firstName(page)).toContainText('金字塔');

    // A barcode and a product id: that product.
    await searchFor(page, product.barcode);
    await expect(cards(page).first()).toHaveAttribute('data-product-id', String(product.id));
    await searchFor(page, String(product.id));
    await expect(cards(page).first()).toHaveAttribute('data-product-id', String(product.id));
    await expect(page).toHaveTitle(new RegExp(`^“${product.id}”的搜索结果 - `));
    await page.context().close();
  });

  test('the results page is titled with the query in the server-rendered HTML', async ({ request }) => {
    for (const [lang, title] of [
      ['en', 'Search results for “gan”'],
      ['zh', '“gan”的搜索结果'],
    ] as const) {
      const html = await (await request.get(`/search?keyword=gan&lang=${lang}`)).text();
      const found = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      expect(found.replace(/&#39;/g, "'")).toContain(title);
      expect(found).not.toMatch(/^(Home|首页)\b/);
    }
  });
});

test.describe('phone (390 px)', () => {
  for (const locale of ['zh', 'en'] as const) {
    test(`the menu's search box suggests full width (${locale})`, async ({ browser }) => {
      const page = await anonymousPage(browser, locale, 390);
      await page.goto('/');
      await page.getByRole('button', { name: locale === 'zh' ? '打开菜单' : 'Open menu' }).click();
      const input = page.locator('#mobile-search');
      await input.pressSequentially('gan', { delay: 30 });
      const listbox = page.locator('#mobile-search-listbox');
      await expect(listbox.getByRole('option').first()).toBeVisible();
      const [boxWidth, listWidth] = await Promise.all([
        input.evaluate((el) => el.getBoundingClientRect().width),
        listbox.evaluate((el) => el.getBoundingClientRect().width),
      ]);
      expect(listWidth).toBeGreaterThanOrEqual(boxWidth - 1);
      expect(listWidth).toBeLessThanOrEqual(390);
      await shoot(page, `search-suggest-${locale}-390`, { fullPage: false });
      await input.press('ArrowDown');
      await input.press('Enter');
      await expect(page).toHaveURL(/\/product\/\d+$/);

      await page.goto('/search?keyword=gan');
      await expect(cards(page).first()).toBeVisible();
      await shoot(page, `search-results-${locale}-390`, { fullPage: false });
      await page.context().close();
    });
  }

  test('the results page in Chinese at 1280 px, with the suggestions open', async ({ browser }) => {
    const page = await anonymousPage(browser, 'zh');
    await page.goto('/search?keyword=%E4%B8%89%E9%98%B6%20%E7%A3%81%E5%8A%9B');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: '排序' })).toHaveValue('relevance');
    await shoot(page, 'search-results-zh-1280', { fullPage: false });
    await box(page).fill('');
    await box(page).pressSequentially('mofang', { delay: 30 });
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await shoot(page, 'search-suggest-zh-1280', { fullPage: false });
    await page.context().close();
  });
});

test.describe('staff: search terms', () => {
  // Four staff screens (two roles, two widths) and a shop visit: a few minutes on a loaded machine.
  test.setTimeout(180_000);

  test('a zero-result search and a top search show on the staff screen, for catalog and sales', async ({ browser, request }) => {
    // A term nobody else searches, which finds nothing, searched through the box.
    const term = `zq${Date.now().toString(36)}xv`;
    const shop = await anonymousPage(browser, 'en');
    await shop.goto('/');
    await box(shop).pressSequentially(term, { delay: 10 });
    await box(shop).press('Enter');
    await expect(shop.getByTestId('empty-state')).toBeVisible();
    await searchFor(shop, 'gan');
    await shop.context().close();

    for (const [account, password, locale] of [
      ['demo_catalog', 'Catalog1234', 'en'],
      ['demo_sales', 'Sales1234', 'zh'],
    ] as const) {
      const session = await signIn(request, account, password);
      for (const width of [1280, 390]) {
        const page = await pageAs(browser, session, locale, width);
        // The section is in the staff frame's navigation, from the role's own work (catalog: its products; sales: the orders).
        await page.goto(locale === 'zh' ? '/admin/orders' : '/admin/items');
        await page
          .getByRole('navigation')
          .getByRole('link', { name: locale === 'zh' ? '搜索词' : 'Search terms' })
          .click();
        await expect(page).toHaveURL(/\/admin\/search-terms$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'zh' ? '搜索词' : 'Search terms');
        // Top searches: gan is among them.
        const table = page.getByTestId('search-terms');
        await expect(table.getByRole('link', { name: 'gan', exact: true })).toBeVisible();
        // No results, last 7 days: the fresh term, counted once; it opens the shop's search in a new tab.
        await page.getByRole('tab', { name: locale === 'zh' ? '无结果' : 'No results' }).click();
        // The period select (the staff frame's search box is a combobox too).
        await page.getByRole('main').locator('select').selectOption('7');
        await expect(page).toHaveURL(/kind=zero/);
        await expect(page).toHaveURL(/days=7/);
        const row = table.getByRole('row').filter({ hasText: term });
        await expect(row).toBeVisible();
        // Searched (at least once: this journey's own searches), and every time it found nothing.
        await expect(row.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
        await expect(row.getByRole('cell').nth(2)).toHaveText((await row.getByRole('cell').nth(1).textContent()) ?? '');
        await expect(row.getByRole('link', { name: term })).toHaveAttribute('target', '_blank');
        await expect(row.getByRole('link', { name: term })).toHaveAttribute('href', `/search?keyword=${term}`);
        await shoot(page, `search-terms-${locale}-${width}`, { fullPage: width === 390 });
        await page.context().close();
      }
    }

    // Not for the warehouse: no section, and the screen says why.
    const warehouse = await pageAs(browser, await signIn(request, 'demo_warehouse', 'Warehouse1234'), 'en');
    await warehouse.goto('/admin/search-terms');
    await expect(warehouse.getByRole('alert')).toBeVisible();
    await expect(warehouse.getByRole('navigation').getByRole('link', { name: 'Search terms' })).toHaveCount(0);
    await warehouse.context().close();
  });

  test('catalog staff add a synonym group, the shop search uses it at once, and they delete it', async ({ browser, request }) => {
    const word = `xq${Date.now().toString(36)}`;
    const session = await signIn(request, 'demo_catalog', 'Catalog1234');
    const page = await pageAs(browser, session, 'en', 1280);
    await page.goto('/admin/search-terms');
    await page.getByRole('tab', { name: 'Synonyms' }).click();
    await expect(page).toHaveURL(/kind=synonyms/);
    const table = page.getByTestId('synonyms');
    // The demo's groups are there (3x3 = 三阶).
    await expect(table.getByRole('row').filter({ hasText: '三阶' }).first()).toBeVisible();
    const input = page.getByRole('textbox', { name: 'New group' });
    await input.fill(`${word}，威龙`);
    await input.press('Enter');
    const row = table.getByRole('row').filter({ hasText: word });
    await expect(row).toBeVisible();
    await expect(input).toHaveValue('');
    await shoot(page, 'synonyms-en-1280', { fullPage: false });

    // A buyer's search for the new word finds the 威龙 products.
    const shop = await anonymousPage(browser, 'zh');
    await shop.goto('/');
    await searchFor(shop, word);
    await expect(firstName(shop)).toContainText('威龙');
    await shop.context().close();

    // The other widths and language, as staff see them.
    for (const [locale, width] of [
      ['zh', 1280],
      ['zh', 390],
      ['en', 390],
    ] as const) {
      const other = await pageAs(browser, session, locale, width);
      await other.goto('/admin/search-terms?kind=synonyms');
      await expect(other.getByTestId('synonyms').getByRole('row').filter({ hasText: word })).toBeVisible();
      await shoot(other, `synonyms-${locale}-${width}`, { fullPage: width === 390 });
      await other.context().close();
    }

    await row.getByRole('button', { name: /^Delete the group/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(word);
    await dialog.getByRole('button', { name: /confirm|ok/i }).click();
    await expect(row).toHaveCount(0);
    await page.context().close();
  });
});

test.describe('never a dead end (docs/catalog.md, Search)', () => {
  test('a model name run together finds it; one that finds nothing offers "did you mean" and the closest products (en, 1280 px)', async ({ browser }) => {
    test.slow(); // first searches of new words on a busy machine
    const page = await anonymousPage(browser, 'en');
    await page.goto('/');
    // Letters and digits together mean the same as apart.
    await searchFor(page, 'gan356');
    await expect(firstName(page)).toContainText('GAN 356');

    // A model the shop does not have: the nearest one, as a link, and its products below the empty list.
    await page.goto('/search?keyword=gan357');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    const offer = page.getByTestId('did-you-mean');
    await expect(offer).toHaveText('Did you mean GAN 356?');
    const closest = page.getByRole('region', { name: 'Closest products: GAN 356' });
    await expect(cards(closest).first()).toBeVisible();
    await expect(cards(closest).first().getByRole('heading', { level: 3 })).toContainText('GAN 356');
    await shoot(page, 'search-did-you-mean-en-1280', { fullPage: true });
    await offer.getByRole('link', { name: 'GAN 356' }).click();
    await expect(page).toHaveURL(/\/search\?keyword=GAN\+356$/);
    await expect(firstName(page)).toContainText('GAN 356');
    await page.context().close();
  });

  test('few results say so and offer a broader search; Chinese at 390 px', async ({ browser }) => {
    test.slow();
    const page = await anonymousPage(browser, 'zh', 390);
    // The gift box of one model: one product or two; without "gift", every variant of GAN 12 ui.
    await page.goto('/search?keyword=gan12%20ui%20gift');
    const box = page.getByRole('region', { name: '其他搜索' });
    await expect(box).toContainText(/只有 \d 件商品符合“gan12 ui gift”。/);
    const wider = box.getByRole('link', { name: '去掉“gift”' });
    await expect(wider).toBeVisible();
    await shoot(page, 'search-few-zh-390', { fullPage: true });
    await wider.click();
    await expect(page).toHaveURL(/\/search\?keyword=gan12\+ui$/);
    await expect(firstName(page)).toContainText('GAN 12 ui');

    // Nothing found in Chinese: did you mean, at 390 px.
    await page.goto('/search?keyword=valk4');
    await expect(page.getByTestId('did-you-mean')).toHaveText('您是不是要找 Valk 3？');
    await expect(cards(page.getByTestId('closest-products')).first()).toBeVisible();
    await shoot(page, 'search-did-you-mean-zh-390', { fullPage: true });
    await page.context().close();
  });
});
