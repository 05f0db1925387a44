import { expect, readyPage, test } from '../support/test.js';
import { signIn } from '../support/accounts.js';
import { uniqueEmail, waitForMail } from '../support/mailbox.js';
import { pageAs, shoot, type Locale } from '../support/staff.js';

// Staff accounts (docs/accounts.md, Staff accounts), in Chinese and in English: the owner invites
// a warehouse member from the Staff accounts screen, the mailed link sets the password and signs
// them in on their own work (the order queue), then the owner disables them and their next page
// sends them to sign in, where the account is refused.

const TEXT = {
  en: {
    menu: 'Staff accounts',
    invite: 'Invite staff member',
    email: 'E-mail',
    name: 'Name',
    role: 'Role',
    warehouse: 'Warehouse',
    mailLanguage: 'Language of the mail',
    language: 'English',
    send: 'Send invitation',
    subject: 'You are invited to the Cubeshop back office',
    linkFor: 'as Warehouse',
    password: 'Password',
    confirm: 'Confirm password',
    setPassword: 'Set password and sign in',
    queue: 'Orders',
    disable: (name: string) => `Disable ${name}`,
    disableConfirm: 'Disable',
    disabled: 'Disabled',
    account: 'Account, e-mail or mobile',
    logIn: 'Log in',
    refused: 'This account has been disabled; please contact customer service',
  },
  zh: {
    menu: '员工账号',
    invite: '邀请员工',
    email: '邮箱',
    name: '姓名',
    role: '角色',
    warehouse: '仓库',
    mailLanguage: '邮件语言',
    language: '中文',
    send: '发送邀请',
    subject: '【Cubeshop】邀请您加入商城后台',
    linkFor: '以「仓库」身份',
    password: '密码',
    confirm: '确认密码',
    setPassword: '设置密码并登录',
    queue: '订单',
    disable: (name: string) => `停用 ${name}`,
    disableConfirm: '停用',
    disabled: '已停用',
    account: '账号、邮箱或手机号',
    logIn: '登录',
    refused: '该账号已被停用，如有疑问请联系客服',
  },
} as const;

for (const lang of ['en', 'zh'] as const satisfies readonly Locale[]) {
  test(`the owner invites a staff member who sets a password, starts work, and is refused once disabled (${lang})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const owner = await signIn(request, 'demo_admin', 'Admin1234');
    const page = await pageAs(browser, owner, lang);

    // The screen is in the owner's staff menu.
    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('link', { name: t.menu }).click();
    await expect(page.getByRole('heading', { name: t.menu })).toBeVisible();
    await expect(page.getByTestId('staff-row').first()).toBeVisible();

    // The invitation: e-mail, name, role and the mail's language.
    const email = uniqueEmail(`staff-${lang}`);
    const name = lang === 'zh' ? `仓库小王${Date.now() % 10_000}` : `Walt Warehouse ${Date.now() % 10_000}`;
    const since = Date.now();
    await page.getByRole('button', { name: t.invite }).click();
    const form = page.getByTestId('invite-form');
    await form.getByLabel(t.email).fill(email);
    await form.getByLabel(t.name).fill(name);
    await form.getByLabel(t.role).selectOption({ label: t.warehouse });
    await form.getByLabel(t.mailLanguage).selectOption({ label: t.language });
    await form.getByRole('button', { name: t.send }).click();
    const row = page.locator(`[data-testid="staff-row"][data-account="${email}"]`);
    await expect(row).toContainText(t.warehouse);
    await shoot(page, `staff-accounts-${lang}-1440`);

    // The mail, in the chosen language, carries the link that sets the password.
    const mail = await waitForMail(request, email, since - 1, { subject: t.subject });
    const link = /(https?:\/\/\S+\/set-password#[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    await context.addInitScript((l) => localStorage.setItem('locale', l), lang);
    const staff = readyPage(await context.newPage());
    await staff.goto(link!);
    await expect(staff.getByTestId('password-link-for')).toContainText(t.linkFor);
    await expect(staff.getByTestId('password-link-for')).toContainText(email);
    // The token leaves the address bar at once.
    await expect(staff).toHaveURL(/\/set-password$/);
    await staff.getByLabel(t.password, { exact: true }).and(staff.locator('input')).fill('Ware2468');
    await staff.getByLabel(t.confirm).fill('Ware2468');
    await staff.getByRole('button', { name: t.setPassword }).click();

    // Signed in, they land on their own work: the order queue (warehouse).
    await expect(staff).toHaveURL(/\/admin\/orders/);
    await expect(staff.getByRole('navigation').getByRole('link', { name: t.queue })).toBeVisible();
    await expect(staff.getByTestId('staff-who')).toContainText(name);
    expect((await request.post('/api/authn/signin', { data: { account: email, password: 'Ware2468' } })).status()).toBe(200);

    // The owner disables them, after a confirmation.
    await page.reload();
    await row.getByRole('button', { name: t.disable(name) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.disableConfirm, exact: true }).click();
    await expect(row).toContainText(t.disabled);

    // Their next page is refused: the session ended, sign-in says why.
    await staff.goto('/admin/orders');
    await expect(staff).toHaveURL(/\/login/);
    await staff.getByLabel(t.account).fill(email);
    await staff.getByLabel(t.password, { exact: true }).and(staff.locator('input')).fill('Ware2468');
    await staff.getByRole('button', { name: t.logIn, exact: true }).click();
    await expect(staff.getByText(t.refused)).toBeVisible();
    await context.close();
  });
}
