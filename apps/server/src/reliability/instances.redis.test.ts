import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStaffItemInput, type TSsrRequest, type TSsrResult } from '@cubeshop/shared';
import { makeUser, redisAvailable, startCluster, type ChatCluster, type ChatInstance } from '../test/chat-harness.js';
import { TEST_DB_KIND } from '../test/harness.js';
import { stockShop, type ShopProducts } from '../test/shop.js';

// Two instances on one database and one Redis (docs/architecture.md, Across instances): a change in the back
// office on A shows on B's storefront within 2 s: its API answers (lists, details, carousel, shop
// settings) and its cached server-rendered pages. Collected only when TEST_REDIS_URL is set.
if (!(await redisAvailable())) throw new Error(`TEST_REDIS_URL=${process.env.TEST_REDIS_URL} does not answer`);

// A stand-in for the web build's server renderer (as plugins/web.test.ts does): each page shows
// what the storefront's API says (a search list, a product, the footer's phone) and counts renders.
const TEMPLATE =
  '<!doctype html><html><head><!--ssr-head--><title>x</title><!--/ssr-head--></head><body><div id="root"><!--ssr-body--></div><!--ssr-data--></body></html>';
const BUNDLE = `export function createSsrRenderer() {
  return { render: (request) => globalThis.__cubeshopInstancesSsr(request) };
}
`;
let renders = 0;
(globalThis as { __cubeshopInstancesSsr?: (r: TSsrRequest) => Promise<TSsrResult> }).__cubeshopInstancesSsr = async (request) => {
  renders++;
  const api = async (apiPath: string) => JSON.parse((await request.fetchApi(apiPath)).body) as unknown;
  const url = new URL(request.url, 'http://x');
  const shop = (await api('/api/shop/settings')) as { contact: { phone: string } };
  let main = '';
  if (url.pathname === '/search') {
    const list = (await api(`/api/items?keyword=${encodeURIComponent(url.searchParams.get('keyword') ?? '')}`)) as { data: { name: string }[] };
    main = list.data.map((p) => p.name).join(', ') || 'nothing';
  } else if (url.pathname.startsWith('/product/')) {
    const p = (await api(`/api/items/${url.pathname.split('/')[2]}`)) as { name: string; price: number };
    main = `${p.name} ${p.price.toFixed(2)}`;
  }
  return { kind: 'page', status: 200, html: TEMPLATE.replace('<!--ssr-body-->', `<main>${main}</main><footer>${shop.contact.phone}</footer>`) };
};

