import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, placeOrder, shoot, type Locale } from '../support/staff.js';

// The sales dashboard (/admin/dashboard): the owner lands on it from /admin, sees the order this
// journey placed counted in its currency, and switches the range to 90 days. In both languages,
// at a phone's and a desktop's width.

const TEXT = {
  en: { title: 'Sales dashboard', orders: 'Orders', days90: '90 days', menu: 'Dashboard', nav: 'Staff' },
  zh: { title: '销售看板', orders: '订单', days90: '近 90 天', menu: '看板', nav: '员工' },
} as const;

/** The shop's day (UTC+8) `back` days before today. */
const shopDay = (back = 0) => new Date(Date.now() + 8 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);

for (const locale of ['zh', 'en'] as Locale[]) {
  test(`the owner lands on the sales dashboard and sees the order just placed (${locale})`, async ({ browser, request }) => {
    const x = TEXT[locale];
    const currency = locale === 'zh' ? 'CNY' : 'USD';
    const owner = await signIn(request, 'demo_admin', 'Admin1234');
    const headers = { authorization: `Bearer ${owner.token}` };
    const counted = async () =>
      ((await (await request.get('/api/admin/dashboard', { headers })).json()) as { totals: { orders: Record<string, number> } }).totals.orders[currency]!;
    const before = await counted();

    const buyer = await createBuyer(request, locale, 'dashboard');
    await placeOrder(request, buyer.token, { lang: locale, currency });

    for (const width of [390, 1280]) {
      const page = await pageAs(browser, owner, locale, width);
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('navigation', { name: x.nav }).getByRole('link').first()).toHaveText(x.menu);

      // The order placed above is counted in its currency (other specs may add more meanwhile).
      const sub = page.getByText(new RegExp(`^CNY [\\d,]+ · USD [\\d,]+$`));
      await expect(sub).toBeVisible();
      const shown = async () => Number((await sub.textContent())!.match(new RegExp(`${currency} ([\\d,]+)`))![1]!.replace(/,/g, ''));
      expect(await shown()).toBeGreaterThanOrEqual(before + 1);
      await expect(page.getByTestId(`dashboard-payment-${currency}`)).toBeVisible();

      // 90 days: the range goes to the URL and the order is still counted.
      await page.getByRole('button', { name: x.days90 }).click();
      await expect(page).toHaveURL(new RegExp(`from=${shopDay(89)}&to=${shopDay()}`));
      await expect(page.getByRole('button', { name: x.days90 })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('[aria-busy="false"]')).toBeVisible();
      expect(await shown()).toBeGreaterThanOrEqual(before + 1);

      // Nothing wider than the screen on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shoot(page, `dashboard-${locale}-${width}`);
      await page.context().close();
    }
  });
}
