// Over 400 lines on purpose: the catalog API's behaviour over one seeded catalog (lists, filters,
// sorts, detail, pictures); one app and one seed for all of it keeps the suite fast.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMinor, ZProductListQuery, type TCategory, type TProduct, type TProductDetail, type TProductList, type TSupplier } from '@cubeshop/shared';
import { seedCatalog } from '../../cli/seed/catalog.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { createCatalog } from './catalog.module.js';
import { createCatalogRepository } from './catalog.repository.js';
import { createCatalogSearchRepository } from './search/catalog.search.repository.js';

/**
 * The catalog API against a real database: 150 generated SKUs plus six hand-made ones of the
 * brand "Nebula / 星河" whose prices, dates and names the assertions rely on. Longer than 400
 * lines because every part of the API shares this one (slow to build) fixture.
 */
let t: TestApp;
const now = new Date();
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const RATE = 7.1;
const ids: Record<'wing' | 'starlet' | 'timer' | 'mirror' | 'lubeA' | 'lubeB', number> = {} as never;
let nebula: number;
let cat: Map<string, number>;

async function get<T = TProductList>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<T>(), headers: res.headers };
}
const fixtureList = (query: string, headers: Record<string, string> = {}) => get(`/api/items?supplierId=${nebula}&${query}`, headers);
/** The read side of another catalog on the same database, with its own options and caches. */
const catalogWith = (options: { searchCountCap?: number }) =>
  createCatalog({
    repo: createCatalogRepository(t.services.database.db),
    searchRepo: createCatalogSearchRepository(t.services.database.db),
    settings: t.services.settings,
    ...options,
  }).query;

beforeAll(async () => {
  t = await createTestApp();
  await t.services.settings.set('exchangeRate', { cnyPerUsd: RATE });
  await seedCatalog(t.services.catalog.writes, { skus: 150, now });
  const catalog = t.services.catalog.writes;
  nebula = await catalog.createSupplier({ slug: 'nebula', nameZh: '星河', nameEn: 'Nebula', position: 99 });
  cat = (await catalog.slugIds()).categories;
  const base = { supplierId: nebula, types: [{ code: 'black', zh: '黑色', en: 'Black' }] };
  const [wing, starlet, timer, mirror, lubeA, lubeB] = await catalog.addItems([
    {
      ...base,
      nameZh: '星河 飞翼 三阶磁力魔方',
      nameEn: 'Nebula Wing 3x3 Magnetic Speed Cube',
      descriptionZh: '<p onclick="steal()">好用<script>alert(1)</script></p><img src="javascript:alert(1)"><a href="https://example.com">官网</a>',
      descriptionEn: '<p>Fast<script>alert(1)</script></p><iframe src="https://evil.example"></iframe>',
      types: [
        { code: 'black', zh: '黑色', en: 'Black' },
        { code: 'stickerless', zh: '实色', en: 'Stickerless' },
      ],
      categoryId: cat.get('3x3')!,
      priceFen: 12_900,
      hot: true,
      barcode: '6901234567892',
      nwG: 85,
      gwG: 125,
      volumeCm3: 343,
      pkgZh: '彩盒',
      pkgEn: 'Color box',
      carton: '60×40×45 cm',
      pcs: 120,
      dimension: '5.6×5.6×5.6',
      unitNwDesc: '85g',
      unitGwDesc: '125g',
      unitVolumeDesc: '7×7×7 cm',
      unitVolumeWeightDesc: '69g',
      cartonVolumeCm3: 108_000,
      commentZh: '含调节工具',
      commentEn: 'Adjustment tool included',
      imageCount: 3,
      createdAt: daysAgo(2),
      updatedAt: daysAgo(1),
    },
    {
      ...base,
      nameZh: '星河 小星 二阶魔方',
      nameEn: 'Nebula Starlet 2x2 Speed Cube',
      categoryId: cat.get('2x2')!,
      priceFen: 3_000,
      discountPercent: 20,
      createdAt: daysAgo(800),
      updatedAt: daysAgo(10),
    },
    {
      ...base,
      nameZh: '星河 专业计时器',
      nameEn: 'Nebula Pro Timer',
      categoryId: cat.get('timers')!,
      priceFen: 19_900,
      moq: 2,
      orderMultiple: 2,
      createdAt: daysAgo(100),
      updatedAt: daysAgo(3),
    },
    {
      ...base,
      nameZh: '星河 镜面魔方',
      nameEn: 'Nebula Mirror Cube',
      categoryId: cat.get('mirror')!,
      priceFen: 7_100,
      createdAt: daysAgo(50),
      updatedAt: daysAgo(20),
    },
    {
      ...base,
      nameZh: '星河 润滑油 甲',
      nameEn: 'Nebula Lube A',
      categoryId: cat.get('lubricants')!,
      priceFen: 7_097,
      createdAt: daysAgo(60),
      updatedAt: daysAgo(30),
    },
    {
      ...base,
      nameZh: '星河 润滑油 乙',
      nameEn: 'Nebula Lube B',
      categoryId: cat.get('lubricants')!,
      priceFen: 7_096,
      createdAt: daysAgo(70),
      updatedAt: daysAgo(40),
    },
  ]);
  Object.assign(ids, { wing, starlet, timer, mirror, lubeA, lubeB });
});

