// NUL and other control characters: every place a buyer types text refuses
// them at the edge with 400 in the request's language, naming the field; nothing is stored and
// nothing reaches the database. The rule is one hook for every route (plugins/input.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../test/harness.js';
import { ADDRESS, createBuyer, createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../test/shop.js';

let t: ShopApp;
let c: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  const buyer = await createBuyer(t, 'typist');
  c = shopClient(t, buyer.token);
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.sticker, quantity: 2 } })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const BAD = ['x\u0000y', 'bell\u0007', 'esc\u001b[2J', 'del\u007f', 'half\ud800'];

/** Each place a buyer types text, with the field the answer must name. */
const places: { what: string; field: string; query?: true; send: (bad: string, lang: 'en' | 'zh') => ReturnType<ShopCall> }[] = [
  { what: 'search keyword', field: 'query.keyword', query: true, send: (bad, lang) => c('GET', '/api/items', { query: { keyword: bad }, lang }) },
  {
    what: 'search keyword in a category list',
    field: 'query.keyword',
    query: true,
    send: (bad, lang) => c('GET', '/api/items/newest', { query: { keyword: bad }, lang }),
  },
  { what: 'cart search', field: 'query.keyword', query: true, send: (bad, lang) => c('GET', '/api/cart/items', { query: { keyword: bad }, lang }) },
  { what: 'profile name', field: 'body.name', send: (bad, lang) => c('PUT', '/api/user', { body: { name: bad }, lang }) },
  { what: 'profile nickname', field: 'body.nickname', send: (bad, lang) => c('PUT', '/api/user', { body: { nickname: bad }, lang }) },
  { what: 'address recipient', field: 'body.deliveryUser', send: (bad, lang) => c('POST', '/api/address', { body: { ...ADDRESS, deliveryUser: bad }, lang }) },
  {
    what: 'address street',
    field: 'body.deliveryAddress',
    send: (bad, lang) => c('POST', '/api/address', { body: { ...ADDRESS, deliveryAddress: bad }, lang }),
  },
  { what: 'address city', field: 'body.deliveryCity', send: (bad, lang) => c('POST', '/api/address', { body: { ...ADDRESS, deliveryCity: bad }, lang }) },
  {
    what: 'order comment',
    field: 'body.comment',
    send: (bad, lang) => c('POST', '/api/orders', { body: orderPayload({ comment: bad }), headers: { 'idempotency-key': `k-${Math.random()}` }, lang }),
  },
  {
    what: 'order address',
    field: 'body.deliveryCompany',
    send: (bad, lang) => c('POST', '/api/orders', { body: orderPayload({ deliveryCompany: bad }), headers: { 'idempotency-key': `k-${Math.random()}` }, lang }),
  },
  {
    what: 'sign-in account',
    field: 'body.account',
    send: (bad, lang) => shopClient(t, undefined)('POST', '/api/authn/signin', { body: { account: bad, password: 'Secret12' }, lang }),
  },
  {
    what: 'sign-up name',
    field: 'body.name',
    send: (bad, lang) =>
      shopClient(t, undefined)('POST', '/api/authn/signup', { body: { email: 'a@example.com', otp: '123456', regionId: 'CN', name: bad }, lang }),
  },
  { what: 'a JSON key', field: 'body.a?b', send: (_bad, lang) => c('PUT', '/api/user', { body: { ['a\u0000b']: 1 }, lang }) },
];

describe(`control characters in text are refused at the edge (${TEST_DB_KIND})`, () => {
  it.each(places)('$what: 400 naming $field, in English and Chinese', async ({ field, send, query }) => {
    // A URL is UTF-8: an unpaired surrogate cannot travel in a query string (it decodes to U+FFFD).
    for (const bad of query ? BAD.filter((b) => !/[\ud800-\udfff]/.test(b)) : BAD) {
      const en = await send(bad, 'en');
      expect(en.status, JSON.stringify(bad)).toBe(400);
      expect(en.body).toEqual({
        code: 'BAD_REQUEST',
        desc: `${field} contains characters that are not allowed (such as control characters); remove them and try again`,
        details: { field, rule: 'v.text.control' },
      });
    }
    const zh = await send(BAD[0]!, 'zh');
    expect(zh.status).toBe(400);
    expect((zh.body as { desc?: string }).desc).toBe(`参数 ${field} 含有不允许的字符（如控制字符），请删除后重试`);
  });

  it('stores nothing: the profile, addresses and orders are as they were', async () => {
    const user = await c('GET', '/api/user');
    // JSON escapes every control character as \u00XX: none may appear in what was stored.
    expect(JSON.stringify(user.body)).not.toMatch(/\\u00[01][0-9a-f]|\\u007f/);
    expect((await c('GET', '/api/address')).body).toEqual([]);
    expect((await c('GET', '/api/orders')).body.data).toEqual([]);
  });

  it('tabs and line breaks in a comment are text, and go through', async () => {
    const res = await c('POST', '/api/orders', {
      body: orderPayload({ comment: 'Line 1\nLine 2\r\n\tpack well' }),
      headers: { 'idempotency-key': 'multi-line' },
    });
    expect(res.status).toBe(201);
  });

  it('refuses absurd nesting with 400 instead of walking it', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const res = await c('PUT', '/api/user', { body: { name: 'ok', extra: deep } });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ rule: 'v.depth' });
  });
});
