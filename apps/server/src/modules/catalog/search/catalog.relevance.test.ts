import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProduct, TProductList, TSearchAlternatives } from '@cubeshop/shared';
import { CATEGORIES } from '../../../cli/seed/catalog-data.js';
import { generateItem, seedCatalog } from '../../../cli/seed/catalog.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../test/harness.js';
import { RELEVANCE_CASES, type RelevanceCase } from './catalog.relevance.cases.js';

/**
 * The relevance test set (catalog.relevance.cases.ts) against the demo catalog: every model in its retail
 * and wholesale variant, dated from a fixed day so the order of ties (newest first) is fixed too.
 */
const SKUS = 1_084;
const NOW = new Date('2026-01-01T00:00:00Z');
let t: TestApp;
const byName = new Map<string, { id: number; barcode: string }>();

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.services.catalog.writes, { skus: SKUS, now: NOW });
  // Ids follow the seed's order: SKU k has the k-th id from the lowest.
  const pages = await Promise.all(Array.from({ length: Math.ceil(SKUS / 120) }, (_, page) => list('', 'zh', 120, page + 1)));
  const lowest = Math.min(...pages.flatMap((l) => l.data.map((p) => p.id)));
  for (let k = 0; k < SKUS; k++) {
    const item = generateItem(k, NOW);
    if (!byName.has(item.nameZh)) byName.set(item.nameZh, { id: lowest + k, barcode: item.barcode ?? '' });
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

async function list(keyword: string, lang: 'zh' | 'en', recPerPage = 120, page = 1, sort = ''): Promise<TProductList> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/items?keyword=${encodeURIComponent(keyword)}&recPerPage=${recPerPage}&page=${page}${sort}`,
    headers: { 'x-lang-type': lang, 'x-price-type': 'CNY' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<TProductList>();
}

function keywordOf(query: RelevanceCase['query']): string {
  if (typeof query === 'string') return query;
  const name = 'barcodeOf' in query ? query.barcodeOf : query.idOf;
  const product = byName.get(name);
  if (!product) throw new Error(`no demo product named ${name}`);
  return 'barcodeOf' in query ? product.barcode : String(product.id);
}

const label = (c: RelevanceCase) => (typeof c.query === 'string' ? c.query : JSON.stringify(c.query));

/** What is wrong with a case's answer (empty: nothing). */
function problemsOf(c: RelevanceCase, zh: TProduct[], en: TProduct[], total: number): string[] {
  const problems: string[] = [];
  const show = (i: number) => `#${i + 1} ${zh[i]!.name} [${zh[i]!.supplier.name} / ${zh[i]!.category.name}]`;
  if (c.count !== undefined && total !== c.count) problems.push(`expected ${c.count} results, got ${total}`);
  if (c.min !== undefined && total < c.min) problems.push(`expected at least ${c.min} results, got ${total}`);
  if (c.first !== undefined && zh[0]?.name !== c.first) problems.push(`expected "${c.first}" first, got ${zh[0] ? show(0) : 'nothing'}`);
  if (c.top) {
    if (zh.length === 0) problems.push('expected results, got none');
    const { n, brand, category, name, nameAll, about, type } = c.top;
    for (let i = 0; i < Math.min(n, zh.length); i++) {
      const p = zh[i]!;
      const names = `${p.name} ${en[i]?.name ?? ''}`.toLowerCase();
      const fails = [
        brand !== undefined && p.supplier.name !== brand ? `brand is not ${brand}` : '',
        category !== undefined && p.category.name !== category ? `category is not ${category}` : '',
        name && !name.some((w) => names.includes(w.toLowerCase())) ? `name has none of ${name.join(', ')}` : '',
        nameAll && !nameAll.every((w) => p.name.toLowerCase().includes(w.toLowerCase())) ? `name lacks one of ${nameAll.join(', ')}` : '',
        about && !about.some((w) => p.name.includes(w) || p.category.name.includes(w)) ? `name and category have none of ${about.join(', ')}` : '',
        type !== undefined && !p.types.some((t) => t.name === type) ? `no type ${type}` : '',
      ].filter(Boolean);
      if (fails.length) {
        problems.push(`${show(i)}: ${fails.join('; ')}`);
        break;
      }
    }
  }
  if (c.none !== undefined) {
    const i = zh.findIndex((p) => p.name.includes(c.none!));
    if (i >= 0) problems.push(`${show(i)} should not be found`);
  }
  return problems;
}

