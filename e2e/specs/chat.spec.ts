import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, readyPage, test } from '../support/test.js';

// The customer-service chat end to end: a buyer (Chinese) and an admin (English) in two browser
// contexts against the real server. Translations come from the stand-in LibreTranslate of
// e2e/support/translate.mjs, so the translate/original toggles switch between known texts.

const shots = path.resolve(import.meta.dirname, '../../.screenshots');
fs.mkdirSync(shots, { recursive: true });

// Both journeys use the same two demo accounts: one at a time.
test.describe.configure({ mode: 'serial' });

declare global {
  interface Window {
    __chatUrls: string[];
    __chatSockets: WebSocket[];
    __blockChat: boolean;
    /** Highest message seq this page's chat sockets received (messages and acks). */
    __chatSeq: number;
    /** Highest read cursor the server reported to this page (`read` events). */
    __chatRead: number;
  }
}

async function signedInPage(browser: Browser, request: APIRequestContext, account: string, password: string, locale: 'zh' | 'en'): Promise<Page> {
  const signin = await request.post('/api/authn/signin', { data: { account, password } });
  expect(signin.status(), await signin.text()).toBe(200);
  const { token } = (await signin.json()) as { token: string };
  const user = await (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).json();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: locale === 'zh' ? 'zh-CN' : 'en-US' });
  await context.addInitScript(
    ([t, u, l]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('token', t);
        localStorage.setItem('userInfo', u);
        localStorage.setItem('locale', l);
        sessionStorage.setItem('e2e-seeded', '1');
      }
      // Watch the chat sockets, and let the test cut the network to the chat: while __blockChat
      // is set, new sockets fail at once as a refused connection does (closed while connecting:
      // error, then close 1006). A closed port is not used: on some machines a connection to one
      // hangs instead of being refused.
      const Native = window.WebSocket;
      window.__chatUrls = [];
      window.__chatSockets = [];
      window.__blockChat = false;
      window.__chatSeq = 0;
      window.__chatRead = 0;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          const target = String(url);
          window.__chatUrls.push(target);
          super(target, protocols);
          window.__chatSockets.push(this);
          this.addEventListener('message', (event: MessageEvent) => {
            try {
              const value = JSON.parse(String(event.data)) as unknown;
              for (const frame of (Array.isArray(value) ? value : [value]) as { type?: string; seq?: unknown }[]) {
                if (typeof frame?.seq !== 'number') continue;
                if (frame.type === 'read') window.__chatRead = Math.max(window.__chatRead, frame.seq);
                else if (frame.type === undefined || frame.type === 'ack') window.__chatSeq = Math.max(window.__chatSeq, frame.seq);
              }
            } catch {
              /* not JSON */
            }
          });
          if (window.__blockChat) this.close();
        }
      };
    },
    [token, JSON.stringify(user), locale] as const,
  );
  return readyPage(await context.newPage());
}

/** Message bubbles of a log, by text. */
const bubble = (log: Locator, text: string | RegExp) => log.locator('li[data-message-id]').filter({ hasText: text });

/** A (re)connect is a WebSocket upgrade and the session's resume: slow on a loaded 2-core machine with other journeys beside it. */
const CONNECT_MS = 30_000;

async function ids(log: Locator): Promise<string[]> {
  return log.locator('li[data-message-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-message-id') ?? ''));
}

