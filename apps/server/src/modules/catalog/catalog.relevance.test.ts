import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProduct, TProductList } from '@cubeshop/shared';
import { generateItem, seedCatalog } from '../../cli/seed/catalog.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { RELEVANCE_CASES, type RelevanceCase } from './relevance.cases.js';

/**
 * The relevance test set (relevance.cases.ts) against the demo catalog: every model in its retail
 * and wholesale variant, dated from a fixed day so the order of ties (newest first) is fixed too.
 */
const SKUS = 1_084;
const NOW = new Date('2026-01-01T00:00:00Z');
let t: TestApp;
const byName = new Map<string, { id: number; barcode: string }>();

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.services.catalog.admin, { skus: SKUS, now: NOW });
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

async function list(keyword: string, lang: 'zh' | 'en', recPerPage = 120, page = 1): Promise<TProductList> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/items?keyword=${encodeURIComponent(keyword)}&recPerPage=${recPerPage}&page=${page}`,
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
  it('has at least 60 cases of every kind', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(RELEVANCE_CASES.map((c) => c.kind));
    for (const kind of ['zh', 'en', 'pinyin', 'initials', 'typo', 'id', 'barcode', 'synonym']) expect(kinds).toContain(kind);
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
});
