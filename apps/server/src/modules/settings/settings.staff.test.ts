import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffSettings, TStaffRole } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { pdfText, squeeze } from '../../test/pdf.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { DEFAULT_CONTACT } from './settings.service.js';

// The owner's shop settings (GET|PUT /api/admin/settings, the rate history) and the public reads
// of the storefront (GET /api/shop/settings, /api/shop/carousel).
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let ownerId = 0;
let buyer: ShopCall;
let buyerAuth = '';
const anonymous = () => shopClient(t, undefined);
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role });
    if (role === 'owner') ownerId = user.id;
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  const b = await t.services.account.createUser({ account: `buyer_${tag}`, name: 'buyer' });
  const buyerToken = await t.services.authn.issueUserToken(b.id);
  buyerAuth = `Bearer ${buyerToken}`;
  buyer = shopClient(t, buyerToken);
});
afterAll(async () => {
  await t?.close();
});

describe(`shop settings: roles (${TEST_DB_KIND})`, () => {
  it('lets only the owner read and change settings; 401 for visitors, 403 for buyers and other roles', async () => {
    const calls: [string, (c: ShopCall) => ReturnType<ShopCall>][] = [
      ['read', (c) => c('GET', '/api/admin/settings')],
      ['write', (c) => c('PUT', '/api/admin/settings', { body: { freeShipping: { thresholdUsdCents: 'x' } } })],
      ['history', (c) => c('GET', '/api/admin/settings/exchange-rates')],
    ];
    for (const [what, call] of calls) {
      expect((await call(anonymous())).status, what).toBe(401);
      expect((await call(buyer)).status, what).toBe(403);
      for (const role of ['sales', 'warehouse', 'catalog', 'service'] as const) expect((await call(staff[role])).status, `${what} as ${role}`).toBe(403);
      expect([200, 400], what).toContain((await call(staff.owner)).status);
    }
  });
});

