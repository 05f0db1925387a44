import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProduct, TProductDetail, TProductList } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { createBuyer, createShopApp, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

/**
 * Favourites through the HTTP API (docs/catalog.md): add, list, the flag on catalog lists and
 * details, remove, for one buyer at a time, on the shop fixtures of test/shop.ts.
 */
let t: ShopApp;
let alice: ShopCall;
let bob: ShopCall;
let anonymous: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  alice = shopClient(t, (await createBuyer(t, 'alice')).token);
  bob = shopClient(t, (await createBuyer(t, 'bob')).token);
  anonymous = shopClient(t, undefined);
});
afterAll(async () => {
  await t?.close();
});

const favouriteIds = async (call: ShopCall, query: Record<string, string | number> = {}) =>
  (await call<TProductList>('GET', '/api/favorites', { query })).body.data.map((p) => p.id);
const flagged = (list: TProductList) => list.data.filter((p: TProduct) => p.favorite).map((p) => p.id);

describe(`favourites (${TEST_DB_KIND})`, () => {
  it('adds a favourite and lists it, most recent first, with the flag set', async () => {
    const { cube, timer, sticker } = t.products;
    for (const itemId of [cube, timer, sticker]) {
      const res = await alice('POST', '/api/favorites', { body: { itemId } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ itemId, favorite: true });
    }
    const list = await alice<TProductList>('GET', '/api/favorites');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body.pager).toEqual({ page: 1, recPerPage: 120, recTotal: 3 });
    expect(list.body.data.map((p) => p.id)).toEqual([sticker, timer, cube]);
    expect(list.body.data.every((p) => p.favorite)).toBe(true);
    // pages of the list, in the buyer's language and currency
    expect(await favouriteIds(alice, { page: 2, recPerPage: 2 })).toEqual([cube]);
    const usd = await alice<TProductList>('GET', '/api/favorites', { currency: 'USD', lang: 'zh' });
    expect(usd.body.data.find((p) => p.id === cube)).toMatchObject({ currency: 'USD', price: 18.17, name: '轨道 三阶磁力魔方' });
  });

  it('flags favourites on catalog lists and details, only for their owner', async () => {
    const { cube, timer, sticker, wholesale } = t.products;
    const mine = (await alice<TProductList>('GET', '/api/items')).body;
    expect(flagged(mine).sort()).toEqual([cube, timer, sticker].sort());
    const keyword = (await alice<TProductList>('GET', '/api/items', { query: { keyword: 'timer' } })).body;
    expect(flagged(keyword)).toEqual([timer]);
    expect((await alice<TProductDetail>('GET', `/api/items/${cube}`)).body.favorite).toBe(true);
    expect((await alice<TProductDetail>('GET', `/api/items/${wholesale}`)).body.favorite).toBe(false);
    // the shared cached page is never changed by one buyer's flags
    expect(flagged((await bob<TProductList>('GET', '/api/items')).body)).toEqual([]);
    expect(flagged((await anonymous<TProductList>('GET', '/api/items')).body)).toEqual([]);
    expect((await anonymous<TProductDetail>('GET', `/api/items/${cube}`)).body.favorite).toBe(false);
    expect(await favouriteIds(bob)).toEqual([]);
  });

  it('is idempotent: adding twice keeps one favourite, removing twice is fine', async () => {
    const { big } = t.products;
    for (let i = 0; i < 2; i++) expect((await bob('POST', '/api/favorites', { body: { itemId: big } })).body).toEqual({ itemId: big, favorite: true });
    expect(await favouriteIds(bob)).toEqual([big]);
    expect((await bob<TProductList>('GET', '/api/favorites')).body.pager.recTotal).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await bob('DELETE', `/api/favorites/${big}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ itemId: big, favorite: false });
    }
    expect(await favouriteIds(bob)).toEqual([]);
    // removing one that was never there
    expect((await bob('DELETE', `/api/favorites/${t.products.single}`)).status).toBe(200);
  });

  it('removes a favourite: gone from the list and from the flags', async () => {
    const { timer, cube, sticker } = t.products;
    expect((await alice('DELETE', `/api/favorites/${timer}`)).body).toEqual({ itemId: timer, favorite: false });
    expect(await favouriteIds(alice)).toEqual([sticker, cube]);
    expect((await alice<TProductDetail>('GET', `/api/items/${timer}`)).body.favorite).toBe(false);
    expect(flagged((await alice<TProductList>('GET', '/api/items')).body).sort()).toEqual([cube, sticker].sort());
  });

  it('refuses anonymous callers (no token, or an anonymous token)', async () => {
    const anonToken = (await anonymous<{ token: string }>('GET', '/api/authn/anonymous/token')).body.token;
    for (const caller of [anonymous, shopClient(t, anonToken)]) {
      for (const [method, url, body] of [
        ['GET', '/api/favorites', undefined],
        ['POST', '/api/favorites', { itemId: t.products.cube }],
        ['DELETE', `/api/favorites/${t.products.cube}`, undefined],
      ] as const) {
        const res = await caller(method, url, { body });
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.body).toEqual({ code: 'UNAUTHORIZED', desc: 'Please log in first' });
      }
    }
    // alice's favourites are untouched
    expect(await favouriteIds(alice)).toEqual([t.products.sticker, t.products.cube]);
  });

  it('answers 404 for an unknown product, in the request language, and 400 for a bad id', async () => {
    const en = await alice('POST', '/api/favorites', { body: { itemId: 999_999_999 } });
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: 'NOT_FOUND', desc: 'The product does not exist or is no longer available' });
    const zh = await alice('POST', '/api/favorites', { body: { itemId: 999_999_999 }, lang: 'zh' });
    expect(zh.body).toEqual({ code: 'NOT_FOUND', desc: '商品不存在或已下架' });
    expect((await alice('POST', '/api/favorites', { body: { itemId: 0 } })).status).toBe(400);
    expect((await alice('DELETE', '/api/favorites/abc')).status).toBe(400);
    expect(await favouriteIds(alice)).toEqual([t.products.sticker, t.products.cube]);
  });
});
