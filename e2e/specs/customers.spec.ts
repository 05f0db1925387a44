import { expect, readyPage, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, shoot } from '../support/staff.js';

// Customers in the back office (docs/orders.md, Customers): the owner finds the demo buyer by
// e-mail, opens the buyer's page and adds a note; then disables a fresh buyer, who is signed out
// at once and cannot sign in (zh and en message) until the account is enabled again. Screens at
// 1440 px and 390 px go to .screenshots/.

test('the owner finds a buyer by e-mail, notes something, and disables a buyer who then cannot sign in', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await signIn(request, 'demo_admin', 'Admin1234');
  const page = await pageAs(browser, owner, 'en');

  // The section is in the staff frame; search by the demo buyer's e-mail (kept in the URL).
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await page.getByRole('searchbox').fill('buyer@cubeshop.local');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/[?&]q=buyer%40cubeshop\.local/);
  const row = page.getByRole('row', { name: /demo_buyer/ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await shoot(page, 'customers-list-en-1440');
  await row.getByRole('link', { name: 'demo_buyer' }).click();

  // The buyer's page: copy-ready contact, a note added with the keyboard.
  await expect(page.getByRole('heading', { name: 'Demo Buyer' })).toBeVisible();
  await expect(page.getByTestId('customer-contact')).toContainText('buyer@cubeshop.local');
  const note = `Prefers DHL, call before delivery ${Date.now()}`;
  await page.getByPlaceholder('Only staff see these notes.').fill(note);
  await page.getByPlaceholder('Only staff see these notes.').press('Control+Enter');
  await expect(page.getByTestId('customer-notes')).toContainText(note);
  await page.reload();
  await expect(page.getByTestId('customer-notes')).toContainText(note);
  await shoot(page, 'customer-page-en-1440');

  // A fresh buyer is disabled with a reason, after a confirmation.
  const fresh = await createBuyer(request, 'en', 'disabled');
  const freshId = (fresh.user as { id: number }).id;
  await page.goto(`/admin/customers/${freshId}`);
  await page.getByRole('button', { name: 'Disable account…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'Disable' })).toBeDisabled();
  await dialog.getByRole('textbox').fill('Chargeback, suspected fraud');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('customer-disabled')).toBeVisible();
  await expect(page.getByText('Chargeback, suspected fraud')).toBeVisible();

  // The buyer's session ended at once, and sign-in says why, in either language.
  expect((await request.get('/api/user', { headers: { authorization: `Bearer ${fresh.token}` } })).status()).toBe(401);
  for (const [lang, text] of [
    ['en', 'This account has been disabled; please contact customer service'],
    ['zh', '该账号已被停用，如有疑问请联系客服'],
  ] as const) {
    const res = await request.post('/api/authn/signin', { headers: { 'x-lang-type': lang }, data: { account: fresh.email, password: 'Cube2468' } });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { desc: string }).desc).toBe(text);
  }
  // Through the sign-in form too.
  const visitor = readyPage(await (await browser.newContext({ locale: 'en-US' })).newPage());
  await visitor.goto('/login');
  await visitor.locator('input[name="account"], input[autocomplete="username"]').first().fill(fresh.email);
  await visitor.locator('input[type="password"]').first().fill('Cube2468');
  await visitor.locator('input[type="password"]').first().press('Enter');
  await expect(visitor.getByText('This account has been disabled; please contact customer service')).toBeVisible();

  // Enabled again: the buyer signs in.
  await page.getByRole('button', { name: 'Enable account…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('customer-disabled')).toHaveCount(0);
  expect((await request.post('/api/authn/signin', { data: { account: fresh.email, password: 'Cube2468' } })).status()).toBe(200);

  // The list in Chinese at phone width.
  const phone = await pageAs(browser, owner, 'zh', 390);
  await phone.goto('/admin/customers');
  await expect(phone.getByRole('heading', { name: '客户' })).toBeVisible();
  await shoot(phone, 'customers-list-zh-390');
  await phone.goto(`/admin/customers/${freshId}`);
  await expect(phone.getByText('联系方式')).toBeVisible();
  await shoot(phone, 'customer-page-zh-390');
});
