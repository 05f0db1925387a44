import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffRole } from '@cubeshop/shared';
import { createShopApp, shopClient, type Json, type ShopApp, type ShopCall } from '../../../test/shop.js';

// The catalog back office (docs/catalog.md, Back office): products created, edited, archived and
// restored by staff with catalog.manage; pictures checked by content; categories and brands.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let buyer: ShopCall;
let anonymous: ShopCall;
let ids: { categoryId: number; supplierId: number };
const tag = randomBytes(3).toString('hex');

function input(extra: Record<string, unknown> = {}) {
  return {
    nameZh: `测试魔方 ${tag}`,
    nameEn: `Test Cube ${tag}`,
    descriptionZh: '<p>好<script>alert(1)</script></p>',
    descriptionEn: '<p>Good</p>',
    types: [
      { code: 'black', zh: '黑色', en: 'Black' },
      { code: 'white', zh: '白色', en: 'White' },
    ],
    categoryId: ids.categoryId,
    supplierId: ids.supplierId,
    price: 20,
    discountPercent: 10,
    priceTiers: [
      { minQuantity: 12, price: 15 },
      { minQuantity: 60, price: 12.5 },
    ],
    moq: 1,
    volumeCm3: 500,
    cartonVolumeCm3: 100_000,
    stock: [
      { typeCode: 'black', onHand: 40 },
      { typeCode: 'white', onHand: 5 },
    ],
    ...extra,
  };
}

