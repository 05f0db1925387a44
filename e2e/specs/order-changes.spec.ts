import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, placeOrder, shoot } from '../support/staff.js';

// What staff change, as the buyer sees it (docs/orders.md, Money after the order): sales lowers
// a line's price and the warehouse packs one piece fewer; the buyer's order page shows the actual
// line and totals first, the ordered ones struck through, and the bank-transfer card asks for the
// new amount. In English and in Chinese, on a phone. Screens go to .screenshots/.

const WORDS = {
  en: {
    changed: 'you pay the figures shown first',
    ordered: 'Ordered: ',
    toPay: 'Still to pay',
    staffPrice: 'Actual price: ',
    staffPacked: 'Packed: ',
    saved: 'Saved',
  },
  zh: { changed: '请以首先显示的金额为准', ordered: '下单：', toPay: '待付', staffPrice: '实际单价: ', staffPacked: '实际数量: ', saved: '已保存' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`a price cut and a short packing show first on the buyer's order, the ordered figures struck through (${lang})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const buyer = await createBuyer(request, lang, 'orderchanges');
    const id = await placeOrder(request, buyer.token, {
      lang,
      currency: lang === 'zh' ? 'CNY' : 'USD',
      minQuantity: 4,
      address: { deliveryUser: 'Changed Order Buyer' },
    });
    const staffSession = await signIn(request, 'demo_sales', 'Sales1234');
    const headers = { authorization: `Bearer ${staffSession.token}` };
    const before = (await (await request.get(`/api/admin/orders/${id}`, { headers })).json()) as {
      order: { currency: 'CNY' | 'USD'; money: { charged: { total: number } }; items: { id: number; actualPrice: number; actualQuantity: number }[] };
    };
    const line = before.order.items[0]!;
    const symbol = before.order.currency === 'CNY' ? '¥' : '$';
    const money = (v: number) => `${v < 0 ? '-' : ''}${symbol}${Math.abs(v).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const newPrice = Math.max(0.01, Math.round((line.actualPrice - 1) * 100) / 100);

    // Sales (in the buyer's language) edits the price in place; the warehouse would pack one piece fewer.
    const sales = await pageAs(browser, staffSession, lang);
    await sales.goto(`/admin/orders/${id}`);
    const price = sales.getByLabel(new RegExp(`^${w.staffPrice}`)).first();
    await price.fill(newPrice.toFixed(2));
    await price.press('Enter');
    await expect(sales.getByText(w.saved).first()).toBeVisible();
    const packed = sales.getByLabel(new RegExp(`^${w.staffPacked}`)).first();
    await packed.fill(String(line.actualQuantity - 1));
    await packed.press('Enter');
    await expect(packed).toHaveValue(String(line.actualQuantity - 1));
    await expect(sales.getByTestId('staff-money').locator('s').first()).toBeVisible();
    await shoot(sales, `order-changes-staff-${lang}-1440`);

    const after = (await (await request.get(`/api/admin/orders/${id}`, { headers })).json()) as {
      order: { money: { charged: { total: number }; ordered: { total: number }; toPay: number } };
    };
    expect(after.order.money.charged.total).toBeLessThan(before.order.money.charged.total);

    // The buyer: the actual figures first, the ordered ones struck through; the transfer asks for the new amount.
    const mine = await pageAs(browser, buyer, lang, 390);
    await mine.goto(`/order/${id}`);
    await expect(mine.getByTestId('order-changed-note')).toContainText(w.changed);
    await expect(mine.getByTestId('order-total')).toHaveText(money(after.order.money.charged.total));
    await expect(mine.getByTestId('order-money').locator('s', { hasText: money(after.order.money.ordered.total) })).toBeVisible();
    const first = mine.getByTestId('order-line').first();
    await expect(first.getByTestId('order-line-price')).toContainText(`${money(newPrice)} × ${line.actualQuantity - 1}`);
    await expect(first.getByTestId('order-line-price').locator('s')).toContainText(`${w.ordered}${money(line.actualPrice)} × ${line.actualQuantity}`);
    await expect(first.getByTestId('order-line-amount')).toHaveText(money(Math.round(newPrice * (line.actualQuantity - 1) * 100) / 100));
    await expect(mine.getByTestId('order-balance')).toHaveText(money(after.order.money.toPay));
    await expect(mine.getByTestId('bank-transfer')).toBeVisible();
    await expect(mine.getByText(money(after.order.money.toPay)).first()).toBeVisible();
    await shoot(mine, `order-changes-buyer-${lang}-390`);
  });
}
