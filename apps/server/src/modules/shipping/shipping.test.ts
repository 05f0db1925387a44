import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD_USD_CENTS, type TExpressChoice, type TExpressMethodOption, type TPaymentMethodOption } from '@cubeshop/shared';
import { createBuyer, createShopApp, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Shipping selectors and the cart's shipping quote (docs/orders.md) against the demo rate tables.
let t: ShopApp;
let p: ShopApp['products'];
const anon = () => shopClient(t, undefined);

beforeAll(async () => {
  t = await createShopApp();
  p = t.products;
});
afterAll(async () => {
  await t.close();
});

async function cartWith(lines: { itemId: number; type?: string; quantity: number }[]): Promise<ShopCall> {
  const c = shopClient(t, (await createBuyer(t, 'ship')).token);
  for (const body of lines) expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
  return c;
}

const fee = (c: ShopCall, query: Record<string, string | number>, currency: 'CNY' | 'USD' = 'CNY', lang: 'en' | 'zh' = 'en') =>
  c('GET', '/api/cart/info/express-fee', { query, currency, lang });

describe('GET /api/selector/express', () => {
  const ids = async (regionId?: string) =>
    (await anon()<TExpressMethodOption[]>('GET', '/api/selector/express', regionId ? { query: { regionId } } : {})).body.map((m) => m.id);

  it('lists only the methods that serve the region, with transit days', async () => {
    expect(await ids('CN')).toEqual(['sf', 'ems']);
    expect(await ids('US')).toEqual(['ems', 'dhl', 'fedex', 'ups', 'chinapost', 'sea']);
    expect(await ids('us')).toEqual(['ems', 'dhl', 'fedex', 'ups', 'chinapost', 'sea']);
    // express carriers do not serve RU and BY; sea freight does not serve landlocked countries
    expect(await ids('RU')).toEqual(['ems', 'chinapost', 'sea']);
    expect(await ids('CH')).toEqual(['ems', 'dhl', 'fedex', 'ups', 'chinapost']);
    expect(await ids('MN')).toEqual(['ems', 'dhl', 'fedex', 'ups', 'chinapost']);
    // a region in no listed zone falls into the rest of the world
    expect(await ids('BR')).toEqual(['ems', 'dhl', 'fedex', 'ups', 'chinapost', 'sea']);
    const us = await anon()<TExpressMethodOption[]>('GET', '/api/selector/express', { query: { regionId: 'US' }, lang: 'zh' });
    expect(us.body[1]).toEqual({ id: 'dhl', name: 'DHL 国际快递', transitDays: { min: 3, max: 6 } });
    const all = await anon()<TExpressMethodOption[]>('GET', '/api/selector/express');
    expect(all.body).toHaveLength(7);
    expect(all.body.every((m) => m.transitDays === null)).toBe(true);
  });

  it('refuses an unknown region', async () => {
    const res = await anon()('GET', '/api/selector/express', { query: { regionId: 'ZZ' } });
    expect(res.status).toBe(400);
    expect(res.body.desc).toBe('Please choose a valid country or region');
    expect((await anon()('GET', '/api/selector/express', { query: { regionId: 'USA' } })).status).toBe(400);
  });
});

describe('GET /api/selector/payment', () => {
  it('lists payment methods with their surcharge percent', async () => {
    const res = await anon()<TPaymentMethodOption[]>('GET', '/api/selector/payment');
    expect(res.body).toEqual([
      { id: 'paypal', name: 'PayPal', surchargePercent: 4.4 },
      { id: 'tt', name: 'Bank transfer (T/T)', surchargePercent: 0 },
      { id: 'westernunion', name: 'Western Union', surchargePercent: 0 },
      { id: 'alipay', name: 'Alipay', surchargePercent: 0 },
      { id: 'wechat', name: 'WeChat Pay', surchargePercent: 0 },
    ]);
    expect((await anon()<TPaymentMethodOption[]>('GET', '/api/selector/payment', { lang: 'zh' })).body[1]!.name).toBe('银行电汇 (T/T)');
  });
});

describe('GET /api/cart/info/express-fees', () => {
  const fees = (c: ShopCall, query: Record<string, string>, lang: 'en' | 'zh' = 'en') =>
    c<TExpressChoice[]>('GET', '/api/cart/info/express-fees', { query, lang });

  it('quotes every method at once with the same figures as the single quote, and says why the others cannot carry the cart', async () => {
    const heavy = await cartWith([{ itemId: p.big, quantity: 1 }]);
    const res = await fees(heavy, { deliveryRegionId: 'US', payMethod: 'paypal' });
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m.id, m.available, m.reason?.code ?? null])).toEqual([
      ['sf', false, 'expressUnavailable'],
      ['ems', true, null],
      ['dhl', true, null],
      ['fedex', true, null],
      ['ups', true, null],
      ['chinapost', false, 'expressTooHeavy'],
      ['sea', true, null],
    ]);
    const chinapost = res.body.find((m) => m.id === 'chinapost')!;
    expect(chinapost.fee).toBeNull();
    expect(chinapost.reason!.message).toBe(
      'China Post Registered Air Mail carries at most 2 kg per shipment; this order weighs 10 kg (chargeable); please choose another shipping method',
    );
    for (const m of res.body.filter((x) => x.available)) {
      const single = await fee(heavy, { deliveryRegionId: 'US', expressMethod: m.id, payMethod: 'paypal' });
      expect(m.fee).toEqual(single.body);
      // The lines add up: goods + freight + surcharge = grand total.
      expect(Math.round((m.fee!.goodsAmount + m.fee!.freight + m.fee!.surcharge) * 100)).toBe(Math.round(m.fee!.grandTotal * 100));
    }
    const zh = await fees(heavy, { deliveryRegionId: 'US' }, 'zh');
    expect(zh.body.find((m) => m.id === 'sf')!.reason!.message).toBe('顺丰速运 不配送到 美国，请选择其他配送方式');
  });

  it('refuses an empty cart, a bad region and anonymous callers like the single quote', async () => {
    const empty = shopClient(t, (await createBuyer(t)).token);
    expect((await fees(empty, { deliveryRegionId: 'US' })).status).toBe(400);
    const c = await cartWith([{ itemId: p.sticker, quantity: 1 }]);
    expect((await fees(c, { deliveryRegionId: 'ZZ' })).status).toBe(400);
    expect((await fees(shopClient(t, undefined), { deliveryRegionId: 'US' })).status).toBe(401);
  });
});