describe(`shop settings: owner (${TEST_DB_KIND})`, () => {
  it('answers every setting with defaults filled in (footer contacts as the shop showed them)', async () => {
    const res = await staff.owner<TStaffSettings>('GET', '/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.exchangeRate.cnyPerUsd).toBe(7.1);
    expect(res.body.contact).toEqual(DEFAULT_CONTACT);
    expect(res.body.carousel).toEqual({ mode: 'newest', productIds: [] });
    expect(res.body.documentSeller).toBeNull();
  });

  it('refuses bad values with 400 naming the field, and stores nothing', async () => {
    const bad: [unknown, string][] = [
      [{ exchangeRate: { cnyPerUsd: -1 } }, 'exchangeRate.cnyPerUsd'],
      [{ exchangeRate: { cnyPerUsd: 'seven' } }, 'exchangeRate.cnyPerUsd'],
      [{ freeShipping: { thresholdUsdCents: 1.5 } }, 'freeShipping.thresholdUsdCents'],
      [{ contact: { ...DEFAULT_CONTACT, email: 'not-an-email' } }, 'contact.email'],
      [{ contact: { ...DEFAULT_CONTACT, phone: 'call me' } }, 'contact.phone'],
      [{ carousel: { mode: 'picked', productIds: [] } }, 'carousel.productIds'],
      [{ bankTransfer: { accountName: 'Shop', bank: 'Bank', bankAddress: null, swift: 'bad', accountNumber: '1234567' } }, 'bankTransfer.swift'],
    ];
    for (const [body, field] of bad) {
      const res = await staff.owner('PUT', '/api/admin/settings', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(`${res.body.details?.field ?? ''} ${res.body.desc}`, JSON.stringify(body)).toContain(field);
    }
    const unknownKey = await staff.owner('PUT', '/api/admin/settings', { body: { colour: 'red' } });
    expect(unknownKey.status).toBe(400);
    // picked products must exist
    const missing = await staff.owner('PUT', '/api/admin/settings', { body: { carousel: { mode: 'picked', productIds: [t.products.cube, 999_999_999] } } });
    expect(missing.status).toBe(400);
    expect(missing.body.details.field).toBe('carousel.productIds');
    expect(missing.body.desc).toContain('999999999');
    expect((await staff.owner<TStaffSettings>('GET', '/api/admin/settings')).body.carousel.mode).toBe('newest');
  });

  it('stores a partial change, keeps the rate history with who set it, and audits before/after of the changed keys', async () => {
    const res = await staff.owner<TStaffSettings>('PUT', '/api/admin/settings', {
      body: { exchangeRate: { cnyPerUsd: 6.9 }, contact: { ...DEFAULT_CONTACT, phone: '+86 755 1234 5678' }, freeShipping: { thresholdUsdCents: 6_900 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.exchangeRate.cnyPerUsd).toBe(6.9);
    expect(res.body.contact.phone).toBe('+86 755 1234 5678');
    expect(res.body.contact.email).toBe(DEFAULT_CONTACT.email);

    const history = await staff.owner('GET', '/api/admin/settings/exchange-rates');
    expect(history.status).toBe(200);
    expect(history.body.data[0]).toMatchObject({ cnyPerUsd: 6.9, setBy: { id: ownerId, name: 'owner person' } });
    // the seeded 7.1 is in the history too, set by nobody
    expect(history.body.data.at(-1)).toMatchObject({ cnyPerUsd: 7.1, setBy: null });

    const audit = await t.services.audit.of('settings', 'shop');
    const entry = audit[0]!;
    expect(entry.action).toBe('settings.update');
    expect(entry.actor.id).toBe(ownerId);
    expect(Object.keys(entry.after ?? {}).sort()).toEqual(['contact', 'exchangeRate']); // the threshold was already 6900 (the demo seed)
    expect(entry.before).toMatchObject({ exchangeRate: { cnyPerUsd: 7.1 } });

    // the same values again change nothing and write no history
    await staff.owner('PUT', '/api/admin/settings', { body: { exchangeRate: { cnyPerUsd: 6.9 } } });
    expect((await staff.owner('GET', '/api/admin/settings/exchange-rates')).body.data.filter((r: { cnyPerUsd: number }) => r.cnyPerUsd === 6.9)).toHaveLength(
      1,
    );
    expect(await t.services.audit.of('settings', 'shop')).toHaveLength(audit.length);
  });

  it('shows the new rate in storefront prices and the new contacts in the public settings at once', async () => {
    const usd = await anonymous()('GET', `/api/items/${t.products.cube}`, { currency: 'USD' });
    expect(usd.body.price).toBe(18.7); // ¥129.00 at 6.9
    const pub = await anonymous()('GET', '/api/shop/settings');
    expect(pub.status).toBe(200);
    expect(pub.body.contact.phone).toBe('+86 755 1234 5678');
    expect(pub.body).not.toHaveProperty('bankTransfer');
    await staff.owner('PUT', '/api/admin/settings', { body: { exchangeRate: { cnyPerUsd: 7.1 } } });
    expect((await anonymous()('GET', `/api/items/${t.products.cube}`, { currency: 'USD' })).body.price).toBe(18.17);
  });

  it('serves the carousel: the newest products, or the picked ones in their order', async () => {
    const newest = await anonymous()('GET', '/api/shop/carousel');
    expect(newest.status).toBe(200);
    expect(newest.body.data.length).toBeGreaterThan(0);
    const picks = [t.products.timer, t.products.cube];
    const put = await staff.owner<TStaffSettings>('PUT', '/api/admin/settings', { body: { carousel: { mode: 'picked', productIds: picks } } });
    expect(put.status).toBe(200);
    const picked = await anonymous()('GET', '/api/shop/carousel', { lang: 'zh' });
    expect(picked.body.data.map((p: { id: number }) => p.id)).toEqual(picks);
    expect(picked.body.data[0].name).toBe('轨道 计时器');
    expect((await anonymous()('GET', '/api/shop/settings')).body.carousel.mode).toBe('picked');
    await staff.owner('PUT', '/api/admin/settings', { body: { carousel: { mode: 'newest', productIds: [] } } });
  });

  it('names the document seller when set, else the bank account holder', async () => {
    const bank = { accountName: 'Cube Bank Holder Ltd', bank: 'Bank of Cubes', bankAddress: null, swift: 'ABCDCNSH', accountNumber: '6222000011112222' };
    expect((await staff.owner('PUT', '/api/admin/settings', { body: { bankTransfer: bank } })).status).toBe(200);
    expect((await staff.owner('PUT', '/api/admin/settings', { body: { documentSeller: { name: 'Cubeshop Trading Ltd', address: 'Shenzhen' } } })).status).toBe(
      200,
    );
    expect((await t.services.settings.get('documentSeller'))?.name).toBe('Cubeshop Trading Ltd');
    // the proforma names that seller, with its address
    expect((await buyer('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
    const placed = await buyer('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.body.id}/documents/proforma.pdf?lang=en`,
      headers: { authorization: buyerAuth },
    });
    expect(pdf.statusCode).toBe(200);
    const { compact } = await pdfText(pdf.rawPayload);
    expect(compact).toContain(squeeze('Cubeshop Trading Ltd'));
    expect(compact).toContain('Shenzhen');
    const cleared = await staff.owner<TStaffSettings>('PUT', '/api/admin/settings', { body: { documentSeller: null } });
    expect(cleared.body.documentSeller).toBeNull();
    expect(cleared.body.bankTransfer?.accountName).toBe('Cube Bank Holder Ltd');
  });
});
