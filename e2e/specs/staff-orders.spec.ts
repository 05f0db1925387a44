import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { waitForMail } from '../support/mailbox.js';
import { pageAs, shoot, US_ADDRESS } from '../support/staff.js';

// Orders taken for a buyer and edited before they leave (docs/orders.md, Orders taken for a buyer;
// Editing an order before it leaves): sales takes an order for a buyer who ordered by WeChat (the
// buyer's saved address, the server's quote, then place), adds a line and removes one on the order
// page; the buyer gets the mails and sees the order and its changes. In English and in Chinese.
// Screens go to .screenshots/.

const WORDS = {
  en: {
    newOrder: 'New order',
    findBuyer: 'Find a customer by name, account, e-mail or phone',
    findProduct: 'Find a product by name or id',
    express: 'Shipping method',
    payMethod: 'Payment method',
    showPrices: 'Show prices',
    place: 'Place order',
    addLine: 'Add line',
    remove: 'Remove',
    addProduct: (name: string) => `Add ${name}`,
    added: 'The shop added',
    removed: 'The shop removed',
    changed: (id: number) => `Your order ${id} was changed`,
    placedMail: (id: number) => `We received your order ${id}`,
  },
  zh: {
    newOrder: '代客下单',
    findBuyer: '按姓名、账号、邮箱或电话查找客户',
    findProduct: '按名称或编号查找商品',
    express: '配送方式',
    payMethod: '付款方式',
    showPrices: '查看价格',
    place: '提交订单',
    addLine: '添加商品行',
    remove: '删除',
    addProduct: (name: string) => `添加 ${name}`,
    added: '商家为您的订单添加了',
    removed: '商家从您的订单中删除了',
    changed: (id: number) => `订单 ${id} 已变更`,
    placedMail: (id: number) => `订单 ${id} 已收到`,
  },
} as const;

type Product = { id: number; name: string; moq: number; orderMultiple: number | null; stockStatus?: string; types: { code: string; stockStatus?: string }[] };

for (const lang of ['en', 'zh'] as const) {
  test(`sales takes an order for a buyer, adds a line and removes one; the buyer sees the order and its changes (${lang})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const buyer = await createBuyer(request, lang, 'stafforder');
    const buyerHeaders = { authorization: `Bearer ${buyer.token}`, 'x-lang-type': lang };
    // The buyer's saved address (from an earlier order by e-mail).
    const saved = await request.post('/api/address', { headers: buyerHeaders, data: { ...US_ADDRESS, deliveryUser: `WeChat Buyer ${lang}`, asDefault: true } });
    expect(saved.status(), await saved.text()).toBe(200);

    // Two products with plenty in stock and small minimums, named in the page's language.
    const { data } = (await (await request.get('/api/items', { params: { recPerPage: 60 }, headers: { 'x-lang-type': lang } })).json()) as { data: Product[] };
    const inStock = (s?: string) => (s ?? 'in_stock') === 'in_stock';
    const usable = data.filter(
      (p) => inStock(p.stockStatus) && p.moq <= 6 && (p.orderMultiple ?? 1) <= 6 && (p.types.length === 0 || inStock(p.types[0]!.stockStatus)),
    );
    expect(usable.length).toBeGreaterThanOrEqual(2);
    const [first, second] = lang === 'en' ? [usable[0]!, usable[1]!] : [usable[2] ?? usable[0]!, usable[3] ?? usable[1]!];

    const sales = await signIn(request, 'demo_sales', 'Sales1234');
    const page = await pageAs(browser, sales, lang, 1280);
    await page.goto('/admin/orders');
    await page.getByTestId('new-order').click();
    await expect(page).toHaveURL(/\/admin\/orders\/new$/);

    await page.getByLabel(w.findBuyer).fill(buyer.email);
    await page.getByRole('button', { name: new RegExp(buyer.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await expect(page.getByTestId('new-order-buyer')).toBeVisible();
    const savedAddress = page.getByTestId('saved-address');
    await savedAddress.selectOption({ index: 1 });

    await page.getByLabel(w.findProduct).fill(first.name);
    await page.getByRole('button', { name: w.addProduct(first.name), exact: true }).click();
    await expect(page.getByTestId('new-order-line')).toHaveCount(1);
    await page.getByLabel(w.express).selectOption('dhl');
    await page.getByLabel(w.payMethod, { exact: true }).selectOption('tt');
    await page.getByTestId('new-order-preview').click();
    await expect(page.getByTestId('new-order-quote')).toBeVisible();
    const total = (await page.getByTestId('new-order-total').textContent()) ?? '';
    expect(total).toMatch(/\d/);
    await shoot(page, `staff-orders-new-${lang}-1280`);
    await page.getByTestId('new-order-place').click();
    await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
    const id = Number(page.url().split('/').pop());

    // The buyer gets the usual order mail.
    await waitForMail(request, buyer.email, 0, { subject: w.placedMail(id) });

    // On the order page: add the second product, then remove the first line (asked first).
    const since = Date.now();
    const form = page.getByTestId('add-line');
    await form.getByLabel(w.findProduct).fill(second.name);
    await form.getByRole('button', { name: w.addProduct(second.name), exact: true }).click();
    await form.getByTestId('add-line-submit').click();
    await expect(page.getByTestId('remove-line')).toHaveCount(2);
    await page.getByTestId('remove-line').first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.remove }).click();
    await expect(page.getByTestId('remove-line')).toHaveCount(1);
    await expect(page.getByTestId('remove-line')).toBeDisabled();
    await shoot(page, `staff-orders-edited-${lang}-1280`);

    // The buyer: mails about each change, and the order with both changes in its history, on a phone.
    await waitForMail(request, buyer.email, since - 1, { subject: w.changed(id) });
    const mine = await pageAs(browser, buyer, lang, 390);
    await mine.goto(`/order/${id}`);
    await expect(mine.getByText(w.added)).toBeVisible();
    await expect(mine.getByText(w.removed)).toBeVisible();
    const detail = (await (await request.get(`/api/orders/${id}`, { headers: buyerHeaders })).json()) as {
      items: { itemId: number }[];
      history: { type: string }[];
    };
    expect(detail.items.map((l) => l.itemId)).toEqual([second.id]);
    expect(detail.history.map((h) => h.type)).toEqual(expect.arrayContaining(['created', 'lineAdded', 'lineRemoved']));
    await shoot(mine, `staff-orders-buyer-${lang}-390`);
    await mine.getByText(w.removed).scrollIntoViewIfNeeded();
    await shoot(mine, `staff-orders-buyer-history-${lang}-390`, { fullPage: false });

    // The staff screens on a phone.
    const narrow = await pageAs(browser, sales, lang, 390);
    await narrow.goto('/admin/orders/new');
    await expect(narrow.getByTestId('new-order-form')).toBeVisible();
    await shoot(narrow, `staff-orders-new-${lang}-390`);
    await narrow.goto(`/admin/orders/${id}`);
    await expect(narrow.getByTestId('add-line')).toBeVisible();
    await narrow.getByTestId('add-line').scrollIntoViewIfNeeded();
    await shoot(narrow, `staff-orders-lines-${lang}-390`, { fullPage: false });
  });
}
