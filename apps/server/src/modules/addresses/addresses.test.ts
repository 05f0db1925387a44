import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, type TAddress } from '@cubeshop/shared';
import { ADDRESS, createBuyer, createShopApp, shopClient, type ShopApp } from '../../test/shop.js';

// Delivery addresses (docs/requirements.md, Screens, Data, States, Validation and API; docs/orders.md).
let t: ShopApp;
beforeAll(async () => {
  t = await createShopApp();
});
afterAll(async () => {
  await t.close();
});

const buyer = async () => shopClient(t, (await createBuyer(t, 'addr')).token);
const defaults = (list: TAddress[]) => list.filter((a) => a.asDefault).map((a) => a.id);

describe('addresses', () => {
  it('needs a signed-in buyer', async () => {
    const anon = shopClient(t, undefined);
    expect((await anon('GET', '/api/address')).status).toBe(401);
    expect((await anon('POST', '/api/address', { body: ADDRESS })).status).toBe(401);
  });

  it('creates, reads, replaces and deletes, with every field of docs/requirements.md, Data, Address', async () => {
    const c = await buyer();
    const created = await c<TAddress>('POST', '/api/address', { body: { ...ADDRESS, deliveryRegionId: 'us' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...ADDRESS, deliveryRegionId: 'US', asDefault: true });
    const id = created.body.id;
    expect((await c<TAddress>('GET', `/api/address/${id}`)).body).toEqual(created.body);
    // PUT replaces every field: optional ones left out become null, '' counts as absent
    const replaced = await c<TAddress>('PUT', `/api/address/${id}`, {
      body: {
        ...ADDRESS,
        deliveryCity: 'Oakland',
        deliveryCompany: '',
        deliveryAddress2: undefined,
        deliveryTaxId: undefined,
        deliveryShippingMark: undefined,
        deliveryState: undefined,
      },
    });
    expect(replaced.body).toMatchObject({
      deliveryCity: 'Oakland',
      deliveryCompany: null,
      deliveryAddress2: null,
      deliveryTaxId: null,
      deliveryState: null,
      asDefault: true,
    });
    expect((await c('DELETE', `/api/address/${id}`)).body).toEqual({ ok: true, id });
    expect((await c('GET', `/api/address/${id}`)).status).toBe(404);
    expect((await c<TAddress[]>('GET', '/api/address')).body).toEqual([]);
  });

  it('keeps exactly one default: the first, the one set, and a promoted one after deleting it', async () => {
    const c = await buyer();
    const a = (await c<TAddress>('POST', '/api/address', { body: { ...ADDRESS, deliveryCity: 'A' } })).body;
    const b = (await c<TAddress>('POST', '/api/address', { body: { ...ADDRESS, deliveryCity: 'B' } })).body;
    expect(a.asDefault).toBe(true);
    expect(b.asDefault).toBe(false);
    const cc = (await c<TAddress>('POST', '/api/address', { body: { ...ADDRESS, deliveryCity: 'C', asDefault: true } })).body;
    expect(cc.asDefault).toBe(true);
    let list = (await c<TAddress[]>('GET', '/api/address')).body;
    expect(defaults(list)).toEqual([cc.id]);
    expect(list[0]!.id).toBe(cc.id); // default first
    expect((await c<TAddress>('PUT', `/api/address/${b.id}/default`)).body.asDefault).toBe(true);
    list = (await c<TAddress[]>('GET', '/api/address')).body;
    expect(defaults(list)).toEqual([b.id]);
    // asDefault false on the default leaves it the default
    expect((await c<TAddress>('PUT', `/api/address/${b.id}`, { body: { ...ADDRESS, deliveryCity: 'B2', asDefault: false } })).body.asDefault).toBe(true);
    // PUT with asDefault true moves the flag
    expect((await c<TAddress>('PUT', `/api/address/${a.id}`, { body: { ...ADDRESS, deliveryCity: 'A2', asDefault: true } })).body.asDefault).toBe(true);
    expect(defaults((await c<TAddress[]>('GET', '/api/address')).body)).toEqual([a.id]);
    // deleting the default promotes the most recently changed other one (b was changed after c)
    await c('DELETE', `/api/address/${a.id}`);
    expect(defaults((await c<TAddress[]>('GET', '/api/address')).body)).toEqual([b.id]);
    await c('DELETE', `/api/address/${b.id}`);
    expect(defaults((await c<TAddress[]>('GET', '/api/address')).body)).toEqual([cc.id]);
    await c('DELETE', `/api/address/${cc.id}`);
    expect((await c<TAddress[]>('GET', '/api/address')).body).toEqual([]);
  });

  it('gives every concurrent first address one default between them', async () => {
    const c = await buyer();
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => c<TAddress>('POST', '/api/address', { body: { ...ADDRESS, deliveryCity: `City ${i}` } })),
    );
    expect(created.every((r) => r.status === 200)).toBe(true);
    expect(defaults((await c<TAddress[]>('GET', '/api/address')).body)).toHaveLength(1);
  });

  it('validates the fields of docs/requirements.md, Validation on the server, in the request language', async () => {
    const c = await buyer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ deliveryUser: 'A' }, 'deliveryUser', 'At least 2 characters'],
      [{ deliveryUser: '' }, 'deliveryUser', 'deliveryUser is required'],
      [{ deliveryPhone: '555-CALL-NOW' }, 'deliveryPhone', 'Invalid phone number'],
      [{ deliveryPhone: undefined }, 'deliveryPhone', 'deliveryPhone is required'],
      [{ deliveryCity: '  ' }, 'deliveryCity', 'deliveryCity is required'],
      [{ deliveryPostalCode: undefined }, 'deliveryPostalCode', 'deliveryPostalCode is required'],
      [{ deliveryPostalCode: '94#105' }, 'deliveryPostalCode', 'Invalid format'],
      [{ deliveryAddress: '' }, 'deliveryAddress', 'deliveryAddress is required'],
      [{ deliveryRegionId: undefined }, 'deliveryRegionId', 'deliveryRegionId is required'],
      [{ deliveryRegionId: 'USA' }, 'deliveryRegionId', 'Invalid format'],
    ];
    for (const [patch, field, desc] of cases) {
      const res = await c('POST', '/api/address', { body: { ...ADDRESS, ...patch } });
      expect(res.status, field).toBe(400);
      expect(res.body.desc, field).toBe(desc);
      expect(res.body.details?.field, field).toBe(field);
    }
    const unknown = await c('POST', '/api/address', { body: { ...ADDRESS, deliveryRegionId: 'ZZ' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.desc).toBe('Please choose a valid country or region');
    const zh = await c('POST', '/api/address', { body: { ...ADDRESS, deliveryPhone: 'abc' }, lang: 'zh' });
    expect(zh.body.desc).toBe('电话号码无效');
    expect(
      (await c('POST', '/api/address', { body: { ...ADDRESS, deliveryCompany: undefined, deliveryTaxId: undefined, deliveryShippingMark: undefined } })).status,
    ).toBe(200);
  });

  it('never shows or changes another buyer’s address', async () => {
    const owner = await buyer();
    const other = await buyer();
    const a = (await owner<TAddress>('POST', '/api/address', { body: ADDRESS })).body;
    expect((await other('GET', `/api/address/${a.id}`)).status).toBe(404);
    expect((await other('PUT', `/api/address/${a.id}`, { body: ADDRESS })).status).toBe(404);
    expect((await other('PUT', `/api/address/${a.id}/default`)).status).toBe(404);
    const del = await other('DELETE', `/api/address/${a.id}`);
    expect(del.status).toBe(404);
    expect(del.body.desc).toBe('The address does not exist');
    expect((await other<TAddress[]>('GET', '/api/address')).body).toEqual([]);
    expect((await owner<TAddress>('GET', `/api/address/${a.id}`)).body.deliveryCity).toBe(ADDRESS.deliveryCity);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const c = await buyer();
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await c('POST', '/api/address', { body: ADDRESS })).status).toBe(200);
    const res = await c('POST', '/api/address', { body: ADDRESS });
    expect(res.status).toBe(400);
    expect(res.body.desc).toBe(`You can keep at most ${MAX_ADDRESSES} addresses`);
  });
});
