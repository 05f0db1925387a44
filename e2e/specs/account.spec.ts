import type { APIRequestContext, Page } from '@playwright/test';
import { expect, recordToasts, test } from '../support/test.js';
import { uniqueEmail, waitForCode } from '../support/mailbox.js';

// Buyer accounts end to end: the real server sends its codes by SMTP to the test mailbox
// (e2e/support/mailbox.mjs), and the tests read them back from there.

test.use({ locale: 'en-US' });

/**
 * An account made through the API (code from the mailbox), for journeys that start signed out.
 * Its calls come from their own address (the server trusts X-Forwarded-For), so set-up does not
 * use up the per-IP code budget the browser's requests share.
 */
async function createAccount(request: APIRequestContext, email: string, options: { name?: string; password?: string } = {}) {
  const headers = { 'x-lang-type': 'en', 'x-forwarded-for': `10.${rand()}.${rand()}.${rand()}` };
  const since = Date.now();
  const code = await request.get('/api/authn/signup/code', { params: { email }, headers });
  expect(code.status(), await code.text()).toBe(200);
  const otp = await waitForCode(request, email, since - 1);
  const signup = await request.post('/api/authn/signup', {
    headers,
    data: { email, otp, name: options.name ?? 'E2E Buyer', regionId: 'DE', password: options.password },
  });
  expect(signup.status(), await signup.text()).toBe(200);
}

const rand = () => Math.floor(Math.random() * 254) + 1;

async function logInWithPassword(page: Page, account: string, password: string) {
  await page.getByLabel('Account, e-mail or mobile').fill(account);
  await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const userMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name: `Account: ${name}` });

test('register by e-mail, log out, log in again with the password', async ({ page, request }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  const otp = await waitForCode(request, email, since - 1);
  await page.getByLabel('Verification code').fill(otp);
  await page.getByLabel('Name', { exact: true }).fill('Erin Example');
  await page.getByLabel('Country or region').selectOption('DE');
  await page.getByRole('button', { name: /Account name and password/ }).click();
  await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill('Cube2468');
  await page.getByLabel('Confirm password').fill('Cube2468');

  // Without the agreement nothing is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please read and agree to the User Agreement first').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // The agreement reads in full and closes with Escape.
  await page.getByRole('button', { name: 'User Agreement' }).click();
  const agreement = page.getByRole('dialog', { name: 'Cubeshop User Agreement' });
  await expect(agreement).toContainText('within 7 days of delivery');
  await page.keyboard.press('Escape');
  await expect(agreement).toBeHidden();

  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  // The home page opens at its top, with a welcome that names the buyer.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome to Cubeshop, Erin Example! Your account is ready.')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(userMenu(page, 'Erin Example')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').email)).toBe(email);

  // Log out from the user menu.
  await userMenu(page, 'Erin Example').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();

  // Log in with the e-mail and the password chosen at sign-up.
  await logInWithPassword(page, email, 'Cube2468');
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenu(page, 'Erin Example')).toBeVisible();
});

test('a visitor sent from /cart to log in comes back to /cart', async ({ page, request }) => {
  const email = uniqueEmail('cart');
  await createAccount(request, email, { name: 'Cart Buyer', password: 'Cube1357' });
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
  await expect(page.getByText('Please log in to continue.')).toBeVisible();
  // A wrong password says why, and stays.
  await logInWithPassword(page, email, 'Wrong1357');
  await expect(page.getByRole('alert')).toContainText('Account or password is incorrect');
  await logInWithPassword(page, email, 'Cube1357');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(userMenu(page, 'Cart Buyer')).toBeVisible();
});

