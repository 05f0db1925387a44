import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, recordToasts, test, whenDrawn } from '../support/test.js';
import { createBuyer } from '../support/accounts.js';

// Checkout end to end against the real server: a fresh buyer adds three products (one with
// styles, one with a minimum order above 1) from a card and detail pages, opens the cart, adds an
// address, chooses shipping and payment, sees the quote, places the order (a double click makes
// one order), lands on its detail page, finds it under my orders and reorders it. Once in zh and
// CNY, once in en and USD, each on a desktop and on a 390 px phone. Screenshots of each screen go to
// .screenshots/ (the README names it; CI keeps it as the run's artifacts).

const SHOTS = path.resolve(import.meta.dirname, '../../.screenshots');
/** The phone the buyer journey also runs on: 390 px wide, touch. */
const MOBILE = { width: 390, height: 844 };

interface ListProduct {
  id: number;
  name: string;
  types: { code: string; name: string }[] | null;
  moq: number;
  orderMultiple: number | null;
  stockStatus?: string;
}

/** Three products, the newest of each kind: a plain one, one with several styles, one with a MOQ above 1. */
async function pickProducts(request: APIRequestContext, lang: 'zh' | 'en') {
  const types = (p: ListProduct) => p.types?.length ?? 0;
  let plain: ListProduct | undefined;
  let styled: ListProduct | undefined;
  let moq: ListProduct | undefined;
  for (let page = 1; page <= 40 && !(plain && styled && moq); page++) {
    const res = await request.get('/api/items', { params: { recPerPage: 120, page }, headers: { 'x-lang-type': lang } });
    const { data } = (await res.json()) as { data: ListProduct[] };
    if (data.length === 0) break;
    // Products with plenty in stock (docs/catalog.md, Stock): the demo has low, sold-out and pre-order ones too.
    const stocked = data.filter((p) => (p.stockStatus ?? 'in_stock') === 'in_stock');
    plain ??= stocked.find((p) => types(p) === 0 && p.moq === 1 && !p.orderMultiple);
    styled ??= stocked.find((p) => types(p) > 1 && p.moq === 1 && !p.orderMultiple);
    moq ??= stocked.find((p) => types(p) === 0 && p.moq > 1);
  }
  expect(plain && styled && moq, 'demo catalogue has the three kinds of product').toBeTruthy();
  return { plain: plain!, styled: styled!, moq: moq! };
}

/**
 * Scrolled to the end, the chat launcher (fixed at the bottom right) covers no text or control:
 * returns what lies under it (nothing, when the page keeps room for it).
 */
