import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductList, TSupplier } from '@cubeshop/shared';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { BRANDS, CATEGORIES } from './catalog-data.js';
import { barcodeOf, catalogTemplates, DEMO_SKUS, generateItem } from './catalog.js';
import { seedIfEmpty } from './index.js';
import { runCommand } from '../commands.js';

const now = new Date('2026-06-01T08:00:00Z');
const demo = Array.from({ length: DEMO_SKUS }, (_, k) => generateItem(k, now));

function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

describe('demo catalog generator', () => {
  it('is deterministic: SKU k depends only on k, the seed and the reference time', () => {
    expect(generateItem(0, now)).toEqual(generateItem(0, now));
    expect(generateItem(2_345, now)).toEqual(demo[2_345]);
    expect(generateItem(99_999, now)).toEqual(generateItem(99_999, now));
    expect(generateItem(7, now, 1)).not.toEqual(generateItem(7, now, 2));
  });

  it('makes 3000+ SKUs over 40+ brands and the whole taxonomy', () => {
    expect(DEMO_SKUS).toBeGreaterThanOrEqual(3_000);
    const brands = new Set(demo.map((i) => i.supplierSlug));
    expect(brands.size).toBeGreaterThanOrEqual(40);
    expect(brands.size).toBe(BRANDS.length);
    const leaves = CATEGORIES.filter((c) => c.noun).map((c) => c.slug);
    expect(new Set(demo.map((i) => i.categorySlug))).toEqual(new Set(leaves));
    expect(catalogTemplates().length).toBeGreaterThan(DEMO_SKUS / 7);
  });

  it('names products the way cubers know them, in both languages', () => {
    expect(demo[0]).toMatchObject({ nameZh: 'GAN 356 M 三阶磁力魔方', nameEn: 'GAN 356 M 3x3 Magnetic Speed Cube' });
    expect(demo.some((i) => i.nameZh.startsWith('魔域 威龙 WRM V9') && i.nameEn.startsWith('MoYu WeiLong WRM V9'))).toBe(true);
    expect(demo.some((i) => i.nameEn.startsWith('MoYu 21x21'))).toBe(true);
    for (const item of demo) {
      expect(item.nameZh).toMatch(/[\u4e00-\u9fff]|^[A-Za-z]/);
      expect(item.nameEn).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('gives plausible prices, discounts, quantities, logistics and a picture to every SKU', () => {
    const yuan = (slug: string) => demo.filter((i) => i.categorySlug === slug).map((i) => i.priceFen / 100);
    expect(Math.max(...yuan('stickers'))).toBeLessThan(20);
    expect(Math.min(...yuan('3x3'))).toBeGreaterThanOrEqual(8);
    expect(Math.max(...yuan('3x3'))).toBeLessThan(1_200);
    expect(Math.min(...yuan('smart-cubes'))).toBeGreaterThan(100);
    const discounted = demo.filter((i) => (i.discountPercent ?? 0) > 0).length / demo.length;
    expect(discounted).toBeGreaterThan(0.15);
    expect(discounted).toBeLessThan(0.35);
    const codes = new Set<string>();
    for (const item of demo) {
      expect(item.moq).toBeGreaterThanOrEqual(1);
      if (item.orderMultiple != null) expect(item.moq! % item.orderMultiple).toBe(0);
      expect(item.imageCount).toBeGreaterThanOrEqual(1);
      expect(item.gwG!).toBeGreaterThan(item.nwG!);
      expect(item.pcs).toBeGreaterThan(0);
      expect(validEan13(item.barcode!)).toBe(true);
      codes.add(item.barcode!);
    }
    expect(codes.size).toBe(demo.length);
    expect(validEan13(barcodeOf(123_456, 7))).toBe(true);
    for (const c of CATEGORIES) expect(c.shape ?? CATEGORIES.find((p) => p.slug === c.parent)?.shape, c.slug).toBeTruthy();
    const fresh = demo.filter((i) => now.getTime() - i.createdAt!.getTime() < 30 * 86_400_000).length;
    expect(fresh).toBeGreaterThan(60);
    expect(demo.filter((i) => i.hot).length).toBeGreaterThan(50);
  });
});

describe(`demo seed at first start (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds the full demo catalog once, in a few seconds', async () => {
    const started = Date.now();
    expect(await seedIfEmpty(t.services)).toBe(true);
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(60);
    expect(await t.services.catalog.writes.countItems()).toBe(DEMO_SKUS);
    expect(await seedIfEmpty(t.services)).toBe(false);
    expect(await t.services.catalog.writes.countItems()).toBe(DEMO_SKUS);

    const list = (await t.app.inject({ method: 'GET', url: '/api/items?recPerPage=120' })).json<TProductList>();
    expect(list.pager.recTotal).toBe(DEMO_SKUS);
    const brands = (await t.app.inject({ method: 'GET', url: '/api/suppliers' })).json<TSupplier[]>();
    expect(brands.length).toBeGreaterThanOrEqual(40);
    // deep pages are read ids-first (offset >= 1000): same rows as the plain query
    for (const sort of ['sortBy=lastUpdatedTime&order=desc', 'sortBy=basePrice&order=asc', 'sortBy=basePrice&order=desc']) {
      const plain = (await t.app.inject({ method: 'GET', url: `/api/items?${sort}&page=9&recPerPage=120` })).json<TProductList>();
      const deep = (await t.app.inject({ method: 'GET', url: `/api/items?${sort}&page=26&recPerPage=40` })).json<TProductList>();
      expect(deep.data.map((p) => p.id)).toEqual(plain.data.slice(40, 80).map((p) => p.id));
    }
    const last = (await t.app.inject({ method: 'GET', url: `/api/items?sortBy=lastUpdatedTime&order=asc&recPerPage=3` })).json<TProductList>();
    for (const p of [...list.data.slice(0, 3), ...last.data]) {
      const img = await t.app.inject({ method: 'GET', url: p.thumbnail });
      expect(img.statusCode).toBe(200);
    }
  });

  it('grows, keeps or resets the catalog with `cubeshop seed`', async () => {
    expect(await runCommand(['seed', '--skus', String(DEMO_SKUS + 40)], t.services)).toEqual({
      code: 0,
      output: expect.stringMatching(new RegExp(`^Catalog: ${DEMO_SKUS + 40} SKUs \\(added 40 in`)),
    });
    const again = await runCommand(['seed', '--skus', '100'], t.services);
    expect(again.output).toMatch(new RegExp(`^Catalog: ${DEMO_SKUS + 40} SKUs \\(added 0 in`));
    const reset = await runCommand(['seed', '--skus', '25', '--reset'], t.services);
    expect(reset.output).toMatch(/^Catalog: 25 SKUs \(added 25 in/);
    expect(await t.services.catalog.writes.countItems()).toBe(25);
    const list = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<TProductList>();
    expect(list.pager.recTotal).toBe(25);
    expect(list.data.map((p) => p.name)).toContain(generateItem(0, now).nameZh);
    expect((await runCommand(['seed', '--skus', 'many'], t.services)).code).toBe(2);
    expect((await runCommand(['seed', '--color'], t.services)).code).toBe(2);
  });
});
