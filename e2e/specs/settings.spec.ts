import { expect, readyPage, test } from '../support/test.js';
import { signIn } from '../support/accounts.js';
import { pageAs, shoot } from '../support/staff.js';

// Shop settings in the back office (docs/orders.md, Shop settings): the owner changes the exchange rate and
// the footer phone on /admin/settings; the storefront's USD prices and its footer show them. The
// settings screens at 1280 px (en) and 390 px (zh) go to .screenshots/. The values are put back.

const amount = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('the owner changes the exchange rate and the footer phone; the storefront shows both', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await signIn(request, 'demo_admin', 'Admin1234');
  const auth = { authorization: `Bearer ${owner.token}` };
  const before = await (await request.get('/api/admin/settings', { headers: auth })).json();
  const newest = (await (await request.get('/api/items/newest', { params: { page: 1, recPerPage: 1 }, headers: { 'x-price-type': 'CNY' } })).json())
    .data[0] as { id: number; basePrice: number };
  const rate = before.exchangeRate.cnyPerUsd === 6.5 ? 6.4 : 6.5;
  const phone = `+86 20 ${String(Date.now()).slice(-8, -4)} ${String(Date.now()).slice(-4)}`;

  try {
    const page = await pageAs(browser, owner, 'en', 1280);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Shop settings' })).toBeVisible();

    // The exchange rate: typed, Enter saves; the history names who set it.
    const rateForm = page.getByTestId('rate-form');
    await rateForm.getByLabel('CNY per 1 USD').fill(String(rate));
    await rateForm.getByLabel('CNY per 1 USD').press('Enter');
    await expect(page.getByTestId('rate-history').getByRole('row').nth(1)).toContainText(String(rate));
    await shoot(page, 'settings-money-en-1280');

    // The footer phone, on its tab (reached with the keyboard).
    await page.getByRole('tab', { name: 'Exchange rate & free shipping' }).focus();
    await page.keyboard.press('End');
    await expect(page).toHaveURL(/tab=contact/);
    const contact = page.getByTestId('contact-form');
    await contact.getByLabel('Phone').fill(phone);
    await contact.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. Every storefront shows it within seconds.').last()).toBeVisible();
    // The notice shows below the staff top bar: the menu and the search box stay uncovered.
    const bar = await page.locator('header').first().boundingBox();
    const notice = await page.locator('[data-position="top-center"]').boundingBox();
    expect(notice!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await expect.poll(async () => (await (await request.get('/api/shop/settings')).json()).contact.phone).toBe(phone);
    await shoot(page, 'settings-contact-en-1280');
    // The carousel: picked products found by search, in order (shown, not saved).
    await page.goto('/admin/settings?tab=carousel');
    await page.getByLabel('Products I pick').check();
    await page.getByLabel(/Find a product/).fill('3x3');
    await page.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: 'Add' }).first().click();
    await page.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: 'Add' }).nth(1).click();
    await expect(page.getByTestId('carousel-picks').getByRole('listitem')).toHaveCount(2);
    await shoot(page, 'settings-carousel-picked-en-1280');
    for (const tab of ['shipping', 'payments', 'bank']) {
      await page.goto(`/admin/settings?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).not.toBeEmpty();
      await shoot(page, `settings-${tab}-en-1280`);
    }

    // The storefront (a visitor in English sees USD): the product's price at the new rate, the footer's phone.
    const shop = readyPage(await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })).newPage());
    await shop.goto(`/product/${newest.id}?lang=en`);
    const usd = Math.round((newest.basePrice / rate) * 100) / 100;
    await expect.poll(async () => amount((await shop.getByTestId('price').first().textContent()) ?? '')).toBe(usd);
    await shop.getByTestId('footer-phone').scrollIntoViewIfNeeded();
    await expect(shop.getByTestId('footer-phone')).toHaveText(phone);
    // server-rendered too: the page's HTML carries the new USD price
    const html = await (await request.get(`/product/${newest.id}?lang=en`, { headers: { cookie: 'userCurrency=USD' } })).text();
    expect(html).toContain(usd.toFixed(2));

    // The settings screens on a phone, in Chinese.
    const phoneView = await pageAs(browser, owner, 'zh', 390);
    for (const tab of ['money', 'shipping', 'contact', 'carousel']) {
      await phoneView.goto(`/admin/settings?tab=${tab}`);
      await expect(phoneView.getByRole('heading', { name: '店铺设置' })).toBeVisible();
      await expect(phoneView.getByRole('tabpanel')).not.toBeEmpty();
      await shoot(phoneView, `settings-${tab}-zh-390`);
    }
  } finally {
    const restore = await request.put('/api/admin/settings', { headers: auth, data: { exchangeRate: before.exchangeRate, contact: before.contact } });
    expect(restore.status()).toBe(200);
  }
});
