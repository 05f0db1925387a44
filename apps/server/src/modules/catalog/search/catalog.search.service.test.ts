import { describe, expect, it, vi } from 'vitest';
import type { CategoryDictionary, Dictionary } from '../cache/catalog.dictionary.js';
import type { IndexRow } from './catalog.search.index.js';
import type { CatalogSearchRepository } from './catalog.search.repository.js';
import { createCatalogSearch, PATCH_MAX } from './catalog.search.service.js';

const row = (id: number, nameEn: string): IndexRow => ({
  id,
  nameZh: '魔方',
  nameEn,
  typeNames: [],
  supplierId: 1,
  categoryId: 1,
  barcode: null,
  basePriceFen: 1000,
  hot: false,
  discountPercent: 0,
  createdAt: new Date(1_700_000_000_000),
  updatedAt: new Date(1_700_000_000_000),
});

/** The search service over rows the test changes; each read of the rows waits for the test when `held`. */
function setup(staleFromProducts: number, onError?: (error: unknown) => void) {
  const rows = [row(1, 'Gan Cube')];
  const held: (() => void)[] = [];
  const state = { hold: false, fail: false, reads: 0, partReads: [] as number[][] };
  const repo = {
    indexRows: async (_perRead?: number, only?: readonly number[]) => {
      if (only) {
        state.partReads.push([...only]);
        return rows.filter((r) => only.includes(r.id));
      }
      state.reads++;
      const snapshot = [...rows];
      if (state.hold) await new Promise<void>((r) => held.push(r));
      if (state.fail) throw new Error('database down');
      return snapshot;
    },
    synonyms: async () => ({ same: [], short: [] }),
    addTermCounts: async () => undefined,
  } as unknown as CatalogSearchRepository;
  const dictionary = { get: async () => ({ suppliers: new Map(), categories: new Map() }) as unknown as Dictionary } as unknown as CategoryDictionary;
  const search = createCatalogSearch({ repo, dictionary, staleFromProducts, onError });
  const found = async (keyword: string) => {
    const m = (await search.index()).search(keyword, {});
    return m ? Array.from(m.relevance) : [];
  };
  return { rows, held, state, search, found };
}

describe('the search index after a change', () => {
  it('waits for the new index in a smaller catalog: a write is found by the next search', async () => {
    const s = setup(Infinity);
    expect(await s.found('mofang')).toEqual([1]);
    s.rows.push(row(2, 'Moyu Cube'));
    s.search.invalidate();
    s.state.hold = true;
    const next = s.found('moyu');
    await new Promise((r) => setTimeout(r, 10));
    s.held.shift()!();
    expect(await next).toEqual([2]);
    await s.search.close();
  });

  it('answers a large catalog from the index before the change while the new one is built, then tells the listeners once it is in', async () => {
    const s = setup(0);
    expect(await s.found('moyu')).toEqual([]);
    let rebuilt = 0;
    s.search.onRebuilt(() => rebuilt++);
    s.rows.push(row(2, 'Moyu Cube'));
    s.search.invalidate();
    s.state.hold = true;
    // The build is held: the old index answers at once.
    expect(await s.found('moyu')).toEqual([]);
    expect(rebuilt).toBe(0);
    s.held.shift()!();
    await vi.waitFor(() => expect(rebuilt).toBe(1));
    s.state.hold = false;
    expect(await s.found('moyu')).toEqual([2]);
    // One build for the change, however many searches came meanwhile.
    expect(s.state.reads).toBe(2);
    await s.search.close();
  });

  it('answers a staff write of some products at once without a rebuild, in a catalog of any size', async () => {
    for (const staleFrom of [0, Infinity]) {
      const s = setup(staleFrom);
      s.rows.push(row(2, 'Moyu Cube'));
      expect(await s.found('cube')).toEqual([2, 1]);
      // An edit, a new product and an archive: the next search reads just those products again.
      s.rows[0] = { ...row(1, 'Gan Mirror'), updatedAt: new Date(1_800_000_000_000) };
      s.rows.push(row(3, 'Mirror Cube'));
      s.search.itemsChanged([1, 3]);
      expect(await s.found('mirror')).toEqual([3, 1]);
      expect(await s.found('cube')).toEqual([3, 2]);
      s.rows.splice(1, 1);
      s.search.itemsChanged([2]);
      expect(await s.found('cube')).toEqual([3]);
      expect(await s.found('moyu')).toEqual([]);
      expect(s.state.reads).toBe(1);
      expect(s.state.partReads).toEqual([
        [1, 3],
        [1, 3, 2],
      ]);
      // A whole change rebuilds; what the new index has is no longer read beside it.
      let rebuilt = 0;
      s.search.onRebuilt(() => rebuilt++);
      s.search.invalidate();
      expect(await s.found('mirror')).toEqual([3, 1]);
      // (a large catalog's search is answered by the older index with the written products beside it until the new one is in)
      if (staleFrom === 0) await vi.waitFor(() => expect(rebuilt).toBe(1));
      s.search.itemsChanged([3]);
      expect(await s.found('mirror')).toEqual([3, 1]);
      expect(s.state.partReads.at(-1)).toEqual([3]);
      await s.search.close();
    }
  });

  it('makes a write of more than PATCH_MAX products a whole change', async () => {
    const s = setup(Infinity);
    expect(await s.found('gan')).toEqual([1]);
    const many = Array.from({ length: PATCH_MAX + 1 }, (_, k) => 100 + k);
    s.rows.push(row(100, 'Gan Big'));
    s.search.itemsChanged(many);
    expect(await s.found('big')).toEqual([100]);
    expect(s.state.reads).toBe(2);
    expect(s.state.partReads).toEqual([]);
    await s.search.close();
  });

  it('reports a failed build once, however many searches were answered by the older index meanwhile', async () => {
    const errors: unknown[] = [];
    const s = setup(0, (error) => errors.push(error));
    expect(await s.found('gan')).toEqual([1]);
    s.search.invalidate();
    s.state.hold = true;
    s.state.fail = true;
    for (let i = 0; i < 5; i++) expect(await s.found('gan')).toEqual([1]);
    s.held.shift()!();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('database down');
    await s.search.close();
  });

  it('builds one index at a time: changes during a build make one more build, and each newer index answers as it comes', async () => {
    const s = setup(0);
    await s.found('x');
    let rebuilt = 0;
    s.search.onRebuilt(() => rebuilt++);
    s.state.hold = true;
    s.rows.push(row(2, 'Moyu Cube'));
    s.search.invalidate();
    expect(await s.found('moyu')).toEqual([]);
    for (const name of ['Qiyi Cube', 'Yuxin Cube']) {
      s.rows.push(row(s.rows.length + 1, name));
      s.search.invalidate();
      expect(await s.found('qiyi')).toEqual([]);
    }
    expect(s.state.reads).toBe(2);
    // The held build (with Moyu) ends: it answers at once, though older than the last change.
    s.held.shift()!();
    await vi.waitFor(() => expect(rebuilt).toBe(1));
    expect(await s.found('moyu')).toEqual([2]);
    expect(await s.found('qiyi')).toEqual([]);
    // One more build for both later changes.
    await vi.waitFor(() => expect(s.state.reads).toBe(3));
    s.held.shift()!();
    await vi.waitFor(() => expect(rebuilt).toBe(2));
    expect(await s.found('qiyi')).toEqual([3]);
    expect(await s.found('yuxin')).toEqual([4]);
    expect(s.state.reads).toBe(3);
    await s.search.close();
  });
});