test('a session the server no longer accepts ends on the login page, not in endless loading', async ({ page, request }) => {
  const email = uniqueEmail('revoked');
  await createAccount(request, email, { name: 'Revoked Buyer', password: 'Cube1357' });
  const headers = { 'x-lang-type': 'en', 'x-forwarded-for': `10.${rand()}.${rand()}.${rand()}` };
  const signin = await request.post('/api/authn/signin', { headers, data: { account: email, password: 'Cube1357' } });
  const { token } = (await signin.json()) as { token: string };
  const user = await (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).json();
  // Signed out elsewhere: the token the browser still holds is revoked.
  expect((await request.post('/api/authn/signout', { headers: { ...headers, authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.addInitScript(
    ([t, u]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', t);
      localStorage.setItem('userInfo', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  // A fresh anonymous token replaces the revoked one.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBe(token);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await logInWithPassword(page, email, 'Cube1357');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: /Your cart is empty/ })).toBeVisible();
});

test('a visitor asks for customer service, logs in, and the chat opens on the page they were on', async ({ page, request }) => {
  const email = uniqueEmail('service');
  await createAccount(request, email, { name: 'Service Buyer', password: 'Cube1357' });
  await page.goto('/about-us');
  // No chat button for visitors (docs/requirements.md, Screens, Frame), but a way to reach service that says why.
  await expect(page.getByTestId('chat-button')).toHaveCount(0);
  // The footer's code loads after the page (it marks itself data-ready): a click before that is lost.
  await page.locator('footer[data-ready]').getByRole('button', { name: 'Customer service' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Chat with customer service' });
  await expect(dialog).toContainText('the chat opens right on this page');
  await dialog.getByRole('button', { name: 'Log in to chat' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fabout-us%3Fchat%3D1$/);
  await logInWithPassword(page, email, 'Cube1357');
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('region', { name: 'Customer service' })).toBeVisible();
});

test('an off-site redirect after login is ignored', async ({ page, request }) => {
  const email = uniqueEmail('redirect');
  await createAccount(request, email, { password: 'Cube1357' });
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fphish');
  await logInWithPassword(page, email, 'Cube1357');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('subscribe to the newsletter from the footer, then unsubscribe on the profile', async ({ page, request }) => {
  const email = uniqueEmail('news-owner');
  const newsletter = uniqueEmail('newsletter');
  await createAccount(request, email, { name: 'News Reader', password: 'Cube1357' });
  await page.goto('/login');
  await logInWithPassword(page, email, 'Cube1357');
  await expect(userMenu(page, 'News Reader')).toBeVisible();

  const footer = page.locator('footer[data-ready]');
  // Both fields are needed.
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await footer.getByLabel('E-mail').fill(newsletter);
  const since = Date.now();
  const toasts = await recordToasts(page);
  await footer.getByRole('button', { name: 'Get code' }).click();
  await expect.poll(toasts).toContain('Verification code sent, please check your inbox');
  await expect(footer.getByRole('button', { name: /^\d+ s$/ })).toBeDisabled();
  // The wait survives a reload (stored send time).
  await page.reload();
  await expect(footer.getByRole('button', { name: /^\d+ s$/ })).toBeDisabled();
  const otp = await waitForCode(request, newsletter, since - 1);
  await footer.getByLabel('E-mail').fill(newsletter);
  await footer.getByLabel('Verification code').fill(otp);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText(`You are subscribed with ${newsletter}.`)).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);

  await page.goto('/profile');
  await expect(page.getByText(`Subscribed (${newsletter})`)).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(/You are not subscribed/)).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('log in with a one-time code sent by e-mail', async ({ page, request }) => {
  const email = uniqueEmail('code-login');
  await createAccount(request, email, { name: 'Code Buyer' });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'E-mail code' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Get code' }).click();
  const otp = await waitForCode(request, email, since - 1);
  await page.getByLabel('Verification code').fill(otp);
  await page.getByLabel('Verification code').press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenu(page, 'Code Buyer')).toBeVisible();
});

test('reset a forgotten password, then log in with the new one', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await createAccount(request, email, { name: 'Reset Buyer', password: 'Old13579' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // The page has the shop's header and footer (the footer has an e-mail input too).
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'E-mail' }).click();
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const since = Date.now();
  await main.getByRole('button', { name: 'Get code' }).click();
  const otp = await waitForCode(request, email, since - 1);
  await main.getByLabel('Verification code').fill(otp);
  await main.getByLabel('New password', { exact: true }).fill('New24680');
  await main.getByLabel('Confirm new password').fill('New24680');
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. You are logged in.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenu(page, 'Reset Buyer')).toBeVisible();

  // The old password is gone, the new one works.
  const old = await request.post('/api/authn/signin', { data: { account: email, password: 'Old13579' } });
  expect(old.status()).toBe(400);
  const fresh = await request.post('/api/authn/signin', { data: { account: email, password: 'New24680' } });
  expect(fresh.status()).toBe(200);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('register checks on blur and the agreement reads in Chinese', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
    // A Chinese page opens on mobile sign-up; the newsletter box is for e-mail only.
    await expect(page.getByRole('tab', { name: '手机号' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('checkbox', { name: /新品上架/ })).toHaveCount(0);
    await page.getByRole('textbox', { name: '手机号（中国大陆）' }).fill('12345');
    await page.getByRole('textbox', { name: '手机号（中国大陆）' }).blur();
    await expect(page.getByText('请输入有效的中国大陆手机号（11 位，以 1 开头）')).toBeVisible();
    // Keyboard: the arrow key moves to the e-mail tab.
    await page.getByRole('tab', { name: '手机号' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: '邮箱' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('checkbox', { name: /新品上架/ })).toBeVisible();
    await page.getByRole('button', { name: '《用户协议》' }).click();
    const agreement = page.getByRole('dialog', { name: 'Cubeshop 用户协议' });
    await expect(agreement).toContainText('7 天内');
    await page.keyboard.press('Escape');
    await expect(agreement).toBeHidden();
  });
});