test('a buyer writes in Chinese, an admin answers in English; a dropped connection loses and doubles nothing', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await signedInPage(browser, request, 'demo_admin', 'Admin1234', 'en');
  const buyer = await signedInPage(browser, request, 'demo_buyer', 'Demo1234', 'zh');

  // The admin comes online in the console.
  await admin.goto('/admin/customer-service');
  await expect(admin.getByRole('heading', { name: 'Customer service console' })).toBeVisible();
  // A screen of the staff frame: its menu (the console marked) and search box stay above it.
  await expect(admin.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Customer service' })).toHaveAttribute('aria-current', 'page');
  await expect(admin.getByRole('combobox', { name: 'Search orders, customers and products' })).toBeVisible();
  await expect(admin.getByRole('switch')).toBeChecked();
  await expect(admin.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: CONNECT_MS });

  // The buyer opens the chat; the conversation begins with the server's greeting.
  await buyer.goto('/');
  await buyer.getByRole('button', { name: '联系在线客服' }).click();
  const widget = buyer.getByRole('region', { name: '在线客服' });
  await expect(widget.getByText('已连接')).toBeVisible({ timeout: CONNECT_MS });
  const buyerInput = widget.getByRole('textbox', { name: '输入消息…' });
  await expect(buyerInput).toBeEnabled();
  await expect(widget.getByText('正在等待客服接入…')).toBeVisible();
  const buyerLog = widget.getByRole('log');

  await buyerInput.fill('你好，我想买魔方');
  await buyerInput.press('Enter');
  await expect(bubble(buyerLog, '你好，我想买魔方')).toHaveAttribute('data-status', 'sent');

  // The admin sees the buyer waiting and accepts.
  const waiting = admin.getByRole('region', { name: 'Waiting' });
  await expect(waiting.getByText('Demo Buyer')).toBeVisible();
  await admin.getByRole('button', { name: 'Accept Demo Buyer' }).click();
  await expect(admin.getByRole('region', { name: 'Serving' }).getByText('Demo Buyer')).toBeVisible();
  const console_ = admin.getByRole('region', { name: 'Conversation' });
  const adminLog = console_.getByRole('log');
  await expect(console_.getByTestId('buyer-card')).toContainText('Chinese');

  // The buyer's Chinese arrives translated; the toggle shows the original.
  const fromBuyer = bubble(adminLog, 'Hello, I want to buy a magic cube');
  await expect(fromBuyer).toBeVisible();
  await fromBuyer.getByRole('button', { name: 'Show original' }).click();
  await expect(bubble(adminLog, '你好，我想买魔方')).toBeVisible();
  await bubble(adminLog, '你好，我想买魔方').getByRole('button', { name: 'Translate' }).click();
  await expect(fromBuyer).toBeVisible();
  // The buyer was told who serves them.
  await expect(widget.getByText('为您服务：Demo Admin')).toBeVisible();

  // The admin answers in English; the buyer reads it in Chinese and can see the original.
  const adminInput = console_.getByRole('textbox', { name: 'Type a reply' });
  await adminInput.fill('Sure, which brand do you like?');
  await adminInput.press('Enter');
  await expect(bubble(adminLog, 'Sure, which brand do you like?')).toHaveAttribute('data-status', 'sent');
  const reply = bubble(buyerLog, '好的，您喜欢哪个品牌？');
  await expect(reply).toBeVisible();
  await reply.getByRole('button', { name: '查看原文' }).click();
  await expect(bubble(buyerLog, 'Sure, which brand do you like?')).toBeVisible();

  // A picture is private to the conversation: the buyer shows the one it sent, the admin's browser
  // fetches it with its token and shows it (an <img> cannot send the header: a blob: URL);
  // nobody else gets it.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWM4ImdFFcQwatCR0TA6MpqO5EaziBz56QAA3ISqEG7P1T8AAAAASUVORK5CYII=',
    'base64',
  );
  await widget.getByTestId('chat-image-input').setInputFiles({ name: 'cube.png', mimeType: 'image/png', buffer: png });
  for (const [log, src] of [
    [buyerLog, /^data:image\/png;/],
    [adminLog, /^blob:/],
  ] as const) {
    const picture = log.locator('li[data-message-id] img').last();
    await expect(picture).toHaveAttribute('src', src, { timeout: 15_000 });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(
    buyerLog
      .locator('li[data-message-id]')
      .filter({ has: buyer.locator('img') })
      .last(),
  ).toHaveAttribute('data-status', 'sent');
  const address = await admin.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .find((p) => p.startsWith('/api/chat/images/')),
  );
  expect(address).toMatch(/^\/api\/chat\/images\/[0-9a-f-]{36}\/[0-9a-f]{64}\.webp$/);
  expect((await request.get(address!)).status()).toBe(404);

  // A slow translation never holds the message back: the buyer reads the original with
  // "translating" first, then the translation arrives on the same message.
  await adminInput.fill('Let me check the stock for you.');
  await adminInput.press('Enter');
  const slow = bubble(buyerLog, /Let me check the stock for you\.|我帮您查一下库存。/);
  await expect(slow).toContainText('Let me check the stock for you.');
  await expect(slow).toContainText('翻译中…');
  await expect(slow).toContainText('我帮您查一下库存。', { timeout: 10_000 });
  await expect(slow).not.toContainText('翻译中…');
  await expect(slow).toHaveCount(1);

  await buyer.screenshot({ path: path.join(shots, 'chat-widget-zh-1280.png') });
  await admin.screenshot({ path: path.join(shots, 'chat-admin-1280.png') });

  // --- the buyer's connection drops (closed under it, and no way back for a while)
  const urlsBefore = await buyer.evaluate(() => window.__chatUrls.length);
  await buyer.evaluate(() => {
    window.__blockChat = true;
    window.__chatSockets.at(-1)?.close(4000, 'e2e drop');
  });
  await expect(widget.getByRole('status').filter({ hasText: /重新连接中|已断开/ })).toBeVisible();

  // Meanwhile the admin writes, and the buyer writes while offline (pending).
  await adminInput.fill('Are you still there?');
  await adminInput.press('Enter');
  await expect(bubble(adminLog, 'Are you still there?')).toHaveAttribute('data-status', 'sent');
  await buyerInput.fill('我还在，请继续');
  await buyerInput.press('Enter');
  await expect(bubble(buyerLog, '我还在，请继续')).toHaveAttribute('data-status', 'pending');

  // The network comes back: the next retry (or the button) reconnects with the catch-up cursor.
  await buyer.evaluate(() => {
    window.__blockChat = false;
  });
  const reconnect = widget.getByRole('button', { name: '重新连接' });
  await expect(widget.getByText('已连接').or(reconnect)).toBeVisible({ timeout: 15_000 });
  if (await reconnect.isVisible()) await reconnect.click();
  await expect(widget.getByText('已连接')).toBeVisible({ timeout: 15_000 });
  const urls = await buyer.evaluate(() => window.__chatUrls);
  expect(urls.length).toBeGreaterThan(urlsBefore);
  expect(new URL(urls.at(-1)!).searchParams.get('since')).toMatch(/^[0-9a-f-]{36}:\d+$/);

  // Nothing lost: the missed reply arrived, the offline message went out; nothing doubled.
  await expect(bubble(buyerLog, '您还在吗？')).toHaveCount(1);
  await expect(bubble(buyerLog, '我还在，请继续')).toHaveAttribute('data-status', 'sent');
  await expect(bubble(adminLog, 'I am still here, please go on')).toHaveCount(1);
  for (const log of [buyerLog, adminLog]) {
    const list = await ids(log);
    expect(new Set(list).size, 'message ids are unique').toBe(list.length);
  }
  await expect(bubble(buyerLog, '你好，我想买魔方')).toHaveCount(1);
  // (switched to the original above)
  await expect(bubble(buyerLog, 'Sure, which brand do you like?')).toHaveCount(1);
  // Both sides hold the same conversation (the buyer's view has no local-only notices here).
  await expect.poll(async () => (await ids(buyerLog)).length).toBe((await ids(adminLog)).length);

  // The admin reloads the console. The open conversation was reported read up to its newest
  // message (the server's read cursor), so the reload raises no notice and no unread badge.
  const seen = await admin.evaluate(() => window.__chatSeq);
  await expect.poll(() => admin.evaluate(() => window.__chatRead)).toBe(seen);
  await admin.reload();
  await expect(admin.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: CONNECT_MS });
  await expect.poll(() => admin.evaluate(() => window.__chatSeq)).toBe(seen);
  expect(await admin.evaluate(() => window.__chatRead)).toBe(seen);
  const servingAfterReload = admin.getByRole('region', { name: 'Serving' });
  await expect(servingAfterReload.getByText('Demo Buyer')).toBeVisible();
  // Every frame up to `seen` is in (above): once the console has painted them, a wrongly
  // counted history would show as a badge or a count in the title.
  await admin.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await expect(servingAfterReload.getByLabel(/unread/)).toHaveCount(0);
  await expect(admin.getByRole('status').filter({ hasText: /new message/i })).toHaveCount(0);
  expect(await admin.title()).not.toMatch(/^\(\d+\)/);
  await servingAfterReload.getByRole('button', { name: /Demo Buyer/ }).click();
  await expect(bubble(adminLog, 'I am still here, please go on')).toHaveCount(1);

  // Phone sizes.
  await buyer.setViewportSize({ width: 390, height: 844 });
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(widget).toBeVisible();
  const box = await widget.boundingBox();
  expect(box?.width).toBe(390);
  await buyer.screenshot({ path: path.join(shots, 'chat-widget-zh-390.png') });
  await admin.screenshot({ path: path.join(shots, 'chat-admin-390.png') });
  await console_.getByRole('button', { name: 'Back to the lists' }).click();
  await expect(admin.getByRole('region', { name: 'Serving' })).toBeVisible();
  await admin.screenshot({ path: path.join(shots, 'chat-admin-lists-390.png') });

  // The same buyer in English after a reload: the history comes back, toggles in English.
  await buyer.evaluate(() => localStorage.setItem('locale', 'en'));
  await buyer.setViewportSize({ width: 1280, height: 800 });
  await buyer.reload();
  await buyer.getByRole('button', { name: 'Chat with customer service' }).click();
  const widgetEn = buyer.getByRole('region', { name: 'Customer service' });
  await expect(widgetEn.getByText('Connected')).toBeVisible({ timeout: CONNECT_MS });
  await expect(bubble(widgetEn.getByRole('log'), 'Sure, which brand do you like?')).toHaveCount(1);
  await buyer.screenshot({ path: path.join(shots, 'chat-widget-en-1280.png') });
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: path.join(shots, 'chat-widget-en-390.png') });

  // The admin ends the service; the buyer is told.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin
    .getByRole('region', { name: 'Serving' })
    .getByRole('button', { name: /Demo Buyer/ })
    .click();
  await console_.getByRole('button', { name: 'End service' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'End service' }).click();
  await expect(widgetEn.getByText('This conversation has ended.')).toBeVisible();
  // Ended: no input waiting for a connection, only the way to start again.
  await expect(widgetEn.getByRole('textbox')).toHaveCount(0);
  await expect(widgetEn.getByRole('button', { name: 'Start a new chat' })).toBeEnabled();

  await buyer.context().close();
  await admin.context().close();
});

