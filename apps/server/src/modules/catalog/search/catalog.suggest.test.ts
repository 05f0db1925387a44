import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchTermList, TStaffRole, TSuggestions, TSynonymGroup, TSynonymList } from '@cubeshop/shared';
import { seedCatalog } from '../../../cli/seed/catalog.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../test/harness.js';
import { shopClient, type ShopCall } from '../../../test/shop.js';

/** Suggestions while typing, best match as the default order, and the search log staff read. */
let t: TestApp;
const staff = {} as Record<TStaffRole, ShopCall>;
const NOW = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.services.catalog.writes, { skus: 600, now: NOW });
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `search_${role}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function suggest(keyword: string, lang: 'zh' | 'en' = 'zh'): Promise<TSuggestions> {
  const res = await t.app.inject({ method: 'GET', url: `/api/items/suggest?keyword=${encodeURIComponent(keyword)}`, headers: { 'x-lang-type': lang } });
  expect(res.statusCode).toBe(200);
  return res.json<TSuggestions>();
}

describe(`suggestions while typing (${TEST_DB_KIND})`, () => {
  it('offers brands, categories and products for a prefix in any script', async () => {
    const ga = await suggest('Ga');
    expect(ga.keyword).toBe('ga');
    expect(ga.brands[0]?.name).toBe('GAN');
    expect(ga.products.length).toBeGreaterThan(0);
    expect(ga.products.every((p) => p.brand === 'GAN')).toBe(true);
    expect(ga.products[0]!.thumbnail).toMatch(/^\/api\/items\/\d+\/thumbnail/);

    // pinyin prefix across syllables, initials, Chinese
    expect((await suggest('weil')).products.every((p) => p.name.includes('威龙'))).toBe(true);
    expect((await suggest('jinz')).categories.map((c) => c.name)).toContain('金字塔魔方');
    expect((await suggest('金字')).categories.map((c) => c.name)).toContain('金字塔魔方');
    expect((await suggest('yux')).brands.map((b) => b.name)).toEqual(['裕鑫']);
    expect((await suggest('yux', 'en')).brands.map((b) => b.name)).toEqual(['YuXin']);
    // a model typed run together, cut short: "wrmv1" is on the way to "wrmv10"
    const wrm = await suggest('wrmv1', 'en');
    expect(wrm.products.length).toBeGreaterThan(0);
    expect(wrm.products.every((p) => p.name.includes('WRM V10'))).toBe(true);
    // earlier words must match whole, the last one as a prefix
    const two = await suggest('moyu weil');
    expect(two.products.length).toBeGreaterThan(0);
    expect(two.products.every((p) => p.brand === '魔域' && p.name.includes('威龙'))).toBe(true);
  });

  it('offers each model once, at most the limits, and nothing for nothing', async () => {
    const gan = await suggest('gan');
    expect(gan.products.length).toBeLessThanOrEqual(6);
    const models = gan.products.map((p) => p.name.replace(/（.*$/u, ''));
    expect(new Set(models).size).toBe(models.length);
    expect(await suggest('   ')).toEqual({ keyword: '', products: [], brands: [], categories: [] });
    expect(await suggest('zzzqqq')).toEqual({ keyword: 'zzzqqq', products: [], brands: [], categories: [] });
    const long = await t.app.inject({ method: 'GET', url: `/api/items/suggest?keyword=${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
  });
});

