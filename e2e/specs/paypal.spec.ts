import type { APIRequestContext } from '@playwright/test';
import { expect, readyPage, test, whenReady } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, placeOrder, US_ADDRESS, type Locale } from '../support/staff.js';
import { waitForMail } from '../support/mailbox.js';

// PayPal online payment end to end (docs/orders.md, PayPal): the server runs with PayPal
// credentials against the PayPal stand-in (playwright.config.ts). A buyer who chose PayPal clicks
// "Pay with PayPal" on the order page, approves on the stand-in's PayPal page, comes back to the
// order page told the payment was received, sees the order paid and gets the mail.

test('a buyer pays a PayPal order on PayPal and comes back to a paid order', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const buyer = await createBuyer(request, 'en', 'paypal');
  // A PayPal order in USD of the newest product.
  const orderId = await placeOrder(request, buyer.token, { payMethod: 'paypal', currency: 'USD', address: { deliveryUser: 'PayPal Buyer' } });
  const since = Date.now();

  const page = await pageAs(browser, buyer, 'en', 390);
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('order-payment-status')).toHaveText('Unpaid');
  const card = page.getByTestId('paypal-pay');
  await expect(card).toContainText(/Pay the balance of \$[\d,.]+ on PayPal/);
  await card.getByRole('button', { name: 'Pay with PayPal' }).click();

  // PayPal's page (the stand-in): the amount asked, then "Pay now".
  await page.waitForURL(/\/checkoutnow\?token=/);
  await expect(page.getByRole('heading', { name: /^Pay [\d.]+ USD$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();

  // Back on the shop: captured, recorded, told so.
  await page.waitForURL(new RegExp(`/order/${orderId}\\?paypal=paid$`));
  await whenReady(page);
  await expect(page.getByTestId('paypal-outcome')).toContainText('your PayPal payment was received');
  await expect(page.getByTestId('order-payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('paypal-pay')).toHaveCount(0);

  // The "payment received" mail (the newest one once it is there: the order's own mail may come first).
  await expect.poll(async () => (await waitForMail(request, buyer.email, since)).subject, { timeout: 20_000 }).toBe(`Payment received for order ${orderId}`);
});

// Two tabs, one order (docs/orders.md, PayPal): both tabs' "Pay with PayPal" lead to the same
// PayPal payment, the buyer approves it in both, and the order is paid once: the first tab back is
// told the payment was received, the second that the order was already paid and PayPal did not
// charge again. Staff see one payment.
const twoTabs = {
  en: {
    pay: 'Pay with PayPal',
    received: 'your PayPal payment was received',
    already: 'This order was already paid, so PayPal did not charge you again.',
    paid: 'Paid',
    currency: 'USD',
  },
  zh: { pay: '使用 PayPal 付款', received: '我们已收到您的 PayPal 付款', already: '该订单已付款，PayPal 未再次扣款。', paid: '已付款', currency: 'CNY' },
} as const;

type Listed = { id: number; moq: number; orderMultiple: number | null; stockStatus?: string; types: { code: string; stockStatus?: string }[] | null };

/**
 * A PayPal order of a product sold by the piece, in a style in stock, placed through the API. (The
 * newest products sell by the carton and run short when every spec orders them at once.)
 */
async function placePayPalOrder(request: APIRequestContext, token: string, lang: Locale, currency: 'CNY' | 'USD'): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'x-lang-type': lang, 'x-price-type': currency };
  const { data } = (await (await request.get('/api/items', { params: { recPerPage: 40 }, headers })).json()) as { data: Listed[] };
  const inStock = (s: string | undefined) => (s ?? 'in_stock') === 'in_stock';
  const fit = data.filter(
    (p) => inStock(p.stockStatus) && p.moq <= 2 && (p.orderMultiple ?? 1) <= 2 && (!p.types?.length || p.types.some((t) => inStock(t.stockStatus))),
  );
  expect(fit.length).toBeGreaterThan(0);
  const product = fit[Math.floor(Math.random() * fit.length)]!;
  const type = product.types?.find((t) => inStock(t.stockStatus))?.code;
  const added = await request.post('/api/cart/items', { headers, data: { itemId: product.id, ...(type ? { type } : {}), quantity: 2 } });
  expect(added.status(), await added.text()).toBe(200);
  const placed = await request.post('/api/orders', {
    headers: { ...headers, 'idempotency-key': `e2e-paypal-${Date.now()}-${Math.random()}` },
    data: { expressMethod: 'dhl', payMethod: 'paypal', ...US_ADDRESS, deliveryUser: 'PayPal Twice' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { id: number }).id;
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a buyer who opens PayPal for one order in two tabs and approves both pays once`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const words = twoTabs[lang];
    const buyer = await createBuyer(request, lang, 'paypal2');
    const orderId = await placePayPalOrder(request, buyer.token, lang, words.currency);

    const tabA = await pageAs(browser, buyer, lang);
    const tabB = readyPage(await tabA.context().newPage());
    const toPayPal = async (tab: typeof tabA) => {
      await tab.goto(`/order/${orderId}`);
      await tab.getByTestId('paypal-pay').getByRole('button', { name: words.pay }).click();
      await tab.waitForURL(/\/checkoutnow\?token=/);
      return new URL(tab.url()).searchParams.get('token');
    };
    // Both tabs open PayPal before either pays: the same PayPal payment, not a second one.
    const tokenA = await toPayPal(tabA);
    const tokenB = await toPayPal(tabB);
    expect(tokenB).toBe(tokenA);

    // The first tab pays: captured and recorded.
    await tabA.getByRole('link', { name: 'Pay now' }).click();
    await tabA.waitForURL(new RegExp(`/order/${orderId}\\?paypal=paid$`));
    await whenReady(tabA);
    await expect(tabA.getByTestId('paypal-outcome')).toContainText(words.received);
    await expect(tabA.getByTestId('order-payment-status')).toHaveText(words.paid);

    // The second tab pays too: nothing more is charged, and the buyer is told so.
    await tabB.getByRole('link', { name: 'Pay now' }).click();
    await tabB.waitForURL(new RegExp(`/order/${orderId}\\?paypal=alreadyPaid$`));
    await whenReady(tabB);
    await expect(tabB.getByTestId('paypal-outcome')).toHaveText(words.already);
    await expect(tabB.getByTestId('order-payment-status')).toHaveText(words.paid);
    await expect(tabB.getByTestId('paypal-pay')).toHaveCount(0);

    // Staff see one PayPal payment of the order's total, and nothing owed either way.
    const sales = await signIn(request, 'demo_sales', 'Sales1234');
    const staff = await request.get(`/api/admin/orders/${orderId}`, { headers: { authorization: `Bearer ${sales.token}`, 'x-lang-type': lang } });
    expect(staff.status()).toBe(200);
    const detail = (await staff.json()) as {
      paymentStatus: string;
      balance: number;
      payments: { method: string; amount: number }[];
      order: { totalAmount: number };
    };
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ method: 'paypal', amount: detail.order.totalAmount });
    expect(detail.paymentStatus).toBe('paid');
    expect(detail.balance).toBe(0);
    await tabA.context().close();
  });
}