afterAll(async () => {
  await t?.close();
});

describe(`catalog lists (${TEST_DB_KIND})`, () => {
  it('pages 120 at a time by default and says how many there are', async () => {
    const first = await get('/api/items');
    expect(first.status).toBe(200);
    expect(first.body.pager).toEqual({ page: 1, recPerPage: 120, recTotal: 156 });
    expect(first.body.data).toHaveLength(120);
    const second = await get('/api/items?page=2');
    expect(second.body.data).toHaveLength(36);
    const seen = new Set([...first.body.data, ...second.body.data].map((p) => p.id));
    expect(seen.size).toBe(156);
    const small = await get('/api/items?page=3&recPerPage=7');
    expect(small.body.pager).toEqual({ page: 3, recPerPage: 7, recTotal: 156 });
    expect(small.body.data.map((p) => p.id)).toEqual(first.body.data.slice(14, 21).map((p) => p.id));
  });

  it('refuses recPerPage above 120 and other bad parameters with 400 and a clear desc', async () => {
    const res = await get<{ code: string; desc: string }>('/api/items?recPerPage=121', { 'x-lang-type': 'en' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.desc).toContain('recPerPage');
    for (const bad of [
      'page=0',
      'page=abc',
      'sortBy=name',
      'order=up',
      'minPrice=-1',
      'minPrice=1e3',
      'maxPrice=abc',
      'supplierId=x',
      `keyword=${'x'.repeat(101)}`,
    ]) {
      const r = await get<{ desc: string }>(`/api/items?${bad}`, { 'x-lang-type': 'en' });
      expect(r.status, bad).toBe(400);
      expect(r.body.desc, bad).toMatch(/^Invalid querystring\./);
    }
    // empty parameters are the same as none (forms send them)
    expect((await get('/api/items?keyword=&minPrice=&categoryId=')).body.pager.recTotal).toBe(156);
  });

  it('returns card fields in the request language, with converted money and labels', async () => {
    const { body } = await fixtureList('keyword=wing', { 'x-lang-type': 'en', 'x-price-type': 'USD' });
    const wing = body.data[0]!;
    expect(wing).toMatchObject({
      id: ids.wing,
      name: 'Nebula Wing 3x3 Magnetic Speed Cube',
      types: [
        { code: 'black', name: 'Black' },
        { code: 'stickerless', name: 'Stickerless' },
      ],
      currency: 'USD',
      price: convertMinor(12_900, 'USD', RATE) / 100,
      discountPrice: 18.17,
      discountPercent: 0,
      basePrice: 18.17,
      supplierId: nebula,
      supplier: { id: nebula, name: 'Nebula' },
      categoryId: cat.get('3x3'),
      category: { id: cat.get('3x3'), slug: '3x3', name: '3x3 Cubes' },
      moq: 1,
      orderMultiple: null,
      favorite: false,
    });
    expect(wing.labels).toEqual(['H', 'N']);
    expect(wing.image).toMatch(new RegExp(`^/api/items/${ids.wing}/image\\?v=`));
    expect(wing.thumbnail).toMatch(new RegExp(`^/api/items/${ids.wing}/thumbnail\\?v=`));
    expect(wing).not.toHaveProperty('description');
    const zh = (await fixtureList('keyword=wing')).body.data[0]!;
    expect(zh).toMatchObject({ name: '星河 飞翼 三阶磁力魔方', currency: 'CNY', price: 129, supplier: { name: '星河' }, category: { name: '三阶魔方' } });
    const starlet = (await fixtureList('keyword=starlet')).body.data[0]!;
    expect(starlet).toMatchObject({ price: 30, discountPrice: 24, discountPercent: 20, basePrice: 24, labels: ['D'] });
  });

  it('filters by supplier, and by category including its descendants', async () => {
    const mine = await fixtureList('');
    expect(mine.body.pager.recTotal).toBe(6);
    expect(mine.body.data.every((p) => p.supplierId === nebula)).toBe(true);

    const tree = (await get<TCategory[]>('/api/categories')).body;
    const cubes = tree.find((c) => c.slug === 'cubes')!;
    const inCubes = new Set([cubes.id, ...cubes.children.map((c) => c.id)]);
    const all = await get(`/api/items?categoryId=${cubes.id}&recPerPage=120`);
    expect(all.body.pager.recTotal).toBeGreaterThan(10);
    expect(all.body.data.every((p) => inCubes.has(p.categoryId))).toBe(true);
    const ofNebula = await fixtureList(`categoryId=${cubes.id}`);
    expect(ofNebula.body.data.map((p) => p.id).sort()).toEqual([ids.wing, ids.starlet].sort());
    const leaf = await fixtureList(`categoryId=${cat.get('2x2')}`);
    expect(leaf.body.data.map((p) => p.id)).toEqual([ids.starlet]);

    const missing = await get<{ code: string; desc: string }>('/api/items?categoryId=999999', { 'x-lang-type': 'en' });
    expect(missing.status).toBe(404);
    expect(missing.body.desc).toBe('The category does not exist');
    expect((await get('/api/items?supplierId=999999')).body.pager.recTotal).toBe(0);
  });

  it('sorts by price and by update time, both ways, in CNY and USD', async () => {
    const byPrice = ['starlet', 'lubeB', 'lubeA', 'mirror', 'wing', 'timer'].map((k) => ids[k as keyof typeof ids]);
    for (const currency of ['CNY', 'USD']) {
      const asc = (await fixtureList('sortBy=basePrice', { 'x-price-type': currency })).body.data;
      expect(asc.map((p) => p.id)).toEqual(byPrice);
      expect(asc.map((p) => p.basePrice)).toEqual([...asc.map((p) => p.basePrice)].sort((a, b) => a - b));
      const desc = (await fixtureList('sortBy=basePrice&order=desc', { 'x-price-type': currency })).body.data;
      expect(desc.map((p) => p.id)).toEqual([...byPrice].reverse());
    }
    const usd = (await fixtureList('sortBy=basePrice', { 'x-price-type': 'USD' })).body.data.map((p) => p.basePrice);
    expect(usd).toEqual([3.38, 9.99, 10, 10, 18.17, 28.03]);

    const byUpdate = ['wing', 'timer', 'starlet', 'mirror', 'lubeA', 'lubeB'].map((k) => ids[k as keyof typeof ids]);
    expect((await fixtureList('')).body.data.map((p) => p.id)).toEqual(byUpdate);
    expect((await fixtureList('sortBy=lastUpdatedTime&order=desc')).body.data.map((p) => p.id)).toEqual(byUpdate);
    const asc = (await fixtureList('sortBy=lastUpdatedTime&order=asc')).body.data;
    expect(asc.map((p) => p.id)).toEqual([...byUpdate].reverse());
    const times = asc.map((p) => Date.parse(p.lastUpdatedTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('pages every sort the same way: pages join up, desc is asc reversed, ties broken by id', async () => {
    for (const sortBy of ['basePrice', 'lastUpdatedTime'] as const) {
      const pages = async (order: 'asc' | 'desc') => {
        const out: TProduct[] = [];
        for (let page = 1; page <= 23; page++) out.push(...(await get(`/api/items?sortBy=${sortBy}&order=${order}&page=${page}&recPerPage=7`)).body.data);
        return out;
      };
      const asc = await pages('asc');
      expect(asc).toHaveLength(156);
      const key = (p: TProduct) => (sortBy === 'basePrice' ? p.basePrice : Date.parse(p.lastUpdatedTime));
      for (let i = 1; i < asc.length; i++) {
        const [a, b] = [asc[i - 1]!, asc[i]!];
        expect(key(a) < key(b) || (key(a) === key(b) && a.id < b.id)).toBe(true);
      }
      expect((await pages('desc')).map((p) => p.id)).toEqual(asc.map((p) => p.id).reverse());
    }
  });

  it('filters by price in the display currency, exactly at the displayed cent', async () => {
    const cny = await fixtureList('minPrice=70.97&maxPrice=71');
    expect(cny.body.data.map((p) => p.id).sort()).toEqual([ids.lubeA, ids.mirror].sort());
    expect((await fixtureList('maxPrice=24')).body.data.map((p) => p.id)).toEqual([ids.starlet]); // the discounted price counts

    // ¥70.97 shows as $10.00 and ¥70.96 as $9.99 at 7.1 CNY per USD
    const usd = { 'x-price-type': 'USD' };
    const ten = await fixtureList('minPrice=10&maxPrice=10', usd);
    expect(ten.body.data.map((p) => p.id).sort()).toEqual([ids.lubeA, ids.mirror].sort());
    expect(ten.body.data.every((p) => p.basePrice === 10)).toBe(true);
    expect((await fixtureList('maxPrice=9.99&minPrice=9.99', usd)).body.data.map((p) => p.id)).toEqual([ids.lubeB]);
    expect((await fixtureList('minPrice=10.001', usd)).body.data.map((p) => p.basePrice).sort((a, b) => a - b)).toEqual([18.17, 28.03]);
    const range = await fixtureList('minPrice=5&maxPrice=20&sortBy=basePrice', usd);
    expect(range.body.data.map((p) => p.basePrice)).toEqual([9.99, 10, 10, 18.17]);
  });

  it('lists the hot, discount and newest tags with the matching label', async () => {
    const hot = await get('/api/items/hot?recPerPage=120');
    expect(hot.body.data.map((p) => p.id)).toContain(ids.wing);
    expect(hot.body.data.every((p) => p.labels.includes('H'))).toBe(true);
    const discount = await get('/api/items/discount?recPerPage=120');
    expect(discount.body.data.map((p) => p.id)).toContain(ids.starlet);
    expect(discount.body.data.every((p) => p.labels.includes('D') && p.discountPercent > 0)).toBe(true);
    const newest = await get('/api/items/newest?recPerPage=120');
    expect(newest.body.pager.recTotal).toBeGreaterThanOrEqual(60);
    expect(newest.body.data.map((p) => p.id)).toContain(ids.wing);
    expect(newest.body.data.map((p) => p.id)).not.toContain(ids.starlet);
    expect(newest.body.data.every((p) => p.labels.includes('N'))).toBe(true);
    // the tags take the list filters too
    expect((await get(`/api/items/discount?supplierId=${nebula}`)).body.data.map((p) => p.id)).toEqual([ids.starlet]);
  });
});

describe(`catalog search (${TEST_DB_KIND})`, () => {
  const found = async (keyword: string, extra = '') => (await fixtureList(`keyword=${encodeURIComponent(keyword)}${extra}`)).body.data.map((p) => p.id).sort();

  it('finds Chinese substrings, including 2-character words', async () => {
    expect(await found('魔方')).toEqual([ids.wing, ids.starlet, ids.mirror].sort());
    expect(await found('镜面')).toEqual([ids.mirror]);
    // Words of the name written together are cut into them ("魔域威龙", docs/catalog.md, Model names)
    expect(await found('飞翼魔方')).toEqual([ids.wing]);
    expect(await found('飞翼 魔方')).toEqual([ids.wing]);
    expect(await found('飞翼镜面')).toEqual([]);
    expect(await found('润滑油')).toEqual([ids.lubeA, ids.lubeB].sort());
    // across the whole catalog too: every generated cube is a 魔方
    const all = await get(`/api/items?keyword=${encodeURIComponent('魔方')}&recPerPage=120`);
    expect(all.body.pager.recTotal).toBeGreaterThan(100);
    expect(all.body.data.every((p) => p.name.includes('魔方') || p.category.name.includes('魔方'))).toBe(true);
  });

  it('finds English words in any case', async () => {
    expect(await found('WING')).toEqual([ids.wing]);
    expect(await found('magnetic speed')).toEqual([ids.wing]);
    expect(await found('timer')).toEqual([ids.timer]);
    expect(await found('ｗｉｎｇ')).toEqual([ids.wing]); // full-width letters
  });

  it('finds pinyin in full and by initials', async () => {
    expect(await found('feiyi')).toEqual([ids.wing]);
    expect(await found('mofang')).toEqual([ids.wing, ids.starlet, ids.mirror].sort());
    expect(await found('MoFang')).toEqual([ids.wing, ids.starlet, ids.mirror].sort());
    expect(await found('mf')).toEqual([ids.wing, ids.starlet, ids.mirror].sort());
    expect(await found('jmmf')).toEqual([ids.mirror]);
    expect(await found('runhuayou')).toEqual([ids.lubeA, ids.lubeB].sort());
  });

  it('finds a SKU id, a barcode and a brand name', async () => {
    expect((await get(`/api/items?keyword=${ids.wing}`)).body.data.map((p) => p.id)).toEqual([ids.wing]);
    expect((await get('/api/items?keyword=6901234567892')).body.data.map((p) => p.id)).toEqual([ids.wing]);
    expect((await get('/api/items?keyword=nebula')).body.pager.recTotal).toBe(6);
    expect((await get(`/api/items?keyword=${encodeURIComponent('星河')}`)).body.pager.recTotal).toBe(6);
    expect((await get('/api/items?keyword=xinghe')).body.pager.recTotal).toBe(6);
    const moyu = await get(`/api/items?keyword=${encodeURIComponent('魔域')}&recPerPage=120`);
    expect(moyu.body.pager.recTotal).toBeGreaterThan(0);
    expect(moyu.body.data.every((p) => p.supplier.name === '魔域')).toBe(true);
  });

  it('counts keyword matches only up to a cap, and says so', async () => {
    const capped = catalogWith({ searchCountCap: 3 });
    const query = ZProductListQuery.parse({ keyword: '魔方' });
    const page = await capped.list('all', query, { locale: 'zh', currency: 'CNY' });
    expect(page.body.pager).toEqual({ page: 1, recPerPage: 120, recTotal: 3, recTotalCapped: true });
    expect(page.body.data.length).toBeGreaterThan(3);
    const few = await capped.list('all', ZProductListQuery.parse({ keyword: '镜面', supplierId: nebula }), { locale: 'zh', currency: 'CNY' });
    expect(few.body.pager).toEqual({ page: 1, recPerPage: 120, recTotal: 1 });
    // filters without a keyword are counted exactly
    const exact = await capped.list('all', ZProductListQuery.parse({}), { locale: 'zh', currency: 'CNY' });
    expect(exact.body.pager.recTotal).toBe(156);
  });

  it('orders a broad keyword (walked along the sort) as a narrow one (gathered whole)', async () => {
    const walked = catalogWith({ searchCountCap: 8 });
    const gathered = catalogWith({});
    const view = { locale: 'zh', currency: 'CNY' } as const;
    for (const sort of [
      { sortBy: 'basePrice', order: 'asc' },
      { sortBy: 'basePrice', order: 'desc' },
      { sortBy: 'lastUpdatedTime' },
      { sortBy: 'lastUpdatedTime', order: 'asc' },
    ]) {
      const all = await gathered.list('all', ZProductListQuery.parse({ keyword: '魔方', recPerPage: 120, ...sort }), view);
      expect(all.body.pager.recTotalCapped).toBeUndefined();
      expect(all.body.pager.recTotal).toBeGreaterThan(10);
      const second = await walked.list('all', ZProductListQuery.parse({ keyword: '魔方', recPerPage: 5, page: 2, ...sort }), view);
      expect(second.body.pager.recTotalCapped).toBe(true);
      expect(second.ids).toEqual(all.ids.slice(5, 10));
    }
  });

  it('treats LIKE wildcards in a keyword as text', async () => {
    expect((await get('/api/items?keyword=%25')).body.pager.recTotal).toBe(0);
    expect((await get('/api/items?keyword=_')).body.pager.recTotal).toBe(0);
    expect((await get('/api/items?keyword=%5C')).body.pager.recTotal).toBe(0);
  });
});

describe(`product detail, categories, suppliers (${TEST_DB_KIND})`, () => {
  it('returns everything about a product, with sanitized HTML and the category path', async () => {
    const { status, body } = await get<TProductDetail>(`/api/items/${ids.wing}`, { 'x-lang-type': 'en' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: ids.wing,
      name: 'Nebula Wing 3x3 Magnetic Speed Cube',
      labels: ['H', 'N'],
      barcode: '6901234567892',
      comment: 'Adjustment tool included',
      nw: 0.085,
      gw: 0.125,
      volume: 0.000343,
      volumeWeight: 0.069,
      pkg: 'Color box',
      carton: '60×40×45 cm',
      pcs: 120,
      dimension: '5.6×5.6×5.6',
      unitNwDesc: '85g',
      unitGwDesc: '125g',
      unitVolumeDesc: '7×7×7 cm',
      unitVolumeWeightDesc: '69g',
      totalVolumeWeight: 21.6,
      categoryPath: [
        { id: cat.get('cubes'), slug: 'cubes', name: 'Speed Cubes' },
        { id: cat.get('3x3'), slug: '3x3', name: '3x3 Cubes' },
      ],
    });
    expect(body.images).toHaveLength(3);
    expect(body.description).toBe('<p>Fast</p>');
    const zh = (await get<TProductDetail>(`/api/items/${ids.wing}`)).body;
    expect(zh.description).not.toMatch(/script|onclick|javascript|iframe/i);
    expect(zh.description).toContain('<p>好用</p>');
    expect(zh.description).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">官网</a>');
    expect(zh).toMatchObject({ name: '星河 飞翼 三阶磁力魔方', comment: '含调节工具', pkg: '彩盒' });
  });

  it('answers 404 for a missing product and 400 for a malformed id', async () => {
    const missing = await get<{ code: string; desc: string }>('/api/items/999999999', { 'x-lang-type': 'en' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', desc: 'The product does not exist or is no longer available' });
    expect((await get('/api/items/abc')).status).toBe(400);
    expect((await get('/api/items/1.5')).status).toBe(400);
  });

  it('returns the category tree in zh and en', async () => {
    const zh = (await get<TCategory[]>('/api/categories')).body;
    const en = (await get<TCategory[]>('/api/categories', { 'x-lang-type': 'en' })).body;
    expect(zh.map((c) => c.name)).toEqual(['魔方', '异形魔方', '创意魔方', '智能魔方', '益智玩具', '配件']);
    expect(en.map((c) => c.name)).toEqual(['Speed Cubes', 'WCA Puzzles', 'Mirror & Shape Mods', 'Smart Cubes', 'Puzzle Toys', 'Accessories']);
    const cubes = zh[0]!;
    expect(cubes).toMatchObject({ slug: 'cubes', parentId: null });
    expect(cubes.children.map((c) => c.slug)).toEqual(['2x2', '3x3', '4x4', '5x5', '6x6', '7x7', 'big-cubes']);
    expect(cubes.children[1]).toEqual({ id: cat.get('3x3'), slug: '3x3', parentId: cubes.id, name: '三阶魔方', children: [] });
    expect(en[0]!.children[1]!.name).toBe('3x3 Cubes');
  });

  it('lists brands, or those with products in a category and its descendants', async () => {
    const all = (await get<TSupplier[]>('/api/suppliers', { 'x-lang-type': 'en' })).body;
    expect(all.map((s) => s.name)).toContain('Nebula');
    expect(all[0]).toEqual({ id: expect.any(Number), name: 'GAN' });
    const timers = (await get<TSupplier[]>(`/api/suppliers?categoryId=${cat.get('timers')}`)).body;
    expect(timers.map((s) => s.id)).toContain(nebula);
    for (const s of timers) {
      const r = await get(`/api/items?categoryId=${cat.get('timers')}&supplierId=${s.id}&recPerPage=1`);
      expect(r.body.pager.recTotal, s.name).toBeGreaterThan(0);
    }
    const root = (await get<TSupplier[]>(`/api/suppliers?categoryId=${cat.get('cubes')}`)).body;
    expect(root.map((s) => s.id)).toContain(nebula); // through 2x2 and 3x3
    for (const s of root) {
      const r = await get(`/api/items?categoryId=${cat.get('cubes')}&supplierId=${s.id}&recPerPage=1`);
      expect(r.body.pager.recTotal, s.name).toBeGreaterThan(0);
    }
    expect((await get<TSupplier[]>(`/api/suppliers?categoryId=${cat.get('clock')}`)).body.map((s) => s.id)).not.toContain(nebula);
    expect((await get('/api/suppliers?categoryId=999999')).status).toBe(404);
  });

  it('shows new products after a write (the caches are invalidated)', async () => {
    const before = (await fixtureList('')).body.pager.recTotal;
    const [extra] = await t.services.catalog.writes.addItems([
      { supplierId: nebula, categoryId: cat.get('3x3')!, nameZh: '星河 临时', nameEn: 'Nebula Temp', priceFen: 100, createdAt: daysAgo(1000) },
    ]);
    expect((await fixtureList('')).body.pager.recTotal).toBe(before + 1);
    expect((await get<TProductDetail>(`/api/items/${extra}`)).status).toBe(200);
    // keep the other tests' counts: remove it again (a staff tool would do this through the service)
    await t.services.database.db.execute(sql`delete from items where id = ${extra}`);
    t.services.catalog.query.invalidate();
    expect((await fixtureList('')).body.pager.recTotal).toBe(before);
  });

  it('documents the catalog routes in the OpenAPI document', async () => {
    const doc = (await get<{ paths: Record<string, unknown> }>('/api/docs/json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/items',
        '/api/items/hot',
        '/api/items/{id}',
        '/api/categories',
        '/api/suppliers',
        '/api/favorites',
        '/api/items/{id}/image',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/items'])).toContain('recPerPage');
  });
});

describe(`product pictures (${TEST_DB_KIND})`, () => {
  it('serves WebP to browsers that take it and PNG otherwise, resized once, with a strong ETag', async () => {
    const detail = (await get<TProductDetail>(`/api/items/${ids.wing}`)).body;
    const webp = await t.app.inject({ method: 'GET', url: detail.image, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toContain('Accept');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(webp.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(800);

    const png = await t.app.inject({ method: 'GET', url: detail.image, headers: { accept: 'image/png,*/*' } });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers.etag).not.toBe(etag);
    expect((await sharp(png.rawPayload).metadata()).format).toBe('png');

    const again = await t.app.inject({ method: 'GET', url: detail.image, headers: { accept: 'image/webp', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const thumb = await t.app.inject({ method: 'GET', url: detail.thumbnail, headers: { accept: 'image/webp' } });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    const second = await t.app.inject({ method: 'GET', url: detail.images[2]!.image });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(png.rawPayload)).toBe(false);
  });

  it('answers the alias paths, a stale version with a short lifetime, and 404 for unknown pictures', async () => {
    const alias = await t.app.inject({ method: 'GET', url: `/api/image/item/${ids.wing}/thumbnail` });
    expect(alias.statusCode).toBe(200);
    expect(alias.headers['content-type']).toBe('image/png');
    expect(alias.headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject({ method: 'GET', url: `/api/image/item/${ids.wing}/image` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${ids.wing}/images/3` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/items/999999999/image' })).statusCode).toBe(404);
  });

  it('draws a picture for every product', async () => {
    const page = (await get('/api/items?recPerPage=120')).body.data;
    const sample = page.filter((_, i) => i % 10 === 0);
    for (const p of sample) {
      const res = await t.app.inject({ method: 'GET', url: p.thumbnail, headers: { accept: 'image/webp' } });
      expect(res.statusCode, p.name).toBe(200);
      expect(res.rawPayload.length, p.name).toBeGreaterThan(1000);
    }
  });
});

describe(`favourites (${TEST_DB_KIND})`, () => {
  let auth: Record<string, string>;
  beforeAll(async () => {
    const user = await t.services.account.createUser({ account: 'fav_buyer', password: 'Secret12', email: 'fav@example.com' });
    auth = { authorization: `Bearer ${await t.services.authn.issueUserToken(user.id)}` };
  });

  it('needs a signed-in user', async () => {
    expect((await get('/api/favorites')).status).toBe(401);
    const anon = (await get<{ token: string }>('/api/authn/anonymous/token')).body.token;
    const post = await t.app.inject({ method: 'POST', url: '/api/favorites', headers: { authorization: `Bearer ${anon}` }, payload: { itemId: ids.wing } });
    expect(post.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/favorites/${ids.wing}` })).statusCode).toBe(401);
  });

  it('adds (idempotently), lists, flags and removes favourites', async () => {
    for (let i = 0; i < 2; i++) {
      const add = await t.app.inject({ method: 'POST', url: '/api/favorites', headers: auth, payload: { itemId: ids.wing } });
      expect(add.statusCode).toBe(200);
      expect(add.json()).toEqual({ itemId: ids.wing, favorite: true });
    }
    await t.app.inject({ method: 'POST', url: '/api/favorites', headers: auth, payload: { itemId: ids.timer } });

    const list = await get('/api/favorites', { ...auth, 'x-lang-type': 'en' });
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body.pager).toEqual({ page: 1, recPerPage: 120, recTotal: 2 });
    expect(list.body.data.map((p) => p.id).sort()).toEqual([ids.wing, ids.timer].sort());
    expect(list.body.data.every((p) => p.favorite && p.name.startsWith('Nebula'))).toBe(true);

    // the flag on lists (one query for the page) and on the detail; anonymous callers never see it
    const page = (await fixtureList('', auth)).body.data;
    expect(
      page
        .filter((p: TProduct) => p.favorite)
        .map((p) => p.id)
        .sort(),
    ).toEqual([ids.wing, ids.timer].sort());
    expect((await fixtureList('')).body.data.some((p) => p.favorite)).toBe(false);
    expect((await get<TProductDetail>(`/api/items/${ids.wing}`, auth)).body.favorite).toBe(true);
    expect((await get<TProductDetail>(`/api/items/${ids.mirror}`, auth)).body.favorite).toBe(false);
    expect((await get<TProductDetail>(`/api/items/${ids.wing}`)).body.favorite).toBe(false);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/favorites/${ids.wing}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ itemId: ids.wing, favorite: false });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/favorites/${ids.wing}`, headers: auth })).statusCode).toBe(200);
    expect((await get('/api/favorites', auth)).body.data.map((p) => p.id)).toEqual([ids.timer]);
    expect((await get<TProductDetail>(`/api/items/${ids.wing}`, auth)).body.favorite).toBe(false);
  });

  it('answers 404 for an unknown product and 400 for a bad body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/favorites', headers: { ...auth, 'x-lang-type': 'en' }, payload: { itemId: 999_999_999 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', desc: 'The product does not exist or is no longer available' });
    expect((await t.app.inject({ method: 'POST', url: '/api/favorites', headers: auth, payload: { itemId: 'abc' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/favorites', headers: auth, payload: {} })).statusCode).toBe(400);
  });
});

describe(`the search index's rows (${TEST_DB_KIND})`, () => {
  it('reads every product on sale once, in id order, however many a read takes', async () => {
    const repo = createCatalogSearchRepository(t.services.database.db);
    const whole = await repo.indexRows();
    expect(whole.length).toBeGreaterThan(150);
    expect(whole.map((r) => r.id)).toEqual([...whole.map((r) => r.id)].sort((a, b) => a - b));
    // 7 at a time: the last read is short, and nothing is read twice or left out.
    expect(await repo.indexRows(7)).toEqual(whole);
  });
});