describe(`best match and the other orders (${TEST_DB_KIND})`, () => {
  it('lists a keyword by best match unless another sort is asked for', async () => {
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/items?${query}`, headers: { 'x-lang-type': 'zh' } })).json<{
        data: { id: number; basePrice: number; supplier: { name: string } }[];
      }>();
    const best = await get('keyword=gan&recPerPage=120');
    expect(best.data.every((p) => p.supplier.name === 'GAN')).toBe(true);
    expect((await get('keyword=gan&recPerPage=120&sortBy=relevance')).data.map((p) => p.id)).toEqual(best.data.map((p) => p.id));
    const cheap = await get('keyword=gan&recPerPage=120&sortBy=basePrice');
    expect(cheap.data.map((p) => p.id).sort()).toEqual(best.data.map((p) => p.id).sort());
    const prices = cheap.data.map((p) => p.basePrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // relevance without a keyword reads as newest first
    expect((await get('sortBy=relevance&recPerPage=20')).data.map((p) => p.id)).toEqual((await get('recPerPage=20')).data.map((p) => p.id));
  });

  it('finds a product created a moment ago (the index follows catalog changes)', async () => {
    const dict = await t.services.catalog.writes.slugIds();
    const [id] = await t.services.catalog.writes.addItems([
      {
        nameZh: '测试 霹雳 三阶魔方',
        nameEn: 'Test Thunderbolt 3x3',
        supplierId: dict.suppliers.get('gan')!,
        categoryId: dict.categories.get('3x3')!,
        priceFen: 1000,
      },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/items?keyword=thunderbolt' });
    expect(res.json<{ data: { id: number }[] }>().data.map((p) => p.id)).toEqual([id]);
    expect((await suggest('pili')).products.map((p) => p.id)).toContain(id);
  });
});

describe(`the search log (${TEST_DB_KIND})`, () => {
  it('counts searches and searches that found nothing per term, for staff who may read it', async () => {
    const search = (keyword: string, page = 1) => t.app.inject({ method: 'GET', url: `/api/items?keyword=${encodeURIComponent(keyword)}&page=${page}` });
    await search('Weilong');
    await search('  weilong ');
    await search('weilong', 2); // later pages are not new searches
    await search('nosuchcube zz');
    const top = await staff.sales<TSearchTermList>('GET', '/api/admin/search/terms', { query: { kind: 'top', days: 30 } });
    expect(top.status).toBe(200);
    expect(top.body.data.find((r) => r.term === 'weilong')).toEqual({
      term: 'weilong',
      searches: 2,
      zeroResults: 0,
      lastDay: new Date().toISOString().slice(0, 10),
    });
    const zero = await staff.catalog<TSearchTermList>('GET', '/api/admin/search/terms', { query: { kind: 'zero' } });
    expect(zero.body.data.map((r) => r.term)).toEqual(['nosuchcube zz']);
    expect(zero.body.pager).toEqual({ page: 1, recPerPage: 50, recTotal: 1 });
    expect((await staff.owner('GET', '/api/admin/search/terms')).status).toBe(200);
    for (const role of ['warehouse', 'service'] as const) expect((await staff[role]('GET', '/api/admin/search/terms')).status).toBe(403);
    // Counts add up across flushes, and nothing about the buyer is kept
    await search('weilong');
    const again = await staff.owner<TSearchTermList>('GET', '/api/admin/search/terms', { query: { kind: 'top', recPerPage: 200 } });
    expect(again.body.data.find((r) => r.term === 'weilong')?.searches).toBe(3);
    expect(Object.keys(again.body.data[0]!).sort()).toEqual(['lastDay', 'searches', 'term', 'zeroResults']);
  });
});

describe(`synonym groups edited by staff (${TEST_DB_KIND})`, () => {
  it('adds, changes and deletes a group; the next search uses it; audited; only catalog.manage may write', async () => {
    const found = async (keyword: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/items?keyword=${encodeURIComponent(keyword)}&recPerPage=120`, headers: { 'x-lang-type': 'zh' } })).json<{
        data: { name: string; supplier: { name: string } }[];
      }>().data;
    const seeded = await staff.sales<TSynonymList>('GET', '/api/admin/search/synonyms');
    expect(seeded.status).toBe(200);
    expect(seeded.body.data.some((g) => g.words.includes('三阶') && g.words.includes('3x3'))).toBe(true);
    expect(await found('xyzzy')).toEqual([]);

    const created = await staff.catalog<TSynonymGroup>('POST', '/api/admin/search/synonyms', { body: { words: [' Ｘyzzy ', '威龙', 'xyzzy'] } });
    expect(created.status).toBe(201);
    expect(created.body.words).toEqual(['xyzzy', '威龙']);
    const weilong = await found('xyzzy');
    expect(weilong.length).toBeGreaterThan(0);
    expect(weilong.every((p) => p.name.includes('威龙'))).toBe(true);

    const changed = await staff.owner<TSynonymGroup>('PUT', `/api/admin/search/synonyms/${created.body.id}`, { body: { words: ['xyzzy', 'gan'] } });
    expect(changed.status).toBe(200);
    const gan = await found('xyzzy');
    expect(gan.length).toBeGreaterThan(0);
    expect(gan.every((p) => p.supplier.name === 'GAN')).toBe(true);

    // Two different words at least, once normalised; the reason in the staff member's language.
    const same = await staff.catalog<{ desc: string; details: { field: string } }>('POST', '/api/admin/search/synonyms', {
      body: { words: ['Cube', 'cube'] },
      lang: 'en',
    });
    expect(same.status).toBe(400);
    expect(same.body.details.field).toBe('words');
    expect(same.body.desc).toBe('A synonym group needs at least two different words');
    expect((await staff.catalog<{ desc: string }>('POST', '/api/admin/search/synonyms', { body: { words: ['魔方', '  '] }, lang: 'zh' })).body.desc).toBe(
      '同义词组至少要有两个不同的词',
    );
    expect((await staff.catalog('POST', '/api/admin/search/synonyms', { body: { words: ['one'] } })).status).toBe(400);
    expect((await staff.catalog('POST', '/api/admin/search/synonyms', { body: { words: ['a', 'x'.repeat(41)] } })).status).toBe(400);
    expect((await staff.catalog('PUT', '/api/admin/search/synonyms/999999', { body: { words: ['a', 'b'] } })).status).toBe(404);
    // Sales may read the groups, not change them; the warehouse neither.
    expect((await staff.sales('POST', '/api/admin/search/synonyms', { body: { words: ['a', 'b'] } })).status).toBe(403);
    expect((await staff.sales('DELETE', `/api/admin/search/synonyms/${created.body.id}`)).status).toBe(403);
    expect((await staff.warehouse('GET', '/api/admin/search/synonyms')).status).toBe(403);

    expect((await staff.catalog('DELETE', `/api/admin/search/synonyms/${created.body.id}`)).status).toBe(204);
    expect(await found('xyzzy')).toEqual([]);
    expect((await staff.catalog('DELETE', `/api/admin/search/synonyms/${created.body.id}`)).status).toBe(404);
    const audit = await staff.owner<{ data: { action: string; entityId: string }[] }>('GET', '/api/admin/audit', { query: { recPerPage: 50 } });
    const actions = audit.body.data.filter((e) => e.entityId === String(created.body.id) && e.action.startsWith('synonyms.')).map((e) => e.action);
    expect(actions.sort()).toEqual(['synonyms.create', 'synonyms.delete', 'synonyms.update']);
  });

  it('keeps short forms one way: the short form finds what it stands for (a phrase too), not the reverse; one word only', async () => {
    const found = async (keyword: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/items?keyword=${encodeURIComponent(keyword)}&recPerPage=120`, headers: { 'x-lang-type': 'zh' } })).json<{
        data: { name: string; supplier: { name: string } }[];
        pager: { recTotal: number };
      }>();
    const seeded = await staff.sales<TSynonymList>('GET', '/api/admin/search/synonyms');
    expect(seeded.body.data.find((g) => g.words[0] === 'xmd')).toMatchObject({ words: ['xmd', 'x-man'], kind: 'short' });
    expect(seeded.body.data.find((g) => g.words.includes('3x3'))?.kind).toBe('same');
    expect((await found('qqzz')).pager.recTotal).toBe(0);

    // "qqzz" stands for the phrase "moyu weilong": products that say both words.
    const created = await staff.catalog<TSynonymGroup>('POST', '/api/admin/search/synonyms', { body: { words: ['QQZZ', 'moyu weilong'], kind: 'short' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ words: ['qqzz', 'moyu weilong'], kind: 'short' });
    const meant = await found('qqzz');
    expect(meant.pager.recTotal).toBe((await found('moyu weilong')).pager.recTotal);
    expect(meant.data.every((p) => p.supplier.name === '魔域' && p.name.includes('威龙'))).toBe(true);
    await staff.catalog('PUT', `/api/admin/search/synonyms/${created.body.id}`, { body: { words: ['qqzz', 'moyu weilong', 'gan'] } });
    expect((await found('qqzz')).data.some((p) => p.supplier.name === 'GAN')).toBe(true);
    // Not the other way round: "weilong" short for GAN finds GAN too, "gan" does not find 威龙.
    const gan = (await found('gan')).pager.recTotal;
    const reverse = await staff.catalog<TSynonymGroup>('POST', '/api/admin/search/synonyms', { body: { words: ['weilong', 'gan'], kind: 'short' } });
    expect((await found('weilong')).data.some((p) => p.supplier.name === 'GAN')).toBe(true);
    expect((await found('gan')).pager.recTotal).toBe(gan);
    expect((await staff.catalog('DELETE', `/api/admin/search/synonyms/${reverse.body.id}`)).status).toBe(204);
    // A change without a kind keeps it.
    const kept = await staff.sales<TSynonymList>('GET', '/api/admin/search/synonyms');
    expect(kept.body.data.find((g) => g.id === created.body.id)?.kind).toBe('short');

    const spaced = await staff.catalog<{ desc: string; details: { field: string } }>('POST', '/api/admin/search/synonyms', {
      body: { words: ['two words', 'gan'], kind: 'short' },
      lang: 'en',
    });
    expect(spaced.status).toBe(400);
    expect(spaced.body).toMatchObject({ desc: 'A short form is one word (no spaces)', details: { field: 'words' } });
    expect((await staff.catalog('POST', '/api/admin/search/synonyms', { body: { words: ['ab', 'gan'], kind: 'long' } })).status).toBe(400);
    expect((await staff.catalog('DELETE', `/api/admin/search/synonyms/${created.body.id}`)).status).toBe(204);
    expect((await found('qqzz')).pager.recTotal).toBe(0);
  });
});