test('the console in Chinese, in the staff frame, for any role with the chat: the sales role opens it from its menu', async ({ browser, request }) => {
  const sales = await signedInPage(browser, request, 'demo_sales', 'Sales1234', 'zh');
  await sales.goto('/admin');
  await expect(sales).toHaveURL(/\/admin\/dashboard$/);
  const menu = sales.getByRole('navigation', { name: '员工' });
  await menu.getByRole('link', { name: '客服' }).click();
  await expect(sales).toHaveURL(/\/admin\/customer-service$/);
  await expect(sales.getByRole('heading', { name: '客服工作台' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '客服' })).toHaveAttribute('aria-current', 'page');
  await expect(sales.getByRole('status').filter({ hasText: '已连接' })).toBeVisible({ timeout: CONNECT_MS });
  await expect(sales.getByRole('region', { name: '等待中' })).toBeVisible();
  await expect(sales.getByRole('region', { name: '服务中' })).toBeVisible();
  await expect(sales.getByRole('switch')).toBeChecked();
  // The console fills the frame below the top bar: the page itself does not scroll.
  expect(await sales.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
  await sales.screenshot({ path: path.join(shots, 'chat-console-staff-frame-zh-1280.png') });
  await sales.context().close();
});

test('the window drags by its header and stays 20 px inside the viewport', async ({ browser, request }) => {
  const buyer = await signedInPage(browser, request, 'demo_buyer', 'Demo1234', 'en');
  await buyer.goto('/');
  await buyer.getByRole('button', { name: 'Chat with customer service' }).click();
  const widget = buyer.getByRole('region', { name: 'Customer service' });
  await expect(widget.getByText('Connected')).toBeVisible({ timeout: CONNECT_MS });
  const box = (await widget.boundingBox())!;
  expect(box.width).toBe(400);
  expect(box.height).toBe(500);
  const handle = widget.getByLabel('Move the chat window (drag, or use the arrow keys)');
  const h = (await handle.boundingBox())!;
  await buyer.mouse.move(h.x + 20, h.y + 10);
  await buyer.mouse.down();
  await buyer.mouse.move(-500, -500, { steps: 5 });
  await buyer.mouse.up();
  await expect.poll(async () => (await widget.boundingBox())!.x).toBe(20);
  expect((await widget.boundingBox())!.y).toBe(20);
  // Keyboard: arrow keys move it too.
  await handle.focus();
  await buyer.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => (await widget.boundingBox())!.x).toBe(70);
  // Minimize returns to the button.
  await widget.getByRole('button', { name: 'Minimize chat' }).click();
  await expect(buyer.getByRole('button', { name: 'Chat with customer service' })).toBeVisible();
  await buyer.context().close();
});