describe(`search relevance (${TEST_DB_KIND})`, () => {
  it('has at least 60 cases of every kind, 40 of them model names and short forms', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(RELEVANCE_CASES.map((c) => c.kind));
    for (const kind of ['zh', 'en', 'pinyin', 'initials', 'typo', 'id', 'barcode', 'synonym', 'model', 'short']) expect(kinds).toContain(kind);
    expect(RELEVANCE_CASES.filter((c) => c.kind === 'model' || c.kind === 'short').length).toBeGreaterThanOrEqual(40);
  });

  it('puts the expected products first for every case', async () => {
    const failures: string[] = [];
    for (const c of RELEVANCE_CASES) {
      const keyword = keywordOf(c.query);
      const [zh, en] = await Promise.all([list(keyword, 'zh'), list(keyword, 'en')]);
      // Both languages list the same products in the same order.
      expect(en.data.map((p) => p.id)).toEqual(zh.data.map((p) => p.id));
      const problems = problemsOf(c, zh.data, en.data, zh.pager.recTotal);
      if (problems.length) failures.push(`${label(c)} (${c.kind}): ${problems.join(' | ')}`);
    }
    expect(failures, `${failures.length} of ${RELEVANCE_CASES.length} cases fail:\n${failures.join('\n')}\n`).toEqual([]);
  });

  // The demo catalog's puzzles: cubes, WCA puzzles, mods and smart cubes (not accessories or toys).
  const PUZZLE_KINDS = new Set(['cubes', 'wca-puzzles', 'mods', 'smart-cubes']);
  const puzzleCategories = new Set(CATEGORIES.filter((c) => PUZZLE_KINDS.has(c.parent ?? c.slug)).map((c) => c.zh));

  it('sorted by price or newest, "magnetic" and "磁力" list only products named magnetic, magnetic cubes first: no stand, sticker or toy', async () => {
    // What really matches: the products whose name says magnetic (磁力), not an "m" in a brand or a word.
    const named = new Set<string>();
    for (let k = 0; k < SKUS; k++) {
      const item = generateItem(k, NOW);
      if (item.nameZh.includes('磁力') || /magnetic/i.test(item.nameEn)) named.add(item.nameZh);
    }
    let expected = 0;
    for (let k = 0; k < SKUS; k++) if (named.has(generateItem(k, NOW).nameZh)) expected++;
    for (const keyword of ['magnetic', '磁力', 'Magnetic']) {
      for (const sort of ['&sortBy=basePrice&order=asc', '&sortBy=lastUpdatedTime&order=desc', '']) {
        const found = await list(keyword, 'zh', 20, 1, sort);
        expect(found.data, `${keyword} ${sort}`).toHaveLength(20);
        for (const p of found.data) {
          expect(puzzleCategories.has(p.category.name), `${keyword} ${sort}: ${p.name} [${p.category.name}]`).toBe(true);
          expect(p.name, `${keyword} ${sort}`).toContain('磁力');
        }
        expect(found.pager.recTotal, `${keyword} ${sort}`).toBe(expected);
      }
    }
  });

  async function alternatives(keyword: string, extra = '', token?: string): Promise<TSearchAlternatives> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/items/alternatives?keyword=${encodeURIComponent(keyword)}${extra}`,
      headers: { 'x-lang-type': 'en', 'x-price-type': 'USD', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return res.json<TSearchAlternatives>();
  }

  it('offers "did you mean" and the closest products for a model name that finds nothing', async () => {
    const cases: [typed: string, meant: string, named: string][] = [
      ['gan357', 'GAN 356', 'GAN 356'],
      ['valk4', 'Valk 3', 'Valk 3'],
      ['wrmv11', 'WRM V10', 'WRM V10'],
      ['tornadov5', 'Tornado V3', 'Tornado V3'],
      ['魔遇', '魔域', 'MoYu'],
      ['longjuanfen', '龙卷风', 'Tornado'],
      ['weilong v8', 'weilong v9', 'WeiLong'],
      // Misspellings of four letters: not read as typos, offered instead.
      ['moyo', 'MoYu', 'MoYu'],
      ['gans', 'GAN', 'GAN'],
      ['skwb', 'skewb', 'Skewb'],
    ];
    for (const [typed, meant, named] of cases) {
      expect((await list(typed, 'en')).pager.recTotal, typed).toBe(0);
      const found = await alternatives(typed);
      expect(found.total, typed).toBe(0);
      expect(found.didYouMean[0]?.keyword, typed).toBe(meant);
      expect(found.didYouMean[0]!.count, typed).toBe((await list(meant, 'en')).pager.recTotal);
      expect(found.closest?.keyword, typed).toBe(meant);
      expect(found.closest!.products.length, typed).toBeGreaterThan(0);
      for (const p of found.closest!.products) expect(p.name, typed).toContain(named);
    }
    // Only the nearest are offered, all of them when tied.
    expect((await alternatives('gan357')).didYouMean.map((d) => d.keyword)).toEqual(['GAN 356']);
    expect((await alternatives('valk4')).didYouMean.map((d) => d.keyword)).toEqual(['Valk 3']);
    expect((await alternatives('tornadov5')).didYouMean.map((d) => d.keyword)).toEqual(['Tornado V3', 'Tornado V4']);
    // A signed-in buyer sees their favourites flagged among the closest products, as in the list.
    const buyer = await t.services.account.createUser({ account: 'relevance_buyer', name: 'Buyer' });
    const loved = (await alternatives('gan357')).closest!.products[1]!;
    await t.services.favorites.add(buyer.id, loved.id);
    const mine = await alternatives('gan357', '', await t.services.authn.issueUserToken(buyer.id));
    expect(mine.closest!.products.filter((p) => p.favorite).map((p) => p.id)).toEqual([loved.id]);
    expect((await alternatives('gan357')).closest!.products.some((p) => p.favorite)).toBe(false);
  });

  it('offers broader searches when few or no products match, and nothing when enough do', async () => {
    // Both words are words of the catalog, but no GAN clock: leave one out.
    const none = await alternatives('gan clock');
    expect(none.total).toBe(0);
    expect(none.didYouMean).toEqual([]);
    expect(none.broaden.map((b) => b.dropped).sort()).toEqual(['clock', 'gan']);
    for (const b of none.broaden) expect(b.count).toBe((await list(b.keyword, 'en')).pager.recTotal);
    expect(none.closest?.products.length).toBeGreaterThan(0);

    // A brand filter that leaves few: the same keyword without the filters finds more.
    const gan = (await list('gan', 'en', 1)).data[0]!.supplier.id;
    const few = await alternatives('valk 3', `&supplierId=${gan}`);
    expect(few.total).toBe(0);
    const all = few.broaden.find((b) => !b.filters);
    expect(all).toMatchObject({ keyword: 'valk 3', dropped: null, count: (await list('valk 3', 'en')).pager.recTotal });

    const many = await alternatives('magnetic');
    expect(many.total).toBeGreaterThanOrEqual(5);
    expect(many).toMatchObject({ didYouMean: [], broaden: [], closest: null });

    // In the OpenAPI document, validated like the list.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { get?: unknown }> }>();
    expect(JSON.stringify(doc.paths['/api/items/alternatives']?.get)).toContain('didYouMean');
    expect((await t.app.inject({ method: 'GET', url: `/api/items/alternatives?keyword=${'x'.repeat(101)}` })).statusCode).toBe(400);
  });
});
