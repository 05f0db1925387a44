import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, shoot, US_ADDRESS, type Locale } from '../support/staff.js';
import { waitForMail } from '../support/mailbox.js';

// Quotes end to end (docs/orders.md, Quotes): a buyer asks for a quote from the cart with a
// message; sales lowers a unit price, sets freight and a validity date and sends it; the buyer is
// mailed, sees the quote and accepts it with the saved address, DHL and bank transfer; the order
// exists at the quoted price and total, and sales records its payment. Once in Chinese, once in
// English. Screens go to .screenshots/.

const TEXT = {
  en: {
    ask: 'Ask for a quote',
    send: 'Send request',
    preparing: 'Being prepared',
    ready: 'Ready to accept',
    save: 'Save',
    sendQuote: 'Send to buyer',
    sent: 'Quote sent to the buyer',
    subject: (id: number) => `Your quote QT-${id} is ready`,
    accepted: 'Accepted',
  },
  zh: {
    ask: '询价',
    send: '提交询价',
    preparing: '报价中',
    ready: '待接受',
    save: '保存',
    sendQuote: '发送给买家',
    sent: '报价已发送给买家',
    subject: (id: number) => `您的报价单 QT-${id} 已准备好`,
    accepted: '已接受',
  },
} as const;

type Product = { id: number; moq: number; orderMultiple: number | null; types: { code: string; stockStatus?: string }[] | null; stockStatus?: string };