async function underLauncher(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Scrolled to the end as the buyer sees it (the launcher is checked against the final layout).
  await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
  return page.evaluate(() => {
    const button = document.querySelector('[data-testid="chat-button"]');
    if (!button) return ['no chat button'];
    const b = button.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (button.contains(el) || el.closest('[data-testid="chat-button"]')) continue;
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      const control = el.matches('a, button, input, select, textarea, img, svg');
      if (!ownText && !control) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom)
        hits.push(`${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
    }
    return hits;
  });
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  // The phone run keeps its own 390 px pictures; the desktop run takes both widths.
  if (size.width <= MOBILE.width) {
    await page.screenshot({ path: path.join(SHOTS, `checkout-phone-${name}-390.png`), fullPage: true });
    return;
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await whenDrawn(page);
    await page.screenshot({ path: path.join(SHOTS, `checkout-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
  await whenDrawn(page);
}

const TEXT = {
  zh: {
    currency: 'CNY',
    region: 'CN',
    express: /顺丰速运/,
    payment: /支付宝/,
    added: '已加入购物车',
    addToCartFor: (name: string) => `将 ${name} 加入购物车`,
    addToCart: '加入购物车',
    cartTitle: '购物车',
    empty: '购物车是空的',
    addAddress: '新增地址',
    save: '保存地址',
    required: '此项为必填项',
    fields: { receiver: '收货人', phone: '电话', city: '城市', postal: '邮政编码', address: '详细地址（第 1 行）', region: '国家或地区' },
    badPhone: '电话号码无效',
    saved: '地址已保存',
    method: '配送方式',
    payment_: '支付方式',
    placeOrder: '提交订单',
    success: '下单成功，感谢您的购买！',
    orderTitle: '订单详情',
    myOrders: '我的订单',
    reorder: '再次购买',
    moq: /起订 \d+/,
    comment: '订单备注',
  },
  en: {
    currency: 'USD',
    region: 'US',
    express: /^DHL Express/,
    payment: /^PayPal/,
    added: 'Added to cart',
    addToCartFor: (name: string) => `Add ${name} to cart`,
    addToCart: 'Add to cart',
    cartTitle: 'Shopping cart',
    empty: 'Your cart is empty',
    addAddress: 'Add address',
    save: 'Save address',
    required: 'This field is required',
    fields: {
      receiver: 'Receiver name',
      phone: 'Phone',
      city: 'City',
      postal: 'Postal code',
      address: 'Detailed address (line 1)',
      region: 'Country or region',
    },
    badPhone: 'Invalid phone number',
    saved: 'Address saved',
    method: 'Shipping method',
    payment_: 'Payment method',
    placeOrder: 'Place order',
    success: 'Order placed. Thank you!',
    orderTitle: 'Order details',
    myOrders: 'My orders',
    reorder: 'Reorder',
    moq: /MOQ \d+/,
    comment: 'Order comment',
  },
} as const;

for (const lang of ['zh', 'en'] as const)
  for (const phone of [false, true]) {
    test(`checkout journey (${lang}, ${TEXT[lang].currency}${phone ? ', 390 px phone' : ''})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      if (phone) await page.setViewportSize(MOBILE);
      const x = TEXT[lang];
      const { token, user } = await createBuyer(request, lang);
      const products = await pickProducts(request, lang);
      await page.addInitScript(
        ([t, u, l, c]) => {
          localStorage.setItem('token', t);
          localStorage.setItem('userInfo', u);
          localStorage.setItem('locale', l);
          localStorage.setItem('userCurrency', c);
        },
        [token, JSON.stringify(user), lang, x.currency] as const,
      );
      const cartLink = page.getByRole('banner').locator('a[href="/cart"]').first();

      // An empty cart first.
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: x.empty })).toBeVisible();
      await shoot(page, `cart-empty-${lang}`);

      // 1. A plain product from its card on the search page, found by its id.
      await page.goto(`/search?keyword=${products.plain.id}`);
      const card = page.locator(`[data-testid="product-card"][data-product-id="${products.plain.id}"]`);
      await card.getByRole('button', { name: x.addToCartFor(products.plain.name) }).click();
      await expect(page.getByText(x.added).first()).toBeVisible();
      await expect(cartLink).toContainText('1');

      // 2. A product with styles from its detail page: the second style.
      await page.goto(`/product/${products.styled.id}`);
      const style = products.styled.types![1]!;
      await page.getByRole('button', { name: style.name, exact: true }).click();
      await page.getByRole('button', { name: x.addToCart, exact: true }).click();
      await expect(page.getByText(x.added).first()).toBeVisible();

      // 3. A wholesale product (MOQ above 1) from its detail page: the stepper starts at the MOQ.
      await page.goto(`/product/${products.moq.id}`);
      await page.getByRole('button', { name: x.addToCart, exact: true }).click();
      await expect(page.getByText(x.added).first()).toBeVisible();
      await expect(cartLink).toContainText('3');

      // The cart: three lines, the MOQ shown, the style shown.
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(x.cartTitle) })).toBeVisible();
      const lines = page.getByTestId('cart-line');
      await expect(lines).toHaveCount(3);
      const moqLine = lines.filter({ hasText: products.moq.name });
      await expect(moqLine.getByTestId('min-order')).toHaveText(x.moq);
      await expect(moqLine.getByTestId('min-order')).toContainText(String(products.moq.moq));
      await expect(lines.filter({ hasText: products.styled.name })).toContainText(style.name);

      // Quantity: + on the plain line goes to the server (debounced) and the totals follow.
      const plainLine = lines.filter({ hasText: products.plain.name });
      const put = page.waitForResponse((r) => r.url().includes('/api/cart/items/') && r.request().method() === 'PUT');
      await plainLine.getByRole('button', { name: new RegExp(lang === 'zh' ? '^增加' : '^Increase') }).click();
      expect((await put).status()).toBe(200);
      await expect(plainLine.getByRole('textbox')).toHaveValue('2');

      // The search box filters the lines.
      await page.getByRole('main').getByRole('searchbox').fill(String(products.moq.id));
      await expect(lines).toHaveCount(1);
      await page.getByRole('main').getByRole('searchbox').fill('');
      await expect(lines).toHaveCount(3);
      await shoot(page, `cart-filled-${lang}`);

      // Add an address: an empty form is refused with a banner, then saved.
      await page.getByRole('button', { name: x.addAddress }).first().click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button', { name: x.save }).click();
      await expect(modal.getByTestId('address-error-banner')).toContainText(x.required);
      await modal.getByLabel(x.fields.region).selectOption(x.region);
      await modal.getByLabel(x.fields.city).fill(lang === 'zh' ? '深圳' : 'New York');
      await modal.getByLabel(x.fields.postal).fill(lang === 'zh' ? '518000' : '10001');
      await modal.getByLabel(x.fields.receiver).fill(lang === 'zh' ? '张三' : 'Jane Doe');
      await modal.getByLabel(x.fields.phone).fill('abc');
      await modal.getByLabel(x.fields.address).fill(lang === 'zh' ? '龙岗区坂田五和大道 168 号' : '350 Fifth Avenue');
      await modal.getByRole('button', { name: x.save }).click();
      await expect(modal.getByTestId('address-error-banner')).toContainText(x.badPhone);
      await modal.getByLabel(x.fields.phone).fill('+1 (212) 555-0100');
      await shoot(page, `address-modal-${lang}`);
      await modal.getByRole('button', { name: x.save }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByText(x.saved).first()).toBeVisible();
      await expect(page.getByTestId('selected-address')).toContainText(lang === 'zh' ? '张三' : 'Jane Doe');

      // Shipping and payment, then the quote.
      const placeOrder = page.getByRole('button', { name: x.placeOrder });
      await expect(placeOrder).toBeDisabled();
      await page.getByRole('group', { name: x.method }).getByRole('radio', { name: x.express }).check();
      await page.getByRole('group', { name: x.payment_ }).getByRole('radio', { name: x.payment }).check();
      await expect(page.getByTestId('shipping-fee')).toBeVisible();
      await expect(page.getByTestId('shipping-fee')).toContainText(lang === 'zh' ? '¥' : '$');
      await expect(page.getByTestId('shipping-breakdown')).toBeVisible();
      await page.getByLabel(x.comment).fill('e2e order');
      await expect(placeOrder).toBeEnabled();
      const grandTotal = (await page.getByTestId('grand-total').textContent()) ?? '';
      await expect(page.getByTestId('chat-button')).toBeVisible();
      expect(await underLauncher(page), 'the chat button covers nothing on the cart').toEqual([]);
      await shoot(page, `cart-checkout-${lang}`);

      // A double click makes one order; the success toast is checked as shown (it lives 3 s).
      const toasts = await recordToasts(page);
      await placeOrder.dblclick();
      await expect(page).toHaveURL(/\/order\/\d+$/);
      const orderId = /\/order\/(\d+)$/.exec(page.url())![1]!;
      await expect.poll(toasts).toContain(x.success);
      await expect(page.getByRole('heading', { level: 1, name: x.orderTitle })).toBeVisible();
      await expect(page.getByTestId('order-id')).toContainText(orderId);
      await expect(page.getByTestId('order-line')).toHaveCount(3);
      await expect(page.getByTestId('order-total')).toHaveText(grandTotal);
      await expect(page.getByText('e2e order')).toBeVisible();
      await expect(cartLink).not.toContainText('3');
      expect(await underLauncher(page), 'the chat button covers nothing on the order').toEqual([]);
      await shoot(page, `order-detail-${lang}`);

      // My orders: exactly this one order.
      await page.goto('/my-order');
      const rows = page.getByTestId('order-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-order-id', orderId);
      await shoot(page, `my-orders-${lang}`);

      // Reorder puts the three lines back and opens the cart.
      await rows
        .first()
        .getByRole('button', { name: new RegExp(orderId) })
        .click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      await expect(cartLink).toContainText('3');
    });
  }