let root: string;
let cluster: ChatCluster;
let a: ChatInstance;
let b: ChatInstance;
let products: ShopProducts;
let owner: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-instances-'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}\n');
  fs.writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), BUNDLE);
  cluster = await startCluster({ count: 2, redis: true, env: { WEB_DIST: path.join(root, 'dist') } });
  [a, b] = cluster.instances as [ChatInstance, ChatInstance];
  products = await stockShop(a);
  owner = (await makeUser(a, { agent: true })).token;
});
afterAll(async () => {
  await cluster?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const get = async (t: ChatInstance, url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-lang-type': 'en', 'x-price-type': 'USD', ...headers } });
  return { status: res.statusCode, text: res.body, json: () => res.json() };
};
const ownerPut = (t: ChatInstance, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${owner}` }, payload });

/** Polls until `check` passes; answers how long it took (ms); fails after 2 s. */
async function within2s(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 2_000) throw new Error('not seen on the other instance within 2 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

describe(`a back-office change reaches every instance within 2 s (${TEST_DB_KIND}, Redis)`, () => {
  it('a new product shows in B’s search list and B’s cached search page', async () => {
    const word = `Quasar${Date.now() % 100_000}`;
    const list = async () => (await get(b, `/api/items?keyword=${word}`)).json().data.length as number;
    const page = async () => (await get(b, `/search?keyword=${word}&lang=en`, { cookie: 'userCurrency=USD' })).text;
    expect(await list()).toBe(0); // cached on B
    expect(await page()).toContain('<main>nothing</main>');
    const before = renders;
    await page();
    expect(renders).toBe(before); // B serves its cached page
    const [category] = (await get(a, '/api/categories')).json().data ?? (await get(a, '/api/categories')).json();
    const [supplier] = (await get(a, '/api/suppliers')).json().data ?? (await get(a, '/api/suppliers')).json();
    await a.services.catalog.writes.addItems([
      { nameZh: `${word} 魔方`, nameEn: `${word} Cube`, priceFen: 7_100, supplierId: supplier.id, categoryId: category.id },
    ]);
    await within2s(async () => (await list()) === 1);
    await within2s(async () => (await page()).includes(`${word} Cube`));
  });

  it('a product edited in the back office on A shows changed in B’s detail, list and cached product page', async () => {
    const name = async () => (await get(b, `/api/items/${products.single}`)).json().name as string;
    const listed = async () =>
      ((await get(b, '/api/items?keyword=Orbit')).json().data as { id: number; name: string }[]).find((p) => p.id === products.single)?.name;
    const page = async () => (await get(b, `/product/${products.single}?lang=en`, { cookie: 'userCurrency=USD' })).text;
    expect(await name()).toBe('Orbit Single'); // cached on B
    expect(await listed()).toBe('Orbit Single');
    expect(await page()).toContain('Orbit Single');
    const auth = { authorization: `Bearer ${owner}` };
    const stored = (await a.app.inject({ method: 'GET', url: `/api/admin/items/${products.single}`, headers: auth })).json();
    const input = ZStaffItemInput.parse({ ...stored, nameEn: 'Orbit Single Mk II' });
    const put = await a.app.inject({ method: 'PUT', url: `/api/admin/items/${products.single}`, headers: auth, payload: input });
    expect(put.statusCode, put.body).toBe(200);
    await within2s(async () => (await name()) === 'Orbit Single Mk II');
    await within2s(async () => (await listed()) === 'Orbit Single Mk II');
    await within2s(async () => (await page()).includes('Orbit Single Mk II'));
  });

  it('a new exchange rate shows in B’s prices and B’s cached product page', async () => {
    const price = async () => (await get(b, `/api/items/${products.cube}`)).json().price as number;
    const page = async () => (await get(b, `/product/${products.cube}?lang=en`, { cookie: 'userCurrency=USD' })).text;
    expect(await price()).toBe(18.17); // ¥129.00 at 7.1
    expect(await page()).toContain('18.17');
    const res = await ownerPut(a, '/api/admin/settings', { exchangeRate: { cnyPerUsd: 6.45 } });
    expect(res.statusCode).toBe(200);
    await within2s(async () => (await price()) === 20);
    await within2s(async () => (await page()).includes('Cube 20.00'));
  });

  it('a picked carousel and a new footer phone show on B (API and cached pages)', async () => {
    const carousel = async () => (await get(b, '/api/shop/carousel')).json().data.map((p: { id: number }) => p.id) as number[];
    const phone = async () => (await get(b, '/api/shop/settings')).json().contact.phone as string;
    const page = async () => (await get(b, `/product/${products.cube}?lang=en`, { cookie: 'userCurrency=USD' })).text;
    expect(await carousel()).not.toEqual([products.timer]);
    await page();
    const current = (await get(a, '/api/shop/settings')).json().contact;
    const res = await ownerPut(a, '/api/admin/settings', {
      carousel: { mode: 'picked', productIds: [products.timer] },
      contact: { ...current, phone: '+86 20 5555 0000' },
    });
    expect(res.statusCode).toBe(200);
    await within2s(async () => JSON.stringify(await carousel()) === JSON.stringify([products.timer]));
    await within2s(async () => (await phone()) === '+86 20 5555 0000');
    await within2s(async () => (await page()).includes('<footer>+86 20 5555 0000</footer>'));
  });

  it('a changed shipping rate prices B’s next quote', async () => {
    const buyer = await makeUser(b);
    const auth = { authorization: `Bearer ${buyer.token}` };
    await b.app.inject({ method: 'POST', url: '/api/cart/items', headers: auth, payload: { itemId: products.cube, type: 'black', quantity: 1 } });
    const base = async () =>
      (await get(b, '/api/cart/info/express-fee?deliveryRegionId=US&expressMethod=dhl', { ...auth, 'x-price-type': 'CNY' })).json().base as number;
    const old = await base();
    const rate = {
      methodId: 'dhl',
      zoneCode: 'NORTH_AMERICA',
      firstWeightG: 500,
      firstPriceFen: 12_300,
      stepWeightG: 500,
      stepPriceFen: 100,
      minChargeFen: 0,
      maxWeightG: 30_000,
      transitMinDays: 2,
      transitMaxDays: 5,
    };
    expect((await ownerPut(a, '/api/admin/shipping/rates', rate)).statusCode).toBe(200);
    expect(old).not.toBe(123);
    await within2s(async () => (await base()) === 123);
  });
});