/** 12 (or the product's minimum) of the newest product with plenty in stock into the buyer's cart, and a default US address. */
async function cartAndAddress(request: APIRequestContext, token: string, lang: Locale): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'x-lang-type': lang, 'x-price-type': lang === 'zh' ? 'CNY' : 'USD' };
  const { data } = (await (await request.get('/api/items', { params: { recPerPage: 40 }, headers })).json()) as { data: Product[] };
  const inStock = (state: string | undefined) => (state ?? 'in_stock') === 'in_stock';
  const p = data.find(
    (x) => inStock(x.stockStatus) && (x.orderMultiple ?? 1) <= 12 && x.moq <= 12 && (!x.types?.length || x.types.some((t) => inStock(t.stockStatus))),
  )!;
  const type = p.types?.find((t) => inStock(t.stockStatus))?.code;
  const step = p.orderMultiple ?? 1;
  const quantity = Math.ceil(Math.max(p.moq, 12) / step) * step;
  const added = await request.post('/api/cart/items', { headers, data: { itemId: p.id, ...(type ? { type } : {}), quantity } });
  expect(added.status(), await added.text()).toBe(200);
  const address = await request.post('/api/address', { headers, data: { ...US_ADDRESS, deliveryUser: 'Quote Buyer', asDefault: true } });
  expect(address.status(), await address.text()).toBeLessThan(300);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const lang of ['zh', 'en'] as const) {
  test(`a quote: asked from the cart, priced and sent by sales, accepted into an order at the quoted price (${lang})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const t = TEXT[lang];
    const buyer = await createBuyer(request, lang, 'quotes');
    await cartAndAddress(request, buyer.token, lang);
    const sales = await signIn(request, 'demo_sales', 'Sales1234');

    // The buyer asks from the cart (phone width).
    const mine = await pageAs(browser, buyer, lang, 390);
    await mine.goto('/cart');
    await mine.getByTestId('ask-quote').click();
    const dialog = mine.getByRole('dialog', { name: t.ask });
    await dialog.getByRole('textbox').fill('We need 12 for a club event; can you do a better price?');
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(mine).toHaveURL(/\/quotes\/\d+$/);
    const quoteId = Number(/\/quotes\/(\d+)$/.exec(mine.url())![1]);
    await expect(mine.getByTestId('quote-status')).toHaveText(t.preparing);
    await shoot(mine, `quote-requested-${lang}-390`);

    // Sales opens it from the queue, lowers the first price, sets freight and validity, saves and sends.
    const staff = await pageAs(browser, sales, lang, 1280);
    await staff.goto('/admin/quotes');
    await staff
      .getByTestId('quote-queue')
      .getByRole('link', { name: new RegExp(`QT-${quoteId}$`) })
      .click();
    await expect(staff).toHaveURL(new RegExp(`/admin/quotes/${quoteId}$`));
    const editor = staff.getByTestId('quote-editor');
    const price = editor.locator('input[name="lines.0.unitPrice"]');
    const catalogPrice = Number(await price.inputValue());
    const quoted = Math.max(0.01, Math.round(catalogPrice * 80) / 100);
    await price.fill(String(quoted));
    await editor.locator('input[name="freight"]').fill('20');
    await editor.locator('input[name="validUntil"]').fill(inDays(7));
    await editor.getByRole('button', { name: t.save, exact: true }).click();
    await expect(staff.getByTestId('quote-status')).toHaveText(t.preparing);
    const since = Date.now();
    await editor.getByRole('button', { name: t.sendQuote }).click();
    await expect(staff.getByTestId('quote-status')).toHaveText(t.ready);
    await shoot(staff, `quote-editor-${lang}-1280`);
    const mail = await waitForMail(request, buyer.email, since - 1, { subject: t.subject(quoteId) });
    expect(mail.text).toContain(`/quotes/${quoteId}`);

    // The buyer sees the quote and accepts it with the saved address, DHL and bank transfer.
    const headers = { authorization: `Bearer ${buyer.token}`, 'x-lang-type': lang };
    const quote = (await (await request.get(`/api/quotes/${quoteId}`, { headers })).json()) as {
      totalAmount: number;
      lines: { quantity: number; unitPrice: number }[];
    };
    expect(quote.lines[0]!.unitPrice).toBe(quoted);
    await mine.reload();
    await expect(mine.getByTestId('quote-status')).toHaveText(t.ready);
    const form = mine.getByTestId('accept-form');
    await form.locator('#quote-method').selectOption('dhl');
    await form.locator('#quote-payment').selectOption('tt');
    await shoot(mine, `quote-accept-${lang}-390`);
    await mine.getByTestId('accept-quote').click();
    await expect(mine).toHaveURL(/\/order\/\d+$/);
    const orderId = Number(/\/order\/(\d+)$/.exec(mine.url())![1]);

    // The order is at the quoted price and total; sales records the payment and it is paid.
    const order = (await (await request.get(`/api/orders/${orderId}`, { headers })).json()) as {
      currency: 'CNY' | 'USD';
      items: { discountPrice: number }[];
      money: { charged: { total: number; freight: number } };
    };
    expect(order.items[0]!.discountPrice).toBe(quoted);
    expect(order.money.charged.freight).toBe(20);
    expect(order.money.charged.total).toBe(quote.totalAmount);
    const staffHeaders = { authorization: `Bearer ${sales.token}`, 'x-lang-type': 'en' };
    const paid = await request.post(`/api/admin/orders/${orderId}/payments`, {
      headers: staffHeaders,
      data: { kind: 'payment', amount: quote.totalAmount, currency: order.currency, method: 'bankTransfer', reference: 'TT-QUOTE' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const after = (await (await request.get(`/api/orders/${orderId}`, { headers })).json()) as { paymentStatus: string };
    expect(after.paymentStatus).toBe('paid');

    // Both sides show it accepted, with its order.
    await mine.goto(`/quotes/${quoteId}`);
    await expect(mine.getByTestId('quote-status')).toHaveText(t.accepted);
    await expect(mine.getByTestId('quote-order')).toContainText(String(orderId));
    await staff.reload();
    await expect(staff.getByTestId('quote-status')).toHaveText(t.accepted);
    await shoot(staff, `quote-accepted-staff-${lang}-1280`);

    // The other widths: the buyer's list at phone width, the quote at desktop width, the staff queue at phone width.
    await mine.goto('/quotes');
    await expect(mine.getByTestId('quote-list').getByRole('link', { name: new RegExp(`QT-${quoteId}$`) })).toBeVisible();
    await shoot(mine, `quote-list-${lang}-390`);
    await mine.setViewportSize({ width: 1280, height: 900 });
    await mine.goto(`/quotes/${quoteId}`);
    await expect(mine.getByTestId('quote-status')).toHaveText(t.accepted);
    await shoot(mine, `quote-accepted-${lang}-1280`);
    await staff.setViewportSize({ width: 390, height: 900 });
    await staff.goto('/admin/quotes?status=accepted');
    await expect(staff.getByTestId('quote-queue').getByRole('link', { name: new RegExp(`QT-${quoteId}$`) })).toBeVisible();
    await shoot(staff, `quote-queue-${lang}-390`);
  });
}
