import type { APIRequestContext } from '@playwright/test';
import { expect, readyPage, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, shoot, US_ADDRESS } from '../support/staff.js';

// Price tiers and customer groups (docs/catalog.md, Prices: tiers and customer groups): a buyer
// adds 12 of a product with a 12+ tier from its page; the cart prices the line at the tier and
// shows the saving, and the placed order keeps that price. Staff put a buyer in the VIP group on
// the buyer's page; that buyer then sees the VIP price, an anonymous visitor the shop's price.
// Screens at 1280 and 390 px, zh and en, go to .screenshots/.

type Tiered = {
  id: number;
  name: string;
  moq: number;
  orderMultiple: number | null;
  types: { code: string }[];
  discountPrice: number;
  priceTiers: { minQuantity: number; price: number }[];
  stockStatus?: string;
};

/** A demo product sold by the piece, in stock, with one style at most and a 12+ tier. */
async function tieredProduct(request: APIRequestContext): Promise<Tiered> {
  for (let page = 1; page <= 10; page++) {
    const { data } = (await (await request.get('/api/items', { params: { page, recPerPage: 120 }, headers: { 'x-price-type': 'CNY' } })).json()) as {
      data: Tiered[];
    };
    const found = data.find(
      (p) => p.priceTiers[0]?.minQuantity === 12 && p.moq === 1 && !p.orderMultiple && p.types.length <= 1 && (p.stockStatus ?? 'in_stock') === 'in_stock',
    );
    if (found) return found;
  }
  throw new Error('no demo product with a 12+ tier');
}

