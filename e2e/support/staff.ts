import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, readyPage } from './test.js';

// What the back-office specs share: a signed-in page (staff or buyer), screenshots into
// .screenshots/, and an order placed through the API.

const SHOTS = path.resolve(import.meta.dirname, '../../.screenshots');

export type Session = { token: string; user: unknown };
export type Locale = 'zh' | 'en';

/**
 * A page in a fresh browser context signed in as `session` (token, userInfo and locale in
 * localStorage, seeded once per tab so that a sign-out in the test sticks). `options` add to the
 * context's options (e.g. `{ acceptDownloads: true }`).
 */
export async function pageAs(browser: Browser, session: Session, locale: Locale, width = 1440, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: locale === 'zh' ? 'zh-CN' : 'en-US', ...options });
  await context.addInitScript(
    ([t, u, l]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      localStorage.setItem('token', t);
      localStorage.setItem('userInfo', u);
      localStorage.setItem('locale', l);
      sessionStorage.setItem('e2e-seeded', '1');
    },
    [session.token, JSON.stringify(session.user), locale] as const,
  );
  return readyPage(await context.newPage());
}

/** A screenshot of the page (the whole page unless `fullPage: false`) saved as .screenshots/<name>.png. */
export async function shoot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

export type DeliveryAddress = {
  deliveryRegionId: string;
  deliveryState: string;
  deliveryCity: string;
  deliveryPostalCode: string;
  deliveryUser: string;
  deliveryPhone: string;
  deliveryAddress: string;
};

/** The US address the specs ship to unless they say otherwise. */
export const US_ADDRESS: DeliveryAddress = {
  deliveryRegionId: 'US',
  deliveryState: 'CA',
  deliveryCity: 'San Francisco',
  deliveryPostalCode: '94105',
  deliveryUser: 'E2E Buyer',
  deliveryPhone: '+1 415 555 0100',
  deliveryAddress: '1 Market Street',
};

export type OrderOptions = {
  /** 'tt' (bank transfer, the default), 'paypal', … */
  payMethod?: string;
  /** The price currency (x-price-type); CNY by default. */
  currency?: 'CNY' | 'USD';
  /** The buyer's language (x-lang-type); en by default. */
  lang?: Locale;
  /** How many of the newest products go in the cart; 1 by default. */
  products?: 1 | 2;
  /** The least quantity of each (raised to the product's minimum and order multiple); 2 by default. */
  minQuantity?: number;
  /** 'dhl' by default. */
  expressMethod?: string;
  /** Fields over the US address (US_ADDRESS), or a whole other address. */
  address?: Partial<DeliveryAddress>;
};

type Product = { id: number; moq: number; orderMultiple: number | null; types: { code: string; stockStatus?: string }[] | null; stockStatus?: string };

/** An order of the newest product(s), put in the buyer's cart and placed through the API; returns the order id. */
export async function placeOrder(request: APIRequestContext, token: string, options: OrderOptions = {}): Promise<number> {
  const { payMethod = 'tt', currency = 'CNY', lang = 'en', products = 1, minQuantity = 2, expressMethod = 'dhl', address = {} } = options;
  const headers = { authorization: `Bearer ${token}`, 'x-lang-type': lang, 'x-price-type': currency };
  const { data: newest } = (await (await request.get('/api/items', { params: { recPerPage: 40 }, headers })).json()) as { data: Product[] };
  // Products with plenty in stock (docs/catalog.md, Stock): the demo has low, sold-out and pre-order ones too,
  // and styles of their own stock; small order multiples, so specs running side by side do not empty a style.
  const inStock = (state: string | undefined) => (state ?? 'in_stock') === 'in_stock';
  const data = newest.filter(
    (p) => inStock(p.stockStatus) && (p.orderMultiple ?? 1) <= 12 && p.moq <= 12 && (!p.types?.length || p.types.some((t) => inStock(t.stockStatus))),
  );
  expect(data.length).toBeGreaterThanOrEqual(products);
  for (const p of data.slice(0, products)) {
    const quantity = Math.max(p.moq, minQuantity, p.orderMultiple ?? 1);
    const type = p.types?.find((t) => inStock(t.stockStatus))?.code;
    const added = await request.post('/api/cart/items', {
      headers,
      data: { itemId: p.id, ...(type ? { type } : {}), quantity: p.orderMultiple ? Math.ceil(quantity / p.orderMultiple) * p.orderMultiple : quantity },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  const placed = await request.post('/api/orders', {
    headers: { ...headers, 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
    data: { expressMethod, payMethod, ...US_ADDRESS, ...address },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { id: number }).id;
}
