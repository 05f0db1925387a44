import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type IndexFilter, type IndexNames, type IndexRow } from './catalog.search.index.js';
import { patchedIndex } from './catalog.search.patch.js';

// The index with a few written products answered beside it must answer exactly as an index built
// again from every product would: the same products, in every order, with the same scores.
const WORDS = [
  '三阶',
  '魔方',
  '磁力',
  'magnetic',
  'cube',
  'pyraminx',
  '金字塔',
  'timer',
  '计时器',
  'mirror',
  '镜面',
  'stickerless',
  '实色',
  'gift',
  '礼盒',
  'mini',
];
const names: IndexNames = {
  brands: new Map([
    [1, { nameZh: '干', nameEn: 'GAN' }],
    [2, { nameZh: '魔域', nameEn: 'MoYu' }],
    [3, { nameZh: '奇艺', nameEn: 'QiYi' }],
  ]),
  categories: new Map([
    [1, { nameZh: '三阶', nameEn: '3x3', pathNames: ['魔方', 'Cubes', '三阶', '3x3'] }],
    [2, { nameZh: '异形', nameEn: 'Shapes', pathNames: ['魔方', 'Cubes', '异形', 'Shapes'] }],
  ]),
};

/** A deterministic pseudo-random catalog (a small linear congruential generator). */
function catalog(count: number, seed: number): IndexRow[] {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  return Array.from({ length: count }, (_, k) => {
    const words = Array.from({ length: 1 + next(3) }, () => WORDS[next(WORDS.length)]!);
    return {
      id: 10_000 + k,
      nameZh: words.filter((w) => !/^[ -~]+$/.test(w)).join('') || '魔方',
      nameEn: words.filter((w) => /^[ -~]+$/.test(w)).join(' '),
      typeNames: next(4) === 0 ? ['Black', '黑色'] : [],
      supplierId: 1 + next(3),
      categoryId: 1 + next(2),
      barcode: next(5) === 0 ? `69${String(100000 + k)}` : null,
      // Few distinct prices and dates: ties decided by id, as in a real catalog of copies.
      basePriceFen: 1000 * (1 + next(5)),
      hot: next(3) === 0,
      discountPercent: next(4) === 0 ? 10 : 0,
      createdAt: new Date(1_700_000_000_000 + next(6) * 86_400_000),
      updatedAt: new Date(1_700_000_000_000 + next(6) * 3_600_000),
    };
  });
}

const KEYWORDS = [
  '魔方',
  '三阶 磁力',
  'magnetic',
  'magentic',
  'cube',
  'mofang',
  'sjmf',
  'gan',
  'moyu cube',
  '金字塔',
  'timer',
  'black',
  'mini gift',
  '10007',
  '69100012',
  'nothing',
  'giftmirror',
  'black gift',
  'agnet',
];
const FILTERS: IndexFilter[] = [{}, { categoryIds: [1] }, { supplierId: 2 }, { minFen: 2000, maxFen: 4000 }, { hot: true }, { discounted: true }];

describe('the search index with written products beside it', () => {
  it('answers as a full rebuild would: same products, scores and orders, for edits, archives and new products', async () => {
    const before = catalog(400, 7);
    const after = before
      .filter((r) => r.id % 17 !== 0) // archived
      .map((r) =>
        r.id % 11 === 0 ? { ...r, nameEn: `${r.nameEn} mirror gift`, basePriceFen: r.basePriceFen + 500, updatedAt: new Date(1_800_000_000_000 + r.id) } : r,
      );
    const added = catalog(30, 99).map((r, k) => ({ ...r, id: 20_000 + k }));
    after.push(...added);
    const written = new Set([...before.filter((r) => r.id % 17 === 0 || r.id % 11 === 0).map((r) => r.id), ...added.map((r) => r.id)]);
    const popularity = new Map(after.filter((r) => r.id % 5 === 0).map((r) => [r.id, r.id % 3]));
    const options = {
      popularity,
      synonyms: [
        ['三阶', '3x3'],
        ['磁力', 'magnetic'],
      ],
    };

    const full = await buildSearchIndex(after, names, options);
    const base = await buildSearchIndex(before, names, options);
    const patch = await buildSearchIndex(
      after.filter((r) => written.has(r.id)),
      names,
      options,
    );
    const view = patchedIndex(base, patch, written);
    let compared = 0;
    for (const keyword of KEYWORDS) {
      for (const filter of FILTERS) {
        const want = full.search(keyword, filter);
        expect(view.search(keyword, filter), `${keyword} ${JSON.stringify(filter)}`).toEqual(want);
        compared += want?.relevance.length ?? 0;
      }
      const limits = { products: 8, brands: 3, categories: 3 };
      expect(view.suggest(keyword, limits), keyword).toEqual(full.suggest(keyword, limits));
    }
    // The comparison covered written products: archived ones gone, edited ones moved, new ones in.
    expect(compared).toBeGreaterThan(1000);
    const mirror = view.search('mirror gift', {})!;
    expect([...mirror.relevance].some((id) => id % 11 === 0 && id < 20_000)).toBe(true);
    expect([...view.search('魔方', {})!.relevance].some((id) => id % 17 === 0 && id < 20_000)).toBe(false);
    expect([...view.search('魔方', {})!.relevance].some((id) => id >= 20_000)).toBe(true);
  });

  it('decides the relevance floor and the pieces of a word over both indexes, as one index would', async () => {
    const row = (id: number, nameEn: string, typeNames: string[] = []): IndexRow => ({
      id,
      nameZh: '',
      nameEn,
      typeNames,
      supplierId: 1,
      categoryId: 1,
      barcode: null,
      basePriceFen: 1000 + id,
      hot: false,
      discountPercent: 0,
      createdAt: new Date(1_700_000_000_000 + id),
      updatedAt: new Date(1_700_000_000_000 + id),
    });
    // "magnetic": strong in the name of 1, weak in the type of 2 and 3 (the floor keeps 1 only);
    // "stickermod": a word of 4's name (no piece is tried), while 5 says "sticker" and "mod" apart.
    const older = [row(1, 'magnetic cube'), row(2, 'cube stand', ['Magnetic']), row(4, 'stickermod kit')];
    const written = [row(3, 'cube bag', ['Magnetic']), row(5, 'sticker mod')];
    const full = await buildSearchIndex([...older, ...written], names, {});
    const view = patchedIndex(await buildSearchIndex(older, names, {}), await buildSearchIndex(written, names, {}), new Set([3, 5]));
    for (const keyword of ['magnetic', 'stickermod', 'bag', 'cube magnetic']) expect(view.search(keyword, {}), keyword).toEqual(full.search(keyword, {}));
    expect(Array.from(full.search('magnetic', {})!.relevance)).toEqual([1]);
    expect(Array.from(full.search('stickermod', {})!.relevance)).toEqual([4]);
    // The other way round: only the written products say it in their names.
    const view2 = patchedIndex(
      await buildSearchIndex([row(2, 'cube stand', ['Magnetic'])], names, {}),
      await buildSearchIndex([row(1, 'magnetic cube')], names, {}),
      new Set([1]),
    );
    const full2 = await buildSearchIndex([row(1, 'magnetic cube'), row(2, 'cube stand', ['Magnetic'])], names, {});
    expect(view2.search('magnetic', {})).toEqual(full2.search('magnetic', {}));
    expect(Array.from(full2.search('magnetic', {})!.relevance)).toEqual([1]);
  });
});
