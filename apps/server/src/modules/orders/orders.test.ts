// Over 400 lines on purpose: one app and one seeded catalog serve every order scenario below
// (placing, replays, reading back, reorder, random carts); splitting would start several apps.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TCartItemList,
  type TExpressFee,
  type TOrderDetail,
  type TOrderItemList,
  type TOrderLine,
  type TOrderList,
  type TReorderResult,
} from '@cubeshop/shared';
import { createBuyer, createShopApp, orderPayload, RATE, seededRandom, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { usdRoundingBound } from '../shipping/shipping.quote.js';

// Placing orders and reading them back (docs/requirements.md, Data, States and API; docs/orders.md).
let t: ShopApp;
let p: ShopApp['products'];

beforeAll(async () => {
  t = await createShopApp();
  p = t.products;
});
afterAll(async () => {
  await t.close();
});

const buyer = async () => shopClient(t, (await createBuyer(t, 'order')).token);
const place = (
  c: ShopCall,
  body: Record<string, unknown> = orderPayload(),
  key: string | null = randomUUID(),
  currency: 'CNY' | 'USD' = 'CNY',
  lang: 'en' | 'zh' = 'en',
) => c('POST', '/api/orders', { body, headers: key === null ? {} : { 'idempotency-key': key }, currency, lang });
async function fill(c: ShopCall, lines: { itemId: number; type?: string; quantity: number }[]) {
  for (const body of lines) expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
}
const exec = (query: ReturnType<typeof sql>) => t.services.database.db.execute(query);

describe('POST /api/orders', () => {
  it('prices the order on the server from the cart, ignoring prices and totals in the body, and empties the cart', async () => {
    const c = await buyer();
    await fill(c, [
      { itemId: p.cube, type: 'black', quantity: 2 },
      { itemId: p.wholesale, quantity: 12 },
    ]);
    const quote = await c<TExpressFee>('GET', '/api/cart/info/express-fee', { query: { deliveryRegionId: 'US', expressMethod: 'dhl', payMethod: 'tt' } });
    const tampered = orderPayload({
      totalPrice: 0.01,
      totalAmount: 0.01,
      expressFee: 0,
      price: 0,
      items: [{ itemId: p.cube, price: 0.01, quantity: 2 }],
      totalGw: 0.001,
      freeShipping: true,
    });
    const res = await place(c, tampered);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const order = (await c<TOrderDetail>('GET', `/api/orders/${res.body.id}`)).body;
    // goods ¥258 + ¥96; 1.45 kg gross (0.498 kg volumetric): DHL first 0.5 kg ¥260 + 2 × ¥70
    expect(order).toMatchObject({
      id: res.body.id,
      status: 'confirm',
      logisticsStatus: 'pending',
      trackingNumber: null,
      currency: 'CNY',
      lineCount: 2,
      quantity: 14,
      actualQuantity: 14,
      amount: 378,
      discount: 24,
      goodsAmount: 354,
      expressFee: 400,
      expressFeeBase: 400,
      surcharge: 0,
      totalAmount: 754,
      actualTotalPrice: 754,
      freeShipping: false,
      chargeableWeight: 1.45,
      totalGw: 1.45,
      totalVolumeWeight: 0.498,
      expressMethod: { id: 'dhl', name: 'DHL Express' },
      payMethod: { id: 'tt', name: 'Bank transfer (T/T)' },
      zone: { code: 'NORTH_AMERICA', name: 'North America' },
      transitDays: { min: 3, max: 6 },
      exchangeRate: RATE,
      cny: { goodsAmount: 354, expressFee: 400, surcharge: 0, totalAmount: 754 },
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
      comment: 'Please pack well',
    });
    expect(order.totalAmount).toBe(quote.body.grandTotal);
    expect(order.items.map((l) => [l.itemId, l.type, l.typeName, l.quantity, l.price, l.discountPrice, l.amount])).toEqual([
      [p.wholesale, '', null, 12, 10, 8, 96],
      [p.cube, 'black', 'Black', 2, 129, 129, 258],
    ]);
    expect(order.history).toEqual([{ type: 'created', from: null, to: 'confirm', time: order.createdTime, note: null }]);
    expect((await c<TCartItemList>('GET', '/api/cart/items')).body.data).toEqual([]);
    // the same order in Chinese: snapshot names in both languages
    const zh = (await c<TOrderDetail>('GET', `/api/orders/${res.body.id}`, { lang: 'zh' })).body;
    expect(zh.items.map((l) => l.name)).toEqual(['轨道 批发三阶', '轨道 三阶磁力魔方']);
    expect(zh.expressMethod.name).toBe('DHL 国际快递');
  });

  it('keeps its prices when the catalog changes afterwards', async () => {
    const c = await buyer();
    const [item] = await t.services.catalog.writes.addItems([
      {
        supplierId: (await t.services.catalog.writes.slugIds()).suppliers.get('orbit')!,
        categoryId: (await t.services.catalog.writes.slugIds()).categories.get('cubes')!,
        nameZh: '变价',
        nameEn: 'Repriced',
        priceFen: 10_000,
        gwG: 100,
      },
    ]);
    await fill(c, [{ itemId: item!, quantity: 1 }]);
    const { id } = (await place(c)).body;
    await exec(sql`update items set price_fen = 99900, discount_price_fen = 99900, name_en = 'Renamed' where id = ${item!}`);
    t.services.catalog.query.invalidate();
    const order = (await c<TOrderDetail>('GET', `/api/orders/${id}`)).body;
    expect(order.items[0]).toMatchObject({ name: 'Repriced', price: 100, amount: 100 });
    expect(order.goodsAmount).toBe(100);
  });

  it('answers the same id for the same Idempotency-Key, 409 for the key with another body, 400 without a key', async () => {
    const c = await buyer();
    await fill(c, [{ itemId: p.sticker, quantity: 5 }]);
    const key = randomUUID();
    const first = await place(c, orderPayload(), key);
    expect(first.status).toBe(201);
    const again = await place(c, orderPayload(), key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // the cart is empty now, but the replay still answers the order
    await fill(c, [{ itemId: p.sticker, quantity: 1 }]);
    expect((await place(c, orderPayload(), key)).body.id).toBe(first.body.id);
    const other = await place(c, orderPayload({ comment: 'changed my mind' }), key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'CONFLICT', desc: 'This Idempotency-Key was already used for a different order request' });
    expect((await place(c, orderPayload(), key, 'USD')).status).toBe(409);
    const none = await place(c, orderPayload(), null);
    expect(none.status).toBe(400);
    expect(none.body.desc).toBe('The Idempotency-Key header is required to place an order');
    expect((await place(c, orderPayload(), 'x'.repeat(101))).status).toBe(400);
    expect((await place(c, orderPayload(), 'has space')).status).toBe(400);
    // keys are per buyer: another buyer may use the same key
    const d = await buyer();
    await fill(d, [{ itemId: p.sticker, quantity: 1 }]);
    const theirs = await place(d, orderPayload(), key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    const list = await c<TOrderList>('GET', '/api/orders');
    expect(list.body.pager.recTotal).toBe(1);
  });

  it('refuses an empty cart, missing address fields, unavailable methods and too heavy carts with a clear 400, leaving the cart alone', async () => {
    const empty = await buyer();
    const res = await place(empty);
    expect(res.status).toBe(400);
    expect(res.body.desc).toBe('Your cart is empty; add products first');
    const c = await buyer();
    await fill(c, [{ itemId: p.big, quantity: 1 }]);
    const refusals: [Record<string, unknown>, string][] = [
      [orderPayload({ deliveryCity: undefined }), 'deliveryCity is required'],
      [orderPayload({ deliveryUser: 'A' }), 'At least 2 characters'],
      [orderPayload({ deliveryPhone: 'call me' }), 'Invalid phone number'],
      [orderPayload({ expressMethod: '' }), 'expressMethod is required'],
      [orderPayload({ payMethod: undefined }), 'payMethod is required'],
      [orderPayload({ deliveryRegionId: 'ZZ' }), 'Please choose a valid country or region'],
      [
        orderPayload({ expressMethod: 'sf' }),
        'SF Express (mainland China) does not deliver to United States of America; please choose another shipping method',
      ],
      [
        orderPayload({ expressMethod: 'chinapost' }),
        'China Post Registered Air Mail carries at most 2 kg per shipment; this order weighs 10 kg (chargeable); please choose another shipping method',
      ],
      [orderPayload({ payMethod: 'cheque' }), 'Unknown payment method: cheque'],
      [orderPayload({ cartItemIds: [999_999_999] }), 'Some selected lines are no longer in your cart; please reload the cart'],
    ];
    for (const [body, desc] of refusals) {
      const r = await place(c, body);
      expect(r.status, desc).toBe(400);
      expect(r.body.desc).toBe(desc);
    }
    expect((await c<TCartItemList>('GET', '/api/cart/items')).body.data).toHaveLength(1);
    expect((await c<TOrderList>('GET', '/api/orders')).body.data).toEqual([]);
    expect((await shopClient(t, undefined)('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': 'k1' } })).status).toBe(401);
  });

  it('refuses lines below the MOQ or off the multiple, naming every product', async () => {
    const c = await buyer();
    await fill(c, [
      { itemId: p.cube, type: 'black', quantity: 1 },
      { itemId: p.sticker, quantity: 3 },
      { itemId: p.timer, quantity: 2 },
    ]);
    await exec(sql`update items set moq = 5 where id in (${p.cube}, ${p.sticker})`);
    try {
      const res = await place(c);
      expect(res.status).toBe(400);
      expect(res.body.desc).toBe('Product Orbit Stickers, Orbit 3x3 Magnetic Cube quantity is less than the minimum order quantity');
      expect(res.body.details.lines.map((l: { itemId: number }) => l.itemId).sort()).toEqual([p.cube, p.sticker].sort());
      const zh = await place(c, orderPayload(), randomUUID(), 'CNY', 'zh');
      expect(zh.body.desc).toBe('商品 轨道 贴纸、轨道 三阶磁力魔方 数量低于最小起订量');
      await exec(sql`update items set moq = 1 where id in (${p.cube}, ${p.sticker})`);
      await exec(sql`update items set order_multiple = 4 where id = ${p.timer}`);
      const multiple = await place(c);
      expect(multiple.status).toBe(400);
      expect(multiple.body.desc).toBe('Product Orbit Timer quantity must be a multiple of its order multiple');
      await exec(sql`update items set types = '[{"code":"white","zh":"白色","en":"White"}]'::jsonb where id = ${p.cube}`);
      await exec(sql`update items set order_multiple = 2 where id = ${p.timer}`);
      const type = await place(c);
      expect(type.body.desc).toBe('The chosen type of Orbit 3x3 Magnetic Cube is no longer available; please choose again');
    } finally {
      await exec(sql`update items set moq = 1 where id in (${p.cube}, ${p.sticker})`);
      await exec(sql`update items set order_multiple = 2 where id = ${p.timer}`);
      await exec(
        sql`update items set types = '[{"code":"black","zh":"黑色","en":"Black"},{"code":"stickerless","zh":"实色","en":"Stickerless"}]'::jsonb where id = ${p.cube}`,
      );
    }
    expect((await place(c)).status).toBe(201);
  });

  it('orders only the chosen lines when cartItemIds is given', async () => {
    const c = await buyer();
    await fill(c, [
      { itemId: p.cube, type: 'black', quantity: 1 },
      { itemId: p.sticker, quantity: 2 },
    ]);
    const lines = (await c<TCartItemList>('GET', '/api/cart/items')).body.data;
    const sticker = lines.find((l) => l.itemId === p.sticker)!;
    const res = await place(c, orderPayload({ cartItemIds: [sticker.id] }));
    expect(res.status).toBe(201);
    const order = (await c<TOrderDetail>('GET', `/api/orders/${res.body.id}`)).body;
    expect(order.items.map((l) => l.itemId)).toEqual([p.sticker]);
    expect((await c<TCartItemList>('GET', '/api/cart/items')).body.data.map((l) => l.itemId)).toEqual([p.cube]);
  });

  it('keeps amounts in the currency the order was placed in, with the CNY ledger beside them', async () => {
    const c = await buyer();
    await fill(c, [{ itemId: p.cube, type: 'stickerless', quantity: 3 }]);
    const res = await place(c, orderPayload({ payMethod: 'paypal' }), randomUUID(), 'USD');
    const order = (await c<TOrderDetail>('GET', `/api/orders/${res.body.id}`)).body;
    // 3 × $18.17 = $54.51; DHL 0.375 kg ¥260 = $36.62; PayPal 4.4 % of $91.13 = $4.01
    expect(order).toMatchObject({
      currency: 'USD',
      goodsAmount: 54.51,
      expressFee: 36.62,
      surcharge: 4.01,
      surchargePercent: 4.4,
      totalAmount: 95.14,
      cny: { goodsAmount: 387, expressFee: 260, surcharge: 28.47, totalAmount: 675.47 },
    });
    expect(order.items[0]).toMatchObject({ currency: 'USD', price: 18.17, discountPrice: 18.17, amount: 54.51 });
    // the order stays in USD whatever currency the buyer browses in later
    expect((await c<TOrderDetail>('GET', `/api/orders/${res.body.id}`, { currency: 'CNY' })).body.totalAmount).toBe(95.14);
  });

  it('matches the quote for random carts, with integer totals in both ledgers (seeded)', async () => {
    const r = seededRandom(42);
    const products = [
      { itemId: p.cube, types: ['black', 'stickerless'], step: 1, min: 1 },
      { itemId: p.wholesale, types: [undefined], step: 12, min: 12 },
      { itemId: p.timer, types: [undefined], step: 2, min: 2 },
      { itemId: p.sticker, types: [undefined], step: 1, min: 1 },
      { itemId: p.single, types: [undefined], step: 1, min: 1 },
    ];
    for (let i = 0; i < 8; i++) {
      const c = await buyer();
      const currency = r.pick(['CNY', 'USD'] as const);
      for (const product of products) {
        if (r.bool(0.4)) continue;
        await fill(c, [{ itemId: product.itemId, type: r.pick(product.types), quantity: product.min + product.step * r.int(0, 5) }]);
      }
      if ((await c<TCartItemList>('GET', '/api/cart/items')).body.data.length === 0) await fill(c, [{ itemId: p.sticker, quantity: 1 }]);
      const method = r.pick(['dhl', 'ems', 'fedex', 'ups']);
      const pay = r.pick(['paypal', 'tt', 'alipay']);
      const quote = (
        await c<TExpressFee>('GET', '/api/cart/info/express-fee', { query: { deliveryRegionId: 'US', expressMethod: method, payMethod: pay }, currency })
      ).body;
      const res = await place(c, orderPayload({ expressMethod: method, payMethod: pay }), randomUUID(), currency);
      expect(res.status).toBe(201);
      const order = (await c<TOrderDetail>('GET', `/api/orders/${res.body.id}`)).body;
      const cents = (major: number) => Math.round(major * 100);
      expect(cents(order.totalAmount), `case ${i}`).toBe(cents(quote.grandTotal));
      expect(cents(order.totalAmount)).toBe(cents(order.goodsAmount) + cents(order.expressFee) + cents(order.surcharge));
      expect(cents(order.goodsAmount)).toBe(order.items.reduce((s, l) => s + cents(l.amount), 0));
      for (const l of order.items) expect(cents(l.amount)).toBe(cents(l.discountPrice) * l.quantity);
      expect(cents(order.cny.totalAmount)).toBe(cents(order.cny.goodsAmount) + cents(order.cny.expressFee) + cents(order.cny.surcharge));
      if (currency === 'CNY') expect(order.cny.totalAmount).toBe(order.totalAmount);
      else
        expect(Math.abs(cents(order.totalAmount) - Math.round(cents(order.cny.totalAmount) / RATE))).toBeLessThanOrEqual(
          usdRoundingBound(order.quantity, order.surchargePercent * 100, RATE),
        );
    }
  });
});

