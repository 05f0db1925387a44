import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, placeOrder, shoot } from '../support/staff.js';
import { waitForMail } from '../support/mailbox.js';

// The back office end to end (docs/orders.md, Back office): a buyer orders by bank transfer (T/T);
// the sales role finds the order in the queue and records the payment; the warehouse role packs
// it (one piece short), marks it outbound with a tracking number and a carrier; the buyer sees the
// payment, the packed quantity and the carrier's tracking link, and gets an e-mail at each step. Staff screens in zh and en at
// 1440 px and 390 px go to .screenshots/.

test('sales records the payment, the warehouse ships with tracking, the buyer sees both', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyer = await createBuyer(request, 'en', 'staff');
  // A T/T order of the two newest products (3 pieces each, or their minimum).
  // The receiver's name ends in letters of this run only, so part of it finds this order first.
  const unique = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const orderId = await placeOrder(request, buyer.token, { products: 2, minQuantity: 3, address: { deliveryUser: `Back Office Buyer ${unique}` } });

  // Sales (in Chinese) remembers part of the buyer's name: `/` puts it in the staff frame's search
  // box, the order is the first match, Enter opens it (docs/orders.md, Staff search).
  const sales = await pageAs(browser, await signIn(request, 'demo_sales', 'Sales1234'), 'zh');
  await sales.goto('/admin/orders');
  await expect(sales.getByRole('heading', { name: '订单', exact: true })).toBeVisible();
  await sales.keyboard.press('/');
  const find = sales.getByRole('combobox', { name: '搜索订单、客户和商品' });
  await expect(find).toBeFocused();
  await sales.keyboard.type(`OFFICE buyer ${unique.slice(0, 4)}`);
  const found = sales.getByRole('listbox', { name: '搜索订单、客户和商品' });
  await expect(found.getByRole('group', { name: '订单' }).getByRole('option').first()).toContainText(`${orderId} · Back Office Buyer ${unique}`);
  await shoot(sales, 'backoffice-search-zh-1440', { fullPage: false });
  await sales.keyboard.press('Enter');
  await expect(sales).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(sales.getByRole('heading', { name: `订单 ${orderId}` })).toBeVisible();

  // The queue finds the order by its id (its own search box); the order page records the payment.
  await sales.goto('/admin/orders');
  await sales.getByLabel('搜索订单', { exact: true }).click();
  await sales.keyboard.type(String(orderId));
  await sales.keyboard.press('Enter');
  await expect(sales).toHaveURL(new RegExp(`q=${orderId}`));
  const row = sales.getByRole('row').filter({ hasText: String(orderId) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('未付款')).toBeVisible();
  await shoot(sales, 'backoffice-queue-zh-1440');
  await row.getByRole('link', { name: String(orderId) }).click();
  await expect(sales.getByRole('heading', { name: `订单 ${orderId}` })).toBeVisible();
  // Outbound is refused while unpaid (the rule, said in Chinese).
  const payments = sales.getByRole('region', { name: '收款记录' });
  const beforePayment = Date.now() - 1;
  await payments.getByRole('button', { name: '记录' }).click();
  await expect(sales.getByText('已付款').first()).toBeVisible();
  await expect(sales.getByTestId('staff-balance')).toHaveText('¥0.00');
  await shoot(sales, 'backoffice-order-zh-1440');
  // The buyer is told by e-mail (real SMTP: the test mailbox), in the buyer's language.
  const mailSubject = async (since: number) => (await waitForMail(request, buyer.email, since)).subject;
  await expect.poll(() => mailSubject(beforePayment), { timeout: 15_000 }).toBe(`Payment received for order ${orderId}`);
  // An internal note stays with staff; a message goes to the buyer (Ctrl+Enter sends).
  const notes = sales.getByRole('region', { name: '备注与消息' });
  await notes.getByRole('textbox').fill('客户要求两箱分开包装');
  await notes.getByRole('button', { name: '添加备注' }).click();
  await expect(notes.getByTestId('order-notes')).toContainText('客户要求两箱分开包装');
  await notes.getByRole('radio', { name: '发给买家的消息' }).check();
  const beforeMessage = Date.now() - 1;
  await notes.getByRole('textbox').fill('We pack your order in two cartons as asked.');
  await notes.getByRole('textbox').press('Control+Enter');
  await expect(notes.getByTestId('order-notes').getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => mailSubject(beforeMessage), { timeout: 15_000 }).toBe(`A message about your order ${orderId}`);
  expect((await waitForMail(request, buyer.email, beforeMessage)).text).toContain('We pack your order in two cartons as asked.');

  // Warehouse (in English): packs one piece short of the first line, then ships with DHL.
  const warehouse = await pageAs(browser, await signIn(request, 'demo_warehouse', 'Warehouse1234'), 'en');
  await warehouse.goto(`/admin/orders/${orderId}`);
  await expect(warehouse.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  await expect(warehouse.getByRole('region', { name: 'Payments' }).getByRole('button', { name: 'Record' })).toHaveCount(0);
  const packed = warehouse.getByLabel(/^Packed: /).first();
  const ordered = Number(await packed.inputValue());
  await packed.fill(String(ordered - 1));
  await packed.press('Enter');
  await expect(warehouse.getByText('Saved').first()).toBeVisible();
  const shipping = warehouse.getByRole('region', { name: 'Status and shipping' });
  await shipping.getByLabel('Move to').selectOption('outbound');
  await shipping.getByLabel('Logistics').selectOption('inTransit');
  await shipping.getByLabel('Tracking number').fill('JD014600012345');
  await shipping.getByLabel('Carrier').selectOption('dhl');
  const beforeShipping = Date.now() - 1;
  await shipping.getByRole('button', { name: 'Apply' }).click();
  await expect(shipping.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', /dhl\.com.*JD014600012345/);
  // The shipment is also its one parcel (docs/orders.md, Split shipments), with the same link.
  await expect(warehouse.getByTestId('order-parcel').getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', /dhl\.com.*JD014600012345/);
  await expect(warehouse.getByRole('region', { name: 'History' })).toContainText('Status or shipping changed');
  await expect.poll(() => mailSubject(beforeShipping), { timeout: 15_000 }).toBe(`Your order ${orderId} has shipped`);
  const shippedMail = await waitForMail(request, buyer.email, beforeShipping);
  expect(shippedMail.text).toContain('DHL Express');
  expect(shippedMail.text).toContain('JD014600012345');
  await shoot(warehouse, 'backoffice-order-en-1440');
  await warehouse.setViewportSize({ width: 390, height: 844 });
  await shoot(warehouse, 'backoffice-order-en-390');
  // At phone width the search box and its list fit the screen.
  await warehouse.keyboard.press('/');
  await warehouse.keyboard.type(unique);
  const match = warehouse.getByRole('listbox', { name: 'Search orders, customers and products' }).getByRole('option').first();
  await expect(match).toContainText(`${orderId} · Back Office Buyer ${unique}`);
  const where = (await match.boundingBox())!;
  expect(where.x).toBeGreaterThanOrEqual(0);
  expect(where.x + where.width).toBeLessThanOrEqual(390);
  await shoot(warehouse, 'backoffice-search-en-390', { fullPage: false });

  // The buyer: paid for one piece more than was packed (so the shop owes it back), outbound, the packed quantity and the tracking link.
  const mine = await pageAs(browser, buyer, 'en', 1280);
  await mine.goto(`/order/${orderId}`);
  await expect(mine.getByTestId('order-payment-status')).toHaveText('Refund due');
  await expect(mine.getByTestId('order-money')).toContainText('We owe you');
  await expect(mine.getByText('Outbound').first()).toBeVisible();
  await expect(mine.getByTestId('order-line-price').first()).toContainText(`× ${ordered - 1}`);
  await expect(mine.getByTestId('order-parcel').getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', /JD014600012345/);
  // The staff message, never the internal note; and the documents of a shipped order.
  await expect(mine.getByTestId('order-messages')).toContainText('We pack your order in two cartons as asked.');
  await expect(mine.getByText('客户要求两箱分开包装')).toHaveCount(0);
  await expect(mine.getByTestId('order-documents').getByRole('button')).toContainText(['Proforma invoice', 'Commercial invoice', 'Packing list']);
});

test('roles see only their sections; a buyer is refused the staff app', async ({ browser, request }) => {
  const warehouse = await pageAs(browser, await signIn(request, 'demo_warehouse', 'Warehouse1234'), 'en', 390);
  await warehouse.goto('/admin');
  await expect(warehouse).toHaveURL(/\/admin\/orders$/);
  await expect(warehouse.getByRole('navigation', { name: 'Staff' }).getByRole('link')).toHaveText(['Orders', 'Customer service', 'Stock']);
  // The search box fits the phone's width, on a line of its own under the logo.
  const find = warehouse.getByRole('combobox', { name: 'Search orders, customers and products' });
  await expect(find).toBeVisible();
  expect((await find.boundingBox())!.width).toBeLessThanOrEqual(390);
  await shoot(warehouse, 'backoffice-queue-en-390');
  await warehouse.goto('/admin/activity');
  // Why, and the way back to its own work (the order queue).
  const denied = warehouse.getByRole('alert');
  await expect(denied).toContainText('Your role cannot open this page.');
  await expect(denied.getByRole('link', { name: 'Go to your start page' })).toHaveAttribute('href', '/admin/orders');

  const owner = await pageAs(browser, await signIn(request, 'demo_admin', 'Admin1234'), 'zh', 390);
  await owner.goto('/admin/activity');
  await expect(owner.getByRole('heading', { name: '员工操作记录' })).toBeVisible();
  await shoot(owner, 'backoffice-activity-zh-390');

  const buyer = await pageAs(browser, await createBuyer(request, 'zh', 'staffless'), 'zh');
  await buyer.goto('/admin/orders');
  await expect(buyer.getByRole('heading', { name: '无权访问' })).toBeVisible();
  await expect(buyer.getByText('此页面仅供商店员工使用。')).toBeVisible();
  await expect(buyer.getByRole('navigation', { name: '员工' }).getByRole('link')).toHaveCount(0);
});