type Currency = 'CNY' | 'USD';
const money = (v: number, currency: Currency = 'CNY') => `${currency === 'CNY' ? '¥' : '$'}${v.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
/** The page's currency follows its language unless the buyer chose one: CNY for zh, USD for en. */
const currencyOf = (lang: 'zh' | 'en'): Currency => (lang === 'zh' ? 'CNY' : 'USD');

/** A product as the API shows it in a currency, to whoever `token` is (anonymous without one). */
async function productIn(request: APIRequestContext, id: number, currency: Currency, token?: string): Promise<Tiered> {
  const headers: Record<string, string> = { 'x-price-type': currency, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return (await (await request.get(`/api/items/${id}`, { headers })).json()) as Tiered;
}

test('a buyer of 12 pays the 12+ tier, sees the saving in the cart, and the order keeps the price', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const product = await tieredProduct(request);
  const tier = product.priceTiers[0]!.price;

  for (const lang of ['en', 'zh'] as const) {
    const currency = currencyOf(lang);
    const shown = await productIn(request, product.id, currency);
    const shownTier = shown.priceTiers[0]!.price;
    const saving = Math.round((shown.discountPrice - shownTier) * 12 * 100) / 100;
    const buyer = await createBuyer(request, lang, 'tiers');
    const page = await pageAs(browser, buyer, lang, 1280);
    // The card lists the breaks in one short line.
    await page.goto(`/search?keyword=${product.id}`);
    const card = page.locator(`[data-product-id="${product.id}"]`);
    await expect(card.getByTestId('card-tiers')).toContainText(money(shownTier, currency));
    await shoot(page, `pricing-cards-${lang}-1280`, { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `pricing-cards-${lang}-390`, { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/product/${product.id}`);
    const table = page.getByTestId('tier-table');
    await expect(table).toContainText(money(shownTier, currency));
    const quantity = page.getByRole('textbox', { name: lang === 'en' ? 'Quantity' : '数量' }).first();
    await quantity.fill('12');
    await quantity.blur();
    await expect(page.getByTestId('tier-saving')).toContainText(money(saving, currency));
    await shoot(page, `pricing-detail-${lang}-1280`, { fullPage: false });
    await page.getByRole('button', { name: lang === 'en' ? 'Add to cart' : '加入购物车' }).click();

    await page.goto('/cart');
    const line = page.getByTestId('cart-line').first();
    await expect(line.getByTestId('line-tier')).toContainText(lang === 'en' ? '12+ pieces price' : '12 件起阶梯价');
    await expect(line.getByTestId('line-tier')).toContainText(money(saving, currency));
    await expect(page.getByTestId('tier-saving-total')).toContainText(money(saving, currency));
    await expect(page.getByTestId('goods-amount')).toContainText(money(Math.round(shownTier * 12 * 100) / 100, currency));
    await shoot(page, `pricing-cart-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `pricing-cart-${lang}-390`);
    await page.goto(`/product/${product.id}`);
    await shoot(page, `pricing-detail-${lang}-390`, { fullPage: false });
    await page.context().close();

    const headers = { authorization: `Bearer ${buyer.token}`, 'x-lang-type': lang, 'x-price-type': 'CNY' };
    const placed = await request.post('/api/orders', {
      headers: { ...headers, 'idempotency-key': `e2e-tiers-${Date.now()}-${lang}` },
      data: { expressMethod: 'dhl', payMethod: 'tt', ...US_ADDRESS },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await (await request.get(`/api/orders/${((await placed.json()) as { id: number }).id}`, { headers })).json()) as {
      items: { itemId: number; quantity: number; discountPrice: number; tierMinQuantity: number | null }[];
    };
    expect(order.items[0]).toMatchObject({ itemId: product.id, quantity: 12, discountPrice: tier, tierMinQuantity: 12 });
  }
});

test('staff put a buyer in the VIP group; the buyer sees the VIP price after signing in, an anonymous visitor does not', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const product = await tieredProduct(request);
  const shop = product.discountPrice;
  // VIP takes 15 % off, rounded half up to the fen (docs/catalog.md).
  const vip = Math.floor((Math.round(shop * 100) * 85 + 50) / 100) / 100;
  const owner = await signIn(request, 'demo_admin', 'Admin1234');
  const buyer = await createBuyer(request, 'en', 'vip');
  const buyerId = (buyer.user as { id: number }).id;

  // The groups page, in both languages and widths.
  for (const lang of ['en', 'zh'] as const) {
    const staff = await pageAs(browser, owner, lang, 1280);
    await staff.goto('/admin/customer-groups');
    await expect(staff.getByTestId('group-row')).toHaveCount(3);
    await staff
      .getByTestId('group-row')
      .filter({ hasText: 'vip' })
      .getByRole('button', { name: lang === 'en' ? 'Own prices' : '专属价' })
      .click();
    await expect(staff.getByTestId('group-prices')).toBeVisible();
    await shoot(staff, `pricing-groups-${lang}-1280`);
    await staff.setViewportSize({ width: 390, height: 844 });
    await shoot(staff, `pricing-groups-${lang}-390`);
    await staff.context().close();
  }

  const staff = await pageAs(browser, owner, 'en', 1280);
  await staff.goto(`/admin/customers/${buyerId}`);
  await expect(staff.getByTestId('customer-group')).toContainText('Retail');
  await staff.getByRole('combobox').filter({ hasText: 'VIP' }).selectOption({ label: 'VIP (15% off)' });
  await staff.getByRole('button', { name: 'Change group' }).click();
  await expect(staff.getByTestId('customer-group')).toContainText('VIP (15% off)');
  await shoot(staff, 'pricing-customer-group-en-1280', { fullPage: false });
  await staff.context().close();

  // The buyer signs in (a fresh page with their session) and sees the VIP price on the product.
  expect((await productIn(request, product.id, 'CNY', buyer.token)).discountPrice).toBe(vip);
  const vipUsd = (await productIn(request, product.id, 'USD', buyer.token)).discountPrice;
  const shopUsd = (await productIn(request, product.id, 'USD')).discountPrice;
  expect(vipUsd).toBeLessThan(shopUsd);
  const mine = await pageAs(browser, buyer, 'en', 1280);
  await mine.goto(`/product/${product.id}`);
  await expect(mine.getByTestId('price').first()).toHaveText(money(vipUsd, 'USD'));
  await mine.context().close();

  // An anonymous visitor, right after, gets the shop's price (the cached page was not touched).
  const anonymous = readyPage(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  await anonymous.goto(`/product/${product.id}`);
  await expect(anonymous.getByTestId('price').first()).toHaveText(money(shopUsd, 'USD'));
  const api = (await (await request.get(`/api/items/${product.id}`, { headers: { 'x-price-type': 'CNY' } })).json()) as { discountPrice: number };
  expect(api.discountPrice).toBe(shop);
  await anonymous.context().close();
});
