import { randomBytes } from 'node:crypto';
import type { TCurrency, TLocale } from '@cubeshop/shared';
import { seedShipping } from '../cli/seed/shipping.js';
import type { App } from '../app.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Fixtures of the cart, address, shipping and order tests (docs/orders.md): a fresh app with the
 * demo shipping tables, the exchange rate 7.1, a handful of products whose prices, weights and
 * limits the assertions rely on, and buyers with tokens.
 */
export const RATE = 7.1;

export interface ShopProducts {
  /** ¥129.00, types black / stickerless, 125 g, 343 cm³ (69 g volumetric). */
  cube: number;
  /** ¥10.00 −20 % = ¥8.00, moq 12, multiple 12, 100 g, 150 cm³ (30 g volumetric). */
  wholesale: number;
  /** ¥199.00, moq 2, multiple 2, no types, 300 g, 1000 cm³ (200 g volumetric). */
  timer: number;
  /** ¥3,000.00 big cube, 5 kg, 50,000 cm³ (10 kg volumetric). */
  big: number;
  /** ¥2.00 sticker sheet, 10 g, 20 cm³ (4 g volumetric). */
  sticker: number;
  /** ¥50.00, one type (std): chosen automatically; no weights known. */
  single: number;
}

export interface ShopApp extends TestApp {
  products: ShopProducts;
}

export async function createShopApp(env: Record<string, string> = {}): Promise<ShopApp> {
  const t = await createTestApp(env);
  return { ...t, products: await stockShop(t) };
}

/** The exchange rate, the demo shipping tables and the six products, in any app's database. */
export async function stockShop(t: Pick<App, 'services'>): Promise<ShopProducts> {
  await t.services.settings.setIfMissing('exchangeRate', { cnyPerUsd: RATE });
  await seedShipping(t.services);
  const catalog = t.services.catalog.writes;
  const supplierId = await catalog.createSupplier({ slug: 'orbit', nameZh: '轨道', nameEn: 'Orbit' });
  const categoryId = await catalog.createCategory({ slug: 'cubes', nameZh: '魔方', nameEn: 'Cubes' });
  const base = { supplierId, categoryId };
  const [cube, wholesale, timer, big, sticker, single] = await catalog.addItems([
    {
      ...base,
      nameZh: '轨道 三阶磁力魔方',
      nameEn: 'Orbit 3x3 Magnetic Cube',
      types: [
        { code: 'black', zh: '黑色', en: 'Black' },
        { code: 'stickerless', zh: '实色', en: 'Stickerless' },
      ],
      priceFen: 12_900,
      nwG: 85,
      gwG: 125,
      volumeCm3: 343,
    },
    {
      ...base,
      nameZh: '轨道 批发三阶',
      nameEn: 'Orbit Wholesale 3x3',
      priceFen: 1_000,
      discountPercent: 20,
      moq: 12,
      orderMultiple: 12,
      nwG: 80,
      gwG: 100,
      volumeCm3: 150,
    },
    { ...base, nameZh: '轨道 计时器', nameEn: 'Orbit Timer', priceFen: 19_900, moq: 2, orderMultiple: 2, nwG: 250, gwG: 300, volumeCm3: 1_000 },
    { ...base, nameZh: '轨道 十七阶', nameEn: 'Orbit 17x17', priceFen: 300_000, nwG: 4_500, gwG: 5_000, volumeCm3: 50_000 },
    { ...base, nameZh: '轨道 贴纸', nameEn: 'Orbit Stickers', priceFen: 200, nwG: 8, gwG: 10, volumeCm3: 20 },
    { ...base, nameZh: '轨道 单款', nameEn: 'Orbit Single', types: [{ code: 'std', zh: '标准', en: 'Standard' }], priceFen: 5_000 },
  ]);
  return { cube: cube!, wholesale: wholesale!, timer: timer!, big: big!, sticker: sticker!, single: single! };
}

/** A signed-in buyer. */
export async function createBuyer(t: Pick<TestApp, 'services'>, name = 'buyer'): Promise<{ id: number; token: string }> {
  const account = `${name}_${randomBytes(4).toString('hex')}`;
  const user = await t.services.account.createUser({ account, name });
  return { id: user.id, token: await t.services.authn.issueUserToken(user.id) };
}

/** Response bodies in tests: loosely typed JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ShopCallOptions {
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  lang?: TLocale;
  currency?: TCurrency;
}

export interface ShopResult<T> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** JSON calls as one buyer (en and CNY unless told). */
export function shopClient(t: Pick<TestApp, 'app'>, token: string | undefined, defaults: { lang?: TLocale; currency?: TCurrency } = {}) {
  return async function call<T = Json>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: ShopCallOptions = {},
  ): Promise<ShopResult<T>> {
    const headers: Record<string, string> = {
      'x-lang-type': options.lang ?? defaults.lang ?? 'en',
      'x-price-type': options.currency ?? defaults.currency ?? 'CNY',
      ...options.headers,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await t.app.inject({
      method,
      url,
      query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
  };
}
export type ShopCall = ReturnType<typeof shopClient>;

/** A valid delivery address (docs/requirements.md, Data, Address). */
export const ADDRESS = {
  deliveryRegionId: 'US',
  deliveryState: 'CA',
  deliveryCity: 'San Francisco',
  deliveryPostalCode: '94105',
  deliveryUser: 'Ada Lovelace',
  deliveryPhone: '+1 (415) 555-0100',
  deliveryCompany: 'Analytical Engines Ltd',
  deliveryTaxId: 'EIN-12-3456789',
  deliveryShippingMark: 'AE/SF',
  deliveryAddress: '1 Market Street',
  deliveryAddress2: 'Suite 300',
};

/** An order payload shipping to ADDRESS by DHL, paid by bank transfer. */
export function orderPayload(extra: Record<string, unknown> = {}) {
  return { expressMethod: 'dhl', payMethod: 'tt', ...ADDRESS, comment: 'Please pack well', ...extra };
}

/** The seeded generator of property tests (fast-check is not installed). */
export { seededRandom } from '../lib/random.js';
