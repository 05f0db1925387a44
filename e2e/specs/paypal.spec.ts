import { expect, test, whenReady } from '../support/test.js';
import { createBuyer } from '../support/accounts.js';
import { pageAs, placeOrder } from '../support/staff.js';
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