describe('GET /api/cart/info/express-fee', () => {
  it('quotes freight on the chargeable weight plus the payment surcharge, ignoring the client’s weights', async () => {
    const c = await cartWith([{ itemId: p.cube, type: 'black', quantity: 2 }]);
    const res = await fee(c, {
      deliveryRegionId: 'US',
      deliveryPostalCode: '94105',
      expressMethod: 'dhl',
      payMethod: 'paypal',
      totalGw: 0.001,
      totalVolumeWeight: 0,
    });
    expect(res.status).toBe(200);
    // 0.25 kg gross, 0.138 kg volumetric: first 0.5 kg ¥260; PayPal 4.4 % of (258 + 260) = ¥22.79
    expect(res.body).toEqual({
      currency: 'CNY',
      totalPrice: 282.79,
      freight: 260,
      base: 260,
      surcharge: 22.79,
      surchargePercent: 4.4,
      freeShipping: false,
      freeShippingThreshold: 489.9,
      goodsAmount: 258,
      grandTotal: 540.79,
      chargeableWeight: 0.25,
      totalGw: 0.25,
      totalVolumeWeight: 0.138,
      zone: { code: 'NORTH_AMERICA', name: 'North America' },
      expressMethod: { id: 'dhl', name: 'DHL Express' },
      payMethod: { id: 'paypal', name: 'PayPal' },
      transitDays: { min: 3, max: 6 },
    });
    // the same cart in USD: every amount converted once and then added in cents
    const usd = await fee(c, { deliveryRegionId: 'US', expressMethod: 'dhl', payMethod: 'paypal' }, 'USD');
    // goods 2 × $18.17 = $36.34; freight ¥260 -> $36.62; surcharge 4.4 % of $72.96 = $3.21
    expect(usd.body).toMatchObject({
      currency: 'USD',
      goodsAmount: 36.34,
      freight: 36.62,
      surcharge: 3.21,
      totalPrice: 39.83,
      grandTotal: 76.17,
      freeShippingThreshold: 69,
    });
    // without a payment method: no surcharge
    const plain = await fee(c, { deliveryRegionId: 'US', expressMethod: 'dhl' });
    expect(plain.body).toMatchObject({ totalPrice: 260, surcharge: 0, payMethod: null });
  });

  it('charges the volumetric weight when it is bigger, and ships free over the threshold', async () => {
    const c = await cartWith([{ itemId: p.big, quantity: 1 }]);
    const res = await fee(c, { deliveryRegionId: 'DE', expressMethod: 'ups', payMethod: 'tt' });
    // 5 kg gross, 10 kg volumetric: ¥275 + 19 × ¥73 = ¥1,662, but goods ¥3,000 ≥ ¥489.90
    expect(res.body).toMatchObject({
      chargeableWeight: 10,
      totalGw: 5,
      totalVolumeWeight: 10,
      base: 1662,
      freight: 0,
      freeShipping: true,
      totalPrice: 0,
      grandTotal: 3000,
    });
    expect(res.body.zone.code).toBe('EUROPE');
  });

  it('applies the minimum charge (sea freight) and refuses a method that cannot carry the weight', async () => {
    const small = await cartWith([{ itemId: p.cube, type: 'black', quantity: 1 }]);
    expect((await fee(small, { deliveryRegionId: 'JP', expressMethod: 'sea' })).body).toMatchObject({
      base: 1200,
      freight: 1200,
      transitDays: { min: 7, max: 15 },
    });
    const heavy = await cartWith([{ itemId: p.big, quantity: 1 }]);
    const res = await fee(heavy, { deliveryRegionId: 'US', expressMethod: 'chinapost' });
    expect(res.status).toBe(400);
    expect(res.body.desc).toBe(
      'China Post Registered Air Mail carries at most 2 kg per shipment; this order weighs 10 kg (chargeable); please choose another shipping method',
    );
    expect(res.body.details).toEqual({ maxWeight: 2, chargeableWeight: 10 });
    const zh = await fee(heavy, { deliveryRegionId: 'US', expressMethod: 'chinapost' }, 'CNY', 'zh');
    expect(zh.body.desc).toBe('中国邮政航空小包 每票最多 2 公斤，本单计费重量 10 公斤，请选择其他配送方式');
  });

  it('refuses a method that does not serve the region, unknown methods and payments, and an empty cart', async () => {
    const c = await cartWith([{ itemId: p.sticker, quantity: 1 }]);
    const sf = await fee(c, { deliveryRegionId: 'US', expressMethod: 'sf' });
    expect(sf.status).toBe(400);
    expect(sf.body.desc).toBe('SF Express (mainland China) does not deliver to United States of America; please choose another shipping method');
    expect((await fee(c, { deliveryRegionId: 'RU', expressMethod: 'dhl' })).status).toBe(400);
    expect((await fee(c, { deliveryRegionId: 'US', expressMethod: 'pigeon' })).body.desc).toBe('Unknown shipping method: pigeon');
    expect((await fee(c, { deliveryRegionId: 'US', expressMethod: 'dhl', payMethod: 'bitcoin' })).body.desc).toBe('Unknown payment method: bitcoin');
    expect((await fee(c, { deliveryRegionId: 'ZZ', expressMethod: 'dhl' })).status).toBe(400);
    const missing = await fee(c, { deliveryRegionId: 'US' });
    expect(missing.status).toBe(400);
    expect(missing.body.desc).toBe('expressMethod is required');
    const empty = shopClient(t, (await createBuyer(t)).token);
    const res = await fee(empty, { deliveryRegionId: 'US', expressMethod: 'dhl' });
    expect(res.status).toBe(400);
    expect(res.body.desc).toBe('Your cart is empty; add products first');
    expect((await fee(shopClient(t, undefined), { deliveryRegionId: 'US', expressMethod: 'dhl' })).status).toBe(401);
  });

  it('ships free exactly at the threshold, in the buyer’s currency', async () => {
    const catalog = t.services.catalog.writes;
    const ids = await catalog.slugIds();
    const base = { supplierId: ids.suppliers.get('orbit')!, categoryId: ids.categories.get('cubes')!, gwG: 500 };
    // ¥489.90 is $69.00 at 7.1; ¥489.86 shows as $68.99
    const [at, below, usdBelow] = await catalog.addItems([
      { ...base, nameZh: '门槛', nameEn: 'At threshold', priceFen: 48_990 },
      { ...base, nameZh: '门槛下', nameEn: 'Below threshold', priceFen: 48_989 },
      { ...base, nameZh: '美元门槛下', nameEn: 'Below in USD', priceFen: 48_986 },
    ]);
    const q = { deliveryRegionId: 'US', expressMethod: 'dhl' };
    const atCart = await cartWith([{ itemId: at!, quantity: 1 }]);
    expect((await fee(atCart, q)).body).toMatchObject({ freeShipping: true, freight: 0, goodsAmount: 489.9 });
    expect((await fee(atCart, q, 'USD')).body).toMatchObject({ freeShipping: true, freight: 0, goodsAmount: 69 });
    const belowCart = await cartWith([{ itemId: below!, quantity: 1 }]);
    expect((await fee(belowCart, q)).body).toMatchObject({ freeShipping: false, freight: 260 });
    // ¥489.89 still shows as $69.00: a USD buyer sees $69.00 and ships free
    expect((await fee(belowCart, q, 'USD')).body).toMatchObject({ freeShipping: true, goodsAmount: 69 });
    const usdCart = await cartWith([{ itemId: usdBelow!, quantity: 1 }]);
    expect((await fee(usdCart, q, 'USD')).body).toMatchObject({ freeShipping: false, goodsAmount: 68.99 });
  });

  it('follows the shop setting: no threshold, no free shipping', async () => {
    const c = await cartWith([{ itemId: p.big, quantity: 1 }]);
    await t.services.shipping.setFreeShippingThreshold(null);
    try {
      expect((await fee(c, { deliveryRegionId: 'US', expressMethod: 'dhl' })).body).toMatchObject({
        freeShipping: false,
        freeShippingThreshold: null,
        freight: 1590,
      });
      expect((await c('GET', '/api/cart/info')).body).toMatchObject({ freeShippingThreshold: null, freeShipping: false });
    } finally {
      await t.services.shipping.setFreeShippingThreshold(FREE_SHIPPING_THRESHOLD_USD_CENTS);
    }
    expect((await fee(c, { deliveryRegionId: 'US', expressMethod: 'dhl' })).body.freeShipping).toBe(true);
  });
});
