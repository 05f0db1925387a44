import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, whenDrawn } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { clippedControls, coveredByChat, layoutProblems, type LayoutOptions } from '../support/layout.js';
import { uniqueEmail } from '../support/mailbox.js';
import { pageAs, shoot, US_ADDRESS } from '../support/staff.js';

// No layout that breaks (docs/requirements.md, Screens): the cart (a line priced at a quantity tier,
// with its note, and the longest such product name), its shipping and payment choice, an order and a
// product page at 1280, 1024, 768 and 390 px in zh and en. Nothing scrolls sideways, no box holds
// content wider than itself, no two pieces of text overlap. On a phone the chat launcher covers no
// text or control of the cart or the product page, wherever they are scrolled. The owner's staff
// accounts at 1280, 1024 and 390 px cut off no button. Screens at 1280 and 390 px go to .screenshots/.

const WIDTHS = [1280, 1024, 768, 390] as const;
const SHOT_WIDTHS: readonly number[] = [1280, 390];

type Tiered = {
  id: number;
  name: string;
  moq: number;
  orderMultiple: number | null;
  types: { code: string }[];
  priceTiers: { minQuantity: number }[];
  stockStatus?: string;
};

/** The demo product with a 12+ tier, sold by the piece, in stock, with the longest name. */
async function tieredProduct(request: APIRequestContext): Promise<Tiered> {
  const found: Tiered[] = [];
  for (let page = 1; page <= 10; page++) {
    const { data } = (await (await request.get('/api/items', { params: { page, recPerPage: 120 }, headers: { 'x-price-type': 'CNY' } })).json()) as {
      data: Tiered[];
    };
    found.push(
      ...data.filter(
        (p) => p.priceTiers[0]?.minQuantity === 12 && p.moq === 1 && !p.orderMultiple && p.types.length <= 1 && (p.stockStatus ?? 'in_stock') === 'in_stock',
      ),
    );
    if (data.length < 120) break;
  }
  expect(found.length, 'a demo product with a 12+ tier').toBeGreaterThan(0);
  return found.sort((a, b) => b.name.length - a.name.length)[0]!;
}

/** Checks the page at every width (resizing the one page), shooting it at 1280 and 390 px. */
async function atEveryWidth(page: Page, shot: string, options: LayoutOptions): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await whenDrawn(page);
    if (SHOT_WIDTHS.includes(width)) await shoot(page, `${shot}-${width}`);
    // Soft: one run reports every width and page that breaks.
    expect.soft(await layoutProblems(page, options), `${shot} at ${width} px`).toEqual([]);
  }
}

for (const lang of ['zh', 'en'] as const) {
  test(`buyer pages keep their layout at 1280, 1024, 768 and 390 px (${lang})`, async ({ browser, request }) => {
    // Three pages measured and drawn at four widths each, after an order is placed: 30 s on a quiet
    // machine, past the default 60 s when a clean-clone run loads it (three times that).
    test.slow();
    const product = await tieredProduct(request);
    const buyer = await createBuyer(request, lang, 'layout');
    const headers = { authorization: `Bearer ${buyer.token}`, 'x-lang-type': lang, 'x-price-type': lang === 'zh' ? 'CNY' : 'USD' };
    expect((await request.post('/api/address', { headers, data: { ...US_ADDRESS, asDefault: true } })).status()).toBe(200);
    const type = product.types[0]?.code;
    const addTier = async () => {
      const added = await request.post('/api/cart/items', { headers, data: { itemId: product.id, ...(type ? { type } : {}), quantity: 13 } });
      expect(added.status(), await added.text()).toBe(200);
    };
    // An order of the tiered line, then the same line in the cart again.
    await addTier();
    const placed = await request.post('/api/orders', {
      headers: { ...headers, 'idempotency-key': `e2e-layout-${Date.now()}-${lang}` },
      data: { expressMethod: 'dhl', payMethod: 'tt', ...US_ADDRESS },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { id: number }).id;
    await addTier();

    const page = await pageAs(browser, buyer, lang, 1280);
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').first();
    await expect(line.getByTestId('line-tier')).toBeVisible();
    await page
      .getByRole('group', { name: lang === 'zh' ? '配送方式' : 'Shipping method' })
      .getByRole('radio', { disabled: false })
      .first()
      .check();
    await page
      .getByRole('group', { name: lang === 'zh' ? '支付方式' : 'Payment method' })
      .getByRole('radio', { disabled: false })
      .first()
      .check();
    await expect(page.getByTestId('shipping-fee')).toBeVisible();
    await atEveryWidth(page, `layout-cart-${lang}`, {
      textIn: ['[data-testid=cart-line]', 'fieldset', '[data-testid=order-summary]'],
      fitting: ['[data-testid=line-amount]', '[data-testid=line-tier]'],
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await whenDrawn(page);
    expect.soft(await coveredByChat(page), `what the chat button covers on the cart at 390 px`).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/order/${orderId}`);
    await expect(page.getByTestId('order-line')).toHaveCount(1);
    await atEveryWidth(page, `layout-order-${lang}`, { textIn: ['main'] });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/product/${product.id}`);
    await expect(page.getByTestId('tier-table')).toBeVisible();
    await atEveryWidth(page, `layout-product-${lang}`, { textIn: ['main'] });
    await page.setViewportSize({ width: 390, height: 844 });
    await whenDrawn(page);
    expect.soft(await coveredByChat(page), `what the chat button covers on the product page at 390 px`).toEqual([]);
    await page.context().close();
  });

  test(`the staff accounts screen cuts off no button at 1280, 1024 and 390 px (${lang})`, async ({ browser, request }) => {
    const owner = await signIn(request, 'demo_admin', 'Admin1234');
    // A member invited with a long e-mail and name: its row has the most buttons (role, disable, resend invitation).
    const email = uniqueEmail(`layout-staff-member-with-a-long-address-${lang}`);
    const invited = await request.post('/api/admin/staff', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { email, name: 'Alexandra Montgomery-Smith of the Warehouse', role: 'warehouse', locale: lang },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const page = await pageAs(browser, owner, lang, 1280);
    await page.goto('/admin/staff');
    await expect(page.locator(`[data-testid=staff-row][data-account="${email}"]`)).toBeVisible();
    const screen = 'section[aria-labelledby=staff-title]';
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await whenDrawn(page);
      if (SHOT_WIDTHS.includes(width)) await shoot(page, `layout-staff-${lang}-${width}`);
      // The staff menu above scrolls sideways by design; the screen itself does not.
      expect.soft(await layoutProblems(page, { textIn: ['[data-testid=staff-table]'], scrollIn: screen }), `staff accounts at ${width} px`).toEqual([]);
      expect.soft(await clippedControls(page, screen), `buttons cut off on staff accounts at ${width} px`).toEqual([]);
    }
    await page.context().close();
  });
}