/** A multipart body with one file field. */
async function upload(call: 'owner' | 'catalog' | 'sales', url: string, bytes: Buffer, filename = 'a.png') {
  const boundary = `----cubeshop${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const token = tokens[call];
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'x-lang-type': 'en' },
  });
  return { status: res.statusCode, body: res.json<Json>() };
}
const tokens = {} as Record<string, string>;

const png = (w = 64, h = 48, colour = '#c41e3a') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role });
    tokens[role] = await t.services.authn.issueUserToken(user.id);
    staff[role] = shopClient(t, tokens[role]);
  }
  const b = await t.services.account.createUser({ account: `buyer_${tag}`, name: 'buyer' });
  buyer = shopClient(t, await t.services.authn.issueUserToken(b.id));
  anonymous = shopClient(t, undefined);
  const { categories, suppliers } = await t.services.catalog.writes.slugIds();
  ids = { categoryId: categories.get('cubes')!, supplierId: suppliers.get('orbit')! };
});
afterAll(async () => {
  await t?.close();
});

describe('catalog admin: roles', () => {
  it('lets owner and catalog through, and answers 403 to other staff and buyers, 401 to visitors', async () => {
    const calls: [string, (c: ShopCall) => Promise<{ status: number }>][] = [
      ['list', (c) => c('GET', '/api/admin/items')],
      ['create (empty body)', (c) => c('POST', '/api/admin/items', { body: {} })],
      ['get', (c) => c('GET', `/api/admin/items/${t.products.cube}`)],
      ['archive unknown', (c) => c('POST', '/api/admin/items/999999999/archive', { body: {} })],
      ['categories', (c) => c('GET', '/api/admin/categories')],
      ['brands', (c) => c('GET', '/api/admin/brands')],
    ];
    for (const [what, call] of calls) {
      for (const role of ['owner', 'catalog'] as const) expect([200, 400, 404], `${what} as ${role}`).toContain((await call(staff[role])).status);
      for (const role of ['sales', 'warehouse', 'service'] as const) expect((await call(staff[role])).status, `${what} as ${role}`).toBe(403);
      expect((await call(buyer)).status, `${what} as buyer`).toBe(403);
      expect((await call(anonymous)).status, `${what} as visitor`).toBe(401);
    }
  });
});

describe('catalog admin: products', () => {
  it("refuses bad input naming the field, in the staff member's language", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nameEn: '' }, 'nameEn'],
      [{ price: 1.234 }, 'price'],
      [{ priceTiers: [{ minQuantity: 12, price: 25 }] }, 'priceTiers.0.price'],
      [
        {
          priceTiers: [
            { minQuantity: 12, price: 15 },
            { minQuantity: 6, price: 12 },
          ],
        },
        'priceTiers.1.minQuantity',
      ],
      [
        {
          types: [
            { code: 'a', zh: 'a', en: 'a' },
            { code: 'a', zh: 'b', en: 'b' },
          ],
          stock: [],
        },
        'types.1.code',
      ],
      [{ stock: [{ typeCode: 'red', onHand: 1 }] }, 'stock.0.typeCode'],
    ];
    for (const [extra, field] of cases) {
      const res = await staff.catalog('POST', '/api/admin/items', { body: input(extra) });
      expect(res.status, field).toBe(400);
      expect(res.body.details?.field, JSON.stringify(res.body)).toBe(field);
    }
    const zh = await staff.catalog('POST', '/api/admin/items', { body: input({ price: -1 }), lang: 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.body.desc).toMatch(/[\u4e00-\u9fff]/);
    const unknown = await staff.catalog('POST', '/api/admin/items', { body: input({ categoryId: 999_999 }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.field).toBe('categoryId');
  });

  it('creates a product with types, tiers and stock; it shows on the storefront in both languages; edits are audited', async () => {
    const created = await staff.catalog('POST', '/api/admin/items', { body: input({ barcode: `BC${tag}` }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = created.body;
    expect(item.discountPrice).toBe(18);
    expect(item.volumeWeightG).toBe(100);
    expect(item.totalVolumeWeightG).toBe(20_000);
    expect(item.descriptionZh).not.toContain('script');
    expect(item.stock.map((s: Json) => [s.typeCode, s.onHand])).toEqual([
      ['black', 40],
      ['white', 5],
    ]);
    expect(item.stockStatus).toBe('in_stock');
    const en = await anonymous('GET', `/api/items/${item.id}`);
    expect(en.status).toBe(200);
    expect(en.body.name).toBe(`Test Cube ${tag}`);
    const zh = await anonymous('GET', `/api/items/${item.id}`, { lang: 'zh' });
    expect(zh.body.name).toBe(`测试魔方 ${tag}`);
    const search = await anonymous('GET', '/api/items', { query: { keyword: `Test Cube ${tag}` } });
    expect(search.body.data.map((p: Json) => p.id)).toContain(item.id);

    // The barcode is unique among products.
    const twin = await staff.catalog('POST', '/api/admin/items', { body: input({ barcode: `BC${tag}` }) });
    expect(twin.status).toBe(400);
    expect(twin.body.details.field).toBe('barcode');
    expect(twin.body.desc).toContain(String(item.id));

    // The stock-state filter: 45 pieces in stock.
    const inStock = await staff.owner('GET', '/api/admin/items', { query: { keyword: `Test Cube ${tag}`, stockStatus: 'in_stock' } });
    expect(inStock.body.data.map((r: Json) => r.id)).toContain(item.id);
    const out = await staff.owner('GET', '/api/admin/items', { query: { keyword: `Test Cube ${tag}`, stockStatus: 'out_of_stock' } });
    expect(out.body.data.map((r: Json) => r.id)).not.toContain(item.id);
    expect(out.body.pager.recTotal).toBe(out.body.data.length);

    // Staff find it by id, barcode and name.
    for (const keyword of [String(item.id), `BC${tag}`, `Test Cube ${tag}`]) {
      const list = await staff.owner('GET', '/api/admin/items', { query: { keyword } });
      expect(
        list.body.data.map((r: Json) => r.id),
        keyword,
      ).toContain(item.id);
    }

    const edited = await staff.owner('PUT', `/api/admin/items/${item.id}`, {
      body: input({ nameEn: `Renamed ${tag}`, price: 30, stock: [{ typeCode: 'white', onHand: 0 }] }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.price).toBe(30);
    expect(edited.body.stock.find((s: Json) => s.typeCode === 'white').onHand).toBe(0);
    expect(edited.body.stock.find((s: Json) => s.typeCode === 'black').onHand).toBe(40);
    const after = await anonymous('GET', `/api/items/${item.id}`);
    expect(after.body.name).toBe(`Renamed ${tag}`);
    const history = await t.services.audit.of('item', item.id);
    const update = history.find((e) => e.action === 'item.update')!;
    expect(update.before).toMatchObject({ nameEn: `Test Cube ${tag}`, price: 20 });
    expect(update.after).toMatchObject({ nameEn: `Renamed ${tag}`, price: 30, stock: { black: 40, white: 0 } });
    expect(history.some((e) => e.action === 'item.create')).toBe(true);
  });

  it('archives a product: gone from the storefront lists, search and detail, kept for staff; restore brings it back', async () => {
    const created = (await staff.catalog('POST', '/api/admin/items', { body: input({ nameEn: `Archive me ${tag}`, barcode: null }) })).body;
    expect((await anonymous('GET', `/api/items/${created.id}`)).status).toBe(200);
    const archived = await staff.catalog('POST', `/api/admin/items/${created.id}/archive`, { body: {} });
    expect(archived.status).toBe(200);
    expect(archived.body.archivedTime).not.toBeNull();
    expect((await anonymous('GET', `/api/items/${created.id}`)).status).toBe(404);
    // Nor can it be bought.
    expect([400, 404]).toContain((await buyer('POST', '/api/cart/items', { body: { itemId: created.id, type: 'black', quantity: 1 } })).status);
    const search = await anonymous('GET', '/api/items', { query: { keyword: `Archive me ${tag}` } });
    expect(search.body.data).toHaveLength(0);
    const all = await anonymous('GET', '/api/items', { query: { categoryId: ids.categoryId, recPerPage: 120 } });
    expect(all.body.data.map((p: Json) => p.id)).not.toContain(created.id);
    const staffList = await staff.catalog('GET', '/api/admin/items', { query: { archived: 'true', keyword: String(created.id) } });
    expect(staffList.body.data.map((r: Json) => r.id)).toEqual([created.id]);
    expect((await staff.catalog('GET', `/api/admin/items/${created.id}`)).status).toBe(200);
    const restored = await staff.catalog('POST', `/api/admin/items/${created.id}/restore`, { body: {} });
    expect(restored.body.archivedTime).toBeNull();
    expect((await anonymous('GET', `/api/items/${created.id}`)).status).toBe(200);
    const actions = (await t.services.audit.of('item', created.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['item.archive', 'item.restore']));
  });
});

describe('catalog admin: pictures', () => {
  it('accepts PNG by content, re-encodes it into the served sizes, orders, chooses the main one and deletes', async () => {
    const id = t.products.timer;
    const before = (await anonymous('GET', `/api/items/${id}`)).body.image as string;
    const first = await upload('catalog', `/api/admin/items/${id}/images`, await png(64, 48, '#ff0000'));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.images).toHaveLength(1);
    const detail = (await anonymous('GET', `/api/items/${id}`)).body;
    expect(detail.image).not.toBe(before);
    expect(detail.images).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: detail.image, headers: { accept: 'image/webp' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // The uploaded photo itself (red on white), not a generated drawing.
    expect(String(served.headers.etag)).toMatch(/^"upload-/);
    const red = await sharp(served.rawPayload).extract({ left: 390, top: 390, width: 20, height: 20 }).stats();
    expect(red.channels[0]!.mean).toBeGreaterThan(200);
    expect(red.channels[2]!.mean).toBeLessThan(100);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    const thumb = await t.app.inject({ method: 'GET', url: detail.thumbnail, headers: { accept: 'image/png' } });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

    const second = await upload('owner', `/api/admin/items/${id}/images`, await png(30, 30, '#0000ff'));
    expect(second.body.images).toHaveLength(2);
    const [a, b] = second.body.images.map((i: Json) => i.id);
    const ordered = await staff.catalog('PUT', `/api/admin/items/${id}/images`, { body: { ids: [b, a] } });
    expect(ordered.body.images.map((i: Json) => i.id)).toEqual([b, a]);
    const main = await t.app.inject({ method: 'GET', url: (await anonymous('GET', `/api/items/${id}`)).body.image, headers: { accept: 'image/png' } });
    const centre = await sharp(main.rawPayload).extract({ left: 150, top: 150, width: 20, height: 20 }).stats();
    expect(centre.channels[2]!.mean).toBeGreaterThan(200);
    expect(centre.channels[0]!.mean).toBeLessThan(100);
    expect((await staff.catalog('PUT', `/api/admin/items/${id}/images`, { body: { ids: [a] } })).status).toBe(400);

    await staff.catalog('DELETE', `/api/admin/items/${id}/images/${a}`);
    const gone = await staff.catalog('DELETE', `/api/admin/items/${id}/images/${b}`);
    expect(gone.body.images).toHaveLength(0);
    // No uploads left: the generated pictures show again, under a new version.
    const back = (await anonymous('GET', `/api/items/${id}`)).body;
    expect(back.images.length).toBeGreaterThan(1);
    expect((await t.app.inject({ method: 'GET', url: back.image })).statusCode).toBe(200);
  });

  it('refuses files that are not pictures whatever their name, and other roles', async () => {
    const id = t.products.sticker;
    const fake = await upload('catalog', `/api/admin/items/${id}/images`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png');
    expect(fake.status).toBe(400);
    expect(fake.body.details.field).toBe('file');
    const text = await upload('catalog', `/api/admin/items/${id}/images`, Buffer.from('hello world'), 'x.jpg');
    expect(text.status).toBe(400);
    expect((await upload('sales', `/api/admin/items/${id}/images`, await png())).status).toBe(403);
    expect((await upload('catalog', '/api/admin/items/999999999/images', await png())).status).toBe(404);
  });
});

describe('catalog admin: categories and brands', () => {
  it('creates, renames, moves without cycles, reorders, and deletes only empty categories', async () => {
    const root = (await staff.catalog('POST', '/api/admin/categories', { body: { slug: `root-${tag}`, nameZh: '根', nameEn: 'Root' } })).body;
    const child = (await staff.catalog('POST', '/api/admin/categories', { body: { slug: `child-${tag}`, nameZh: '子', nameEn: 'Child', parentId: root.id } }))
      .body;
    const second = (
      await staff.catalog('POST', '/api/admin/categories', { body: { slug: `second-${tag}`, nameZh: '二', nameEn: 'Second', parentId: root.id } })
    ).body;
    expect([child.position, second.position]).toEqual([0, 1]);
    const dup = await staff.catalog('POST', '/api/admin/categories', { body: { slug: `root-${tag}`, nameZh: '根', nameEn: 'Root' } });
    expect(dup.status).toBe(400);
    expect(dup.body.details.field).toBe('slug');

    const cycle = await staff.catalog('PUT', `/api/admin/categories/${root.id}`, { body: { parentId: child.id } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.details.field).toBe('parentId');
    const self = await staff.catalog('PUT', `/api/admin/categories/${root.id}`, { body: { parentId: root.id } });
    expect(self.status).toBe(400);

    const moved = await staff.catalog('PUT', `/api/admin/categories/${second.id}`, { body: { position: 0, nameEn: 'Second renamed' } });
    expect(moved.body).toMatchObject({ position: 0, nameEn: 'Second renamed' });
    const tree = (await anonymous('GET', '/api/categories')).body as Json[];
    const shown = tree.find((c: Json) => c.id === root.id);
    expect(shown.children.map((c: Json) => c.id)).toEqual([second.id, child.id]);

    // A category holding a product (even archived) cannot vanish; one with children neither.
    const item = (await staff.catalog('POST', '/api/admin/items', { body: input({ categoryId: child.id, barcode: null, nameEn: `In child ${tag}` }) })).body;
    await staff.catalog('POST', `/api/admin/items/${item.id}/archive`, { body: {} });
    const held = await staff.catalog('DELETE', `/api/admin/categories/${child.id}`, { lang: 'zh' });
    expect(held.status).toBe(409);
    expect(held.body.desc).toContain('商品');
    const parent = await staff.catalog('DELETE', `/api/admin/categories/${root.id}`);
    expect(parent.status).toBe(409);
    expect((await staff.catalog('DELETE', `/api/admin/categories/${second.id}`)).status).toBe(204);
    const actions = (await t.services.audit.of('category', second.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['category.create', 'category.update', 'category.delete']));
  });

  it('creates and renames brands, sets the authorization flag and serves an uploaded logo at a versioned URL', async () => {
    const brand = await staff.catalog('POST', '/api/admin/brands', { body: { slug: `brand-${tag}`, nameZh: '品牌', nameEn: 'Brand' } });
    expect(brand.status).toBe(201);
    expect(brand.body).toMatchObject({ authorized: false, logo: null });
    const renamed = await staff.catalog('PUT', `/api/admin/brands/${brand.body.id}`, { body: { nameEn: 'Brand Two', authorized: true } });
    expect(renamed.body).toMatchObject({ nameEn: 'Brand Two', authorized: true });
    const logo = await upload('catalog', `/api/admin/brands/${brand.body.id}/logo`, await png(200, 100));
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    expect(logo.body.logo).toMatch(/\/api\/suppliers\/\d+\/logo\?v=1$/);
    const served = await t.app.inject({ method: 'GET', url: logo.body.logo, headers: { accept: 'image/webp' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const listed = (await staff.owner('GET', '/api/admin/brands')).body.data as Json[];
    expect(listed.find((b: Json) => b.id === brand.body.id)).toMatchObject({ nameEn: 'Brand Two', authorized: true, logo: logo.body.logo });
    expect((await t.services.audit.of('brand', brand.body.id)).map((e) => e.action)).toEqual(expect.arrayContaining(['brand.create', 'brand.update']));
    // The storefront's brand authorization page lists it, with its logo, in the buyer's language.
    const shown = await anonymous('GET', '/api/suppliers/authorized', { lang: 'zh' });
    expect(shown.body.data).toContainEqual({ id: brand.body.id, name: '品牌', logo: logo.body.logo });
  });

  it('answers two staff saving the same new brand at once with one brand and a 400 or 409, never a 500', async () => {
    const body = { slug: `twin-${tag}`, nameZh: '双', nameEn: 'Twin' };
    const answers = await Promise.all([staff.owner('POST', '/api/admin/brands', { body }), staff.catalog('POST', '/api/admin/brands', { body })]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    const listed = (await staff.owner('GET', '/api/admin/brands')).body.data as Json[];
    expect(listed.filter((b: Json) => b.slug === body.slug)).toHaveLength(1);
  });
});
