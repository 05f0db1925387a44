import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, placeOrder, shoot } from '../support/staff.js';
import { waitForMail } from '../support/mailbox.js';

// After-sales end to end (docs/orders.md, After-sales; issue 14 "Done when"): a buyer whose order
// was delivered asks for a return with a photo from the order page; sales (in Chinese) approves it
// in the requests section and records the refund the screen offers; the buyer is e-mailed and sees
// the request approved, the staff's note and the payment status refunded. Screens go to .screenshots/.

/** An 8x8 PNG (the photo the buyer picks). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4Y2yMFTEMLQkACspMgcuiywsAAAAASUVORK5CYII=', 'base64');

/** A T/T order of the newest product, placed through the API; then paid, shipped and delivered by sales through the API. */
async function deliveredOrder(request: APIRequestContext, buyerToken: string, salesToken: string): Promise<number> {
  const orderId = await placeOrder(request, buyerToken, { address: { deliveryUser: 'After Sales Buyer' } });
  const staff = { authorization: `Bearer ${salesToken}`, 'x-lang-type': 'en' };
  const detail = (await (await request.get(`/api/admin/orders/${orderId}`, { headers: staff })).json()) as { due: number; order: { currency: 'CNY' | 'USD' } };
  const paid = await request.post(`/api/admin/orders/${orderId}/payments`, { headers: staff, data: { kind: 'payment', amount: detail.due, currency: detail.order.currency, method: 'bankTransfer', reference: 'TT-E2E' } });
  expect(paid.status(), await paid.text()).toBe(201);
  for (const body of [{ status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'SF1234567890', carrier: 'sf' }, { status: 'delivery', logisticsStatus: 'outForDelivery' }, { logisticsStatus: 'delivered' }]) {
    const moved = await request.post(`/api/admin/orders/${orderId}/transitions`, { headers: staff, data: body });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return orderId;
}

test('a buyer returns a delivered order with a photo; sales approves and refunds; the buyer sees it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyer = await createBuyer(request, 'en', 'aftersales');
  const salesSession = await signIn(request, 'demo_sales', 'Sales1234');
  const orderId = await deliveredOrder(request, buyer.token, salesSession.token);

  // The buyer (phone width): the order page offers a return until 7 days after delivery.
  const mine = await pageAs(browser, buyer, 'en', 390);
  await mine.goto(`/order/${orderId}`);
  const block = mine.getByTestId('order-requests');
  await expect(block.getByText(/Returns can be requested until/)).toBeVisible();
  await expect(block.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
  await block.getByRole('button', { name: 'Request a return' }).click();
  const dialog = mine.getByRole('dialog', { name: 'Request a return' });
  await dialog.getByLabel('Reason').fill('Two cubes arrived with cracked corners.');
  await dialog.getByTestId('request-photo-input').setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await shoot(mine, 'aftersales-request-en-390');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(block.getByTestId('order-request-status')).toHaveText('Waiting for our answer');
  // The photo is served to its buyer (through the authenticated route, shown from a blob).
  await expect(block.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', /^blob:/);
  await expect(block.getByRole('button', { name: 'Request a return' })).toHaveCount(0);

  // Sales (in Chinese): the requests section lists it; approve with a note, then record the refund offered.
  const sales = await pageAs(browser, salesSession, 'zh');
  await sales.goto('/admin/requests');
  await expect(sales.getByRole('heading', { name: '售后申请' })).toBeVisible();
  const item = sales.getByTestId('staff-request').filter({ hasText: `订单 ${orderId}` });
  await expect(item).toContainText('Two cubes arrived with cracked corners.');
  await expect(item.getByRole('img', { name: '第 1 张照片' })).toHaveAttribute('src', /^blob:/);
  await shoot(sales, 'aftersales-queue-zh-1440');
  await item.getByLabel('给买家的说明（拒绝时必填）').fill('Please send them back; we refund in full.');
  const beforeDecision = Date.now() - 1;
  await item.getByRole('button', { name: '同意退货' }).click();
  // Approved: it leaves the open tab; the buyer is e-mailed (in English, the buyer's language).
  await expect(item).toHaveCount(0);
  const decisionMail = await waitForMail(request, buyer.email, beforeDecision);
  expect(decisionMail.subject).toBe(`Your return request for order ${orderId} was approved`);
  expect(decisionMail.text).toContain('Note from our staff: Please send them back; we refund in full.');
  // The order page shows the request with the refund form, prefilled with what was paid.
  await sales.goto(`/admin/orders/${orderId}`);
  const onOrder = sales.getByTestId('staff-request');
  await expect(onOrder.getByTestId('staff-request-status')).toHaveText('已通过');
  const refund = onOrder.getByRole('form', { name: '退款' });
  await expect(refund.getByLabel(/退款金额/)).not.toHaveValue('');
  await shoot(sales, 'aftersales-order-zh-1440');
  await refund.getByRole('button', { name: '登记退款' }).click();
  await expect(sales.getByText('退款已登记')).toBeVisible();
  await expect(onOrder.getByRole('form', { name: '退款' })).toHaveCount(0);
  await sales.setViewportSize({ width: 390, height: 844 });
  await shoot(sales, 'aftersales-order-zh-390');

  // The buyer sees the decision, the note and the refund.
  await mine.reload();
  await expect(block.getByTestId('order-request-status')).toHaveText('Approved');
  await expect(block.getByTestId('order-request-note')).toHaveText('Please send them back; we refund in full.');
  await expect(mine.getByTestId('order-payment-status')).toHaveText(/^(Refunded|Partially refunded)$/);
  // Nothing is asked to be paid any more.
  await expect(mine.getByTestId('bank-transfer')).toHaveCount(0);
  await shoot(mine, 'aftersales-approved-en-390');
});
