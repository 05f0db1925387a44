import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffShippingConfig, TStaffRole } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ADDRESS, createShopApp, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Staff configuration of shipping methods, zones, the rate table and payment methods; the
// checkout's quote uses a change at once.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let buyer: ShopCall;
const tag = randomBytes(3).toString('hex');

const RATE = {
  firstWeightG: 500,
  firstPriceFen: 10_000,
  stepWeightG: 500,
  stepPriceFen: 2_000,
  minChargeFen: 0,
  maxWeightG: 30_000,
  transitMinDays: 2,
  transitMaxDays: 5,
};

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  const b = await t.services.account.createUser({ account: `buyer_${tag}`, name: 'buyer' });
  buyer = shopClient(t, await t.services.authn.issueUserToken(b.id));
  expect((await buyer('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const quote = (query: Record<string, string>) =>
  buyer('GET', '/api/cart/info/express-fee', { query: { deliveryRegionId: ADDRESS.deliveryRegionId, ...query } });

describe(`shipping configuration: roles (${TEST_DB_KIND})`, () => {
  it('lets only the owner in (401 visitors, 403 buyers and other staff)', async () => {
    const calls: [string, (c: ShopCall) => ReturnType<ShopCall>][] = [
      ['config', (c) => c('GET', '/api/admin/shipping')],
      ['methods', (c) => c('GET', '/api/admin/shipping/methods')],
      ['put method', (c) => c('PUT', '/api/admin/shipping/methods/x1', { body: {} })],
      ['zones', (c) => c('GET', '/api/admin/shipping/zones')],
      ['put zone', (c) => c('PUT', '/api/admin/shipping/zones/x1', { body: {} })],
      ['delete zone', (c) => c('DELETE', '/api/admin/shipping/zones/none')],
      ['rates', (c) => c('GET', '/api/admin/shipping/rates')],
      ['put rate', (c) => c('PUT', '/api/admin/shipping/rates', { body: {} })],
      ['delete rate', (c) => c('DELETE', '/api/admin/shipping/rates/none/none')],
      ['payments', (c) => c('GET', '/api/admin/payment-methods')],
      ['put payment', (c) => c('PUT', '/api/admin/payment-methods/x1', { body: {} })],
    ];
    for (const [what, call] of calls) {
      expect((await call(shopClient(t, undefined))).status, what).toBe(401);
      expect((await call(buyer)).status, what).toBe(403);
      for (const role of ['sales', 'warehouse', 'catalog', 'service'] as const) expect((await call(staff[role])).status, `${what} as ${role}`).toBe(403);
      expect([401, 403], what).not.toContain((await call(staff.owner)).status);
    }
  });
});

describe(`shipping configuration: owner (${TEST_DB_KIND})`, () => {
  it('answers the whole configuration: methods, zones with regions, rates, payment methods', async () => {
    const res = await staff.owner<TStaffShippingConfig>('GET', '/api/admin/shipping');
    expect(res.status).toBe(200);
    expect(res.body.methods.map((m) => m.id)).toContain('dhl');
    expect(res.body.zones.find((z) => z.code === 'NORTH_AMERICA')?.regions).toContain('US');
    expect(res.body.zones.filter((z) => z.isDefault)).toHaveLength(1);
    expect(res.body.rates.some((r) => r.methodId === 'dhl' && r.zoneCode === 'NORTH_AMERICA')).toBe(true);
    expect(res.body.payments.find((p) => p.id === 'paypal')?.surchargeBp).toBe(440);
  });

  it('refuses bad rows with 400 naming the field', async () => {
    const bad: [string, string, unknown, string][] = [
      ['PUT', '/api/admin/shipping/methods/Bad%20Id', { nameZh: 'a', nameEn: 'a', position: 0, active: true, excludedRegions: [] }, 'id'],
      ['PUT', '/api/admin/shipping/methods/m1', { nameZh: '', nameEn: 'a', position: 0, active: true, excludedRegions: [] }, 'nameZh'],
      ['PUT', '/api/admin/shipping/methods/m1', { nameZh: 'a', nameEn: 'a', position: 0, active: true, excludedRegions: ['ZZ'] }, 'excludedRegions'],
      ['PUT', '/api/admin/shipping/zones/z1', { nameZh: 'a', nameEn: 'a', position: 0, isDefault: false, regions: ['USA'] }, 'regions.0'],
      ['PUT', '/api/admin/shipping/rates', { ...RATE, methodId: 'dhl', zoneCode: 'NORTH_AMERICA', stepWeightG: 0 }, 'stepWeightG'],
      ['PUT', '/api/admin/shipping/rates', { ...RATE, methodId: 'dhl', zoneCode: 'NORTH_AMERICA', transitMinDays: 9 }, 'transitMaxDays'],
      ['PUT', '/api/admin/shipping/rates', { ...RATE, methodId: 'nope', zoneCode: 'NORTH_AMERICA' }, 'methodId'],
      ['PUT', '/api/admin/shipping/rates', { ...RATE, methodId: 'dhl', zoneCode: 'NOPE' }, 'zoneCode'],
      ['PUT', '/api/admin/payment-methods/tt', { nameZh: 'a', nameEn: 'a', surchargeBp: 10_001, position: 0, active: true }, 'surchargeBp'],
    ];
    for (const [method, url, body, field] of bad) {
      const res = await staff.owner(method as 'PUT', url, { body });
      expect(res.status, `${url} ${field}`).toBe(400);
      expect(`${res.body.details?.field ?? ''} ${res.body.desc}`, `${url} ${field}`).toContain(field);
    }
    // the default zone cannot be deleted or lose its flag
    expect((await staff.owner('DELETE', '/api/admin/shipping/zones/REST')).status).toBe(400);
    expect(
      (await staff.owner('PUT', '/api/admin/shipping/zones/REST', { body: { nameZh: '其他', nameEn: 'Rest', position: 9, isDefault: false, regions: [] } }))
        .status,
    ).toBe(400);
    expect((await staff.owner('DELETE', '/api/admin/shipping/zones/NOPE')).status).toBe(404);
  });

  it('quotes with a changed rate, surcharge or method at once, and audits each change', async () => {
    const before = await quote({ expressMethod: 'dhl' });
    expect(before.status).toBe(200);
    // ¥100 for the first 500 g: two cubes weigh 250 g gross (138 g volumetric)
    const put = await staff.owner('PUT', '/api/admin/shipping/rates', { body: { ...RATE, methodId: 'dhl', zoneCode: 'NORTH_AMERICA' } });
    expect(put.status).toBe(200);
    const after = await quote({ expressMethod: 'dhl' });
    expect(after.body.base).toBe(100);
    expect(after.body.base).not.toBe(before.body.base);

    const paypal = (await staff.owner<TStaffShippingConfig>('GET', '/api/admin/shipping')).body.payments.find((p) => p.id === 'paypal')!;
    expect((await staff.owner('PUT', '/api/admin/payment-methods/paypal', { body: { ...paypal, id: undefined, surchargeBp: 1_000 } })).status).toBe(200);
    const withPaypal = await quote({ expressMethod: 'dhl', payMethod: 'paypal' });
    expect(withPaypal.body.surchargePercent).toBe(10);

    // a new method with a rate to the zone is offered at once; switched off, it is gone
    const newMethod = { nameZh: '测试快递', nameEn: 'Test Express', position: 99, active: true, excludedRegions: [] };
    expect((await staff.owner('PUT', '/api/admin/shipping/methods/test-express', { body: newMethod })).status).toBe(200);
    expect(
      (await staff.owner('PUT', '/api/admin/shipping/rates', { body: { ...RATE, methodId: 'test-express', zoneCode: 'NORTH_AMERICA', firstPriceFen: 500 } }))
        .status,
    ).toBe(200);
    expect((await quote({ expressMethod: 'test-express' })).body.base).toBe(5);
    const offered = await buyer('GET', '/api/selector/express', { query: { regionId: 'US' }, lang: 'zh' });
    expect(offered.body.map((m: { name: string }) => m.name)).toContain('测试快递');
    await staff.owner('PUT', '/api/admin/shipping/methods/test-express', { body: { ...newMethod, active: false } });
    expect((await quote({ expressMethod: 'test-express' })).status).toBe(400);

    // a region moved to a new zone without a DHL rate: DHL no longer serves it
    expect(
      (
        await staff.owner('PUT', '/api/admin/shipping/zones/TEST_ZONE', {
          body: { nameZh: '测试区', nameEn: 'Test zone', position: 20, isDefault: false, regions: ['US'] },
        })
      ).status,
    ).toBe(200);
    expect((await quote({ expressMethod: 'dhl' })).status).toBe(400);
    const zones = (await staff.owner<TStaffShippingConfig>('GET', '/api/admin/shipping')).body.zones;
    expect(zones.find((z) => z.code === 'NORTH_AMERICA')?.regions).not.toContain('US');
    expect((await staff.owner('DELETE', '/api/admin/shipping/zones/TEST_ZONE')).status).toBe(200);
    // back in no zone: the default zone's rate applies
    expect((await quote({ expressMethod: 'dhl' })).status).toBe(200);
    expect((await staff.owner('DELETE', '/api/admin/shipping/rates/dhl/REST')).status).toBe(200);
    expect((await quote({ expressMethod: 'dhl' })).status).toBe(400);

    const rateAudit = await t.services.audit.of('shipping_rate', 'dhl|NORTH_AMERICA');
    expect(rateAudit[0]).toMatchObject({ action: 'shipping.update', after: { firstPriceFen: 10_000 } });
    expect(rateAudit[0]?.before).not.toBeNull();
    expect((await t.services.audit.of('payment_method', 'paypal'))[0]).toMatchObject({
      action: 'payment.update',
      before: { surchargeBp: 440 },
      after: { surchargeBp: 1_000 },
    });
    expect((await t.services.audit.of('shipping_zone', 'TEST_ZONE')).map((e) => e.after === null)).toEqual([true, false]);
  });
});