describe('concurrent placements (PGlite runs them one at a time)', () => {
  it('two simultaneous requests with the same key make one order', async () => {
    const c = await buyer();
    await fill(c, [{ itemId: p.cube, type: 'black', quantity: 1 }]);
    const key = randomUUID();
    const [a, b] = await Promise.all([place(c, orderPayload(), key), place(c, orderPayload(), key)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect((await c<TOrderList>('GET', '/api/orders')).body.pager.recTotal).toBe(1);
  });

  it('ten simultaneous orders from one cart make one order and nine clear refusals', async () => {
    const c = await buyer();
    await fill(c, [
      { itemId: p.cube, type: 'black', quantity: 2 },
      { itemId: p.sticker, quantity: 4 },
    ]);
    const results = await Promise.all(Array.from({ length: 10 }, () => place(c)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.desc).toBe('Your cart is empty; add products first');
    }
    const orders = (await c<TOrderList>('GET', '/api/orders')).body;
    expect(orders.pager.recTotal).toBe(1);
    expect(orders.data[0]!.quantity).toBe(6);
  });
});

describe('reading orders', () => {
  let c: ShopCall;
  const ids: number[] = [];
  beforeAll(async () => {
    c = await buyer();
    for (const quantity of [1, 2, 3]) {
      await fill(c, [
        { itemId: p.sticker, quantity },
        { itemId: p.cube, type: 'black', quantity: 1 },
        { itemId: p.single, quantity: 1 },
        { itemId: p.timer, quantity: 2 },
      ]);
      ids.push((await place(c)).body.id);
    }
  });

  it('lists the buyer’s orders newest first with a preview, paged and filtered by status', async () => {
    const list = (await c<TOrderList>('GET', '/api/orders')).body;
    expect(list.data.map((o) => o.id)).toEqual([...ids].reverse());
    expect(list.pager).toEqual({ page: 1, recPerPage: 20, recTotal: 3 });
    expect(list.data[0]!.preview).toHaveLength(3);
    expect(list.data[0]!.lineCount).toBe(4);
    const page2 = (await c<TOrderList>('GET', '/api/orders', { query: { page: 2, recPerPage: 2 } })).body;
    expect(page2.data.map((o) => o.id)).toEqual([ids[0]]);
    await t.services.orders.changeStatus(ids[1]!, { status: 'cancel' });
    expect((await c<TOrderList>('GET', '/api/orders', { query: { status: 'cancel' } })).body.data.map((o) => o.id)).toEqual([ids[1]]);
    expect((await c<TOrderList>('GET', '/api/orders', { query: { status: 'confirm' } })).body.pager.recTotal).toBe(2);
    expect((await c('GET', '/api/orders', { query: { status: 'lost' } })).status).toBe(400);
  });

  it('lists order lines, all or of one order, and one line', async () => {
    const all = (await c<TOrderItemList>('GET', '/api/order/items')).body;
    expect(all.pager.recTotal).toBe(12);
    expect(all.data[0]!.orderId).toBe(ids[2]);
    const one = (await c<TOrderItemList>('GET', '/api/order/items', { query: { orderId: ids[0]! } })).body;
    expect(one.data).toHaveLength(4);
    expect(one.data.every((l) => l.orderId === ids[0])).toBe(true);
    const line = await c<TOrderLine>('GET', `/api/order/items/${one.data[0]!.id}`);
    expect(line.body).toEqual(one.data[0]);
  });

  it('answers 404 for another buyer’s order, order lines and reorder', async () => {
    const other = await buyer();
    const line = (await c<TOrderItemList>('GET', '/api/order/items', { query: { orderId: ids[0]! } })).body.data[0]!;
    const res = await other('GET', `/api/orders/${ids[0]}`);
    expect(res.status).toBe(404);
    expect(res.body.desc).toBe('The order does not exist');
    expect((await other('GET', `/api/order/items/${line.id}`)).status).toBe(404);
    expect((await other('POST', '/api/orders/reorder', { body: { id: ids[0] } })).status).toBe(404);
    expect((await other<TOrderList>('GET', '/api/orders')).body.data).toEqual([]);
    expect((await other<TOrderItemList>('GET', '/api/order/items', { query: { orderId: ids[0]! } })).body.data).toEqual([]);
    expect((await other<TCartItemList>('GET', '/api/cart/items')).body.data).toEqual([]);
  });

  it('reorders: still-available lines go back at today’s prices and limits, the rest is reported', async () => {
    const r = await buyer();
    const supplierId = (await t.services.catalog.writes.slugIds()).suppliers.get('orbit')!;
    const categoryId = (await t.services.catalog.writes.slugIds()).categories.get('cubes')!;
    const [gone, retyped, raised] = await t.services.catalog.writes.addItems([
      { supplierId, categoryId, nameZh: '将下架', nameEn: 'Soon gone', priceFen: 1_000 },
      { supplierId, categoryId, nameZh: '换款', nameEn: 'Retyped', priceFen: 1_000, types: [{ code: 'red', zh: '红', en: 'Red' }] },
      { supplierId, categoryId, nameZh: '提量', nameEn: 'Raised MOQ', priceFen: 1_000 },
    ]);
    await fill(r, [
      { itemId: gone!, quantity: 1 },
      { itemId: retyped!, type: 'red', quantity: 1 },
      { itemId: raised!, quantity: 3 },
      { itemId: p.cube, type: 'black', quantity: 2 },
    ]);
    const { id } = (await place(r)).body;
    await exec(sql`delete from items where id = ${gone!}`);
    await exec(sql`update items set types = '[{"code":"blue","zh":"蓝","en":"Blue"}]'::jsonb where id = ${retyped!}`);
    await exec(sql`update items set moq = 10, order_multiple = 5, price_fen = 2000, discount_price_fen = 2000 where id = ${raised!}`);
    await fill(r, [{ itemId: p.cube, type: 'black', quantity: 1 }]);
    const res = await r<TReorderResult>('POST', '/api/orders/reorder', { body: { id } });
    expect(res.status).toBe(200);
    expect(res.body.unavailable).toHaveLength(2);
    expect(res.body.unavailable).toEqual(
      expect.arrayContaining([
        { itemId: gone, type: '', name: 'Soon gone', reason: 'removed' },
        { itemId: retyped, type: 'red', name: 'Retyped', reason: 'type' },
      ]),
    );
    expect(res.body.added.map(({ itemId, quantity, adjusted }) => ({ itemId, quantity, adjusted }))).toEqual(
      expect.arrayContaining([
        { itemId: raised, quantity: 10, adjusted: true },
        { itemId: p.cube, quantity: 2, adjusted: false },
      ]),
    );
    const cart = (await r<TCartItemList>('GET', '/api/cart/items')).body.data;
    expect(cart.find((l) => l.itemId === raised)).toMatchObject({ quantity: 10, price: 20, problem: null });
    expect(cart.find((l) => l.itemId === p.cube)).toMatchObject({ quantity: 3 });
    // the order itself is untouched
    const order = (await r<TOrderDetail>('GET', `/api/orders/${id}`)).body;
    expect(order.items.find((l) => l.itemId === gone)).toMatchObject({ name: 'Soon gone', quantity: 1 });
    expect((await r('POST', '/api/orders/reorder', { body: { id: 1 } })).status).toBe(404);
  });
});
