import { describe, expect, it } from 'vitest';
import type { StockLine } from '../../stock/stock.service.js';
import { buildDictionary } from './catalog.dictionary.js';
import { createFragments } from './catalog.product-json.js';
import { toDetail, toProduct, type MapContext, type View } from '../query/catalog.mapper.js';
import type { ItemDetailRow } from '../catalog.repository.js';

/**
 * Kept product JSON (catalog.product-json.ts) must be byte for byte what mapping the rows gives,
 * follow what changes without a write (the newest threshold, stock states after their lifetime)
 * and read again after clear().
 */
const dict = buildDictionary(
  [
    { id: 1, slug: 'cubes', parentId: null, nameZh: '魔方', nameEn: 'Cubes', position: 0, shape: 'cube3' },
    { id: 2, slug: '3x3', parentId: 1, nameZh: '三阶', nameEn: '3x3', position: 0, shape: null },
  ],
  [{ id: 7, slug: 'nebula', nameZh: '星河', nameEn: 'Nebula', position: 0 }],
);
const day = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);

function row(id: number, extra: Partial<ItemDetailRow> = {}): ItemDetailRow {
  return {
    id,
    nameZh: `星河 ${id} 号 "引号" \\ 魔方`,
    nameEn: `Nebula ${id}`,
    types: [{ code: 'black', zh: '黑色', en: 'Black' }],
    priceFen: 12_900 + id,
    discountPriceFen: 10_320,
    discountPercent: id % 2 === 0 ? 20 : 0,
    basePriceFen: id % 2 === 0 ? 10_320 : 12_900 + id,
    priceTiers:
      id === 6
        ? [
            { minQuantity: 50, priceFen: 8_000 },
            { minQuantity: 10, priceFen: 99_999 },
            { minQuantity: 20, priceFen: 9_000 },
          ]
        : [{ minQuantity: 10, priceFen: 9_000 }],
    hot: id % 3 === 0,
    createdAt: new Date(T0 - id * day),
    updatedAt: new Date(T0),
    supplierId: id === 4 ? 99 : 7,
    categoryId: 2,
    moq: 1,
    orderMultiple: id === 6 ? 6 : null,
    imageVersion: 2,
    preorder: id === 5,
    lowStockAt: 3,
    descriptionZh: '<p>好用</p>',
    descriptionEn: '<p>Fast</p>',
    barcode: null,
    commentZh: null,
    commentEn: 'Tool included',
    nwG: 85,
    gwG: null,
    volumeCm3: 343,
    volumeWeightG: 69,
    pkgZh: '彩盒',
    pkgEn: 'Color box',
    carton: null,
    pcs: 120,
    dimension: '5.6×5.6×5.6',
    unitNwDesc: null,
    unitGwDesc: null,
    unitVolumeDesc: null,
    unitVolumeWeightDesc: null,
    totalVolumeWeightG: null,
    imageCount: 2,
    ...extra,
  };
}

function setup() {
  const rows = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, row(id)]));
  const stock = new Map<number, StockLine[]>([
    [1, [{ typeCode: 'black', onHand: 2, reserved: 0 }]],
    [2, [{ typeCode: 'black', onHand: 0, reserved: 0 }]],
  ]);
  const reads = { rows: 0, details: 0, levels: 0 };
  let clock = 1_000_000;
  let beforeRows: (() => void) | undefined;
  const fragments = createFragments(
    {
      async findByIds(ids) {
        reads.rows += ids.length;
        beforeRows?.();
        return ids.flatMap((id) => rows.get(id) ?? []);
      },
      async findDetail(id) {
        reads.details++;
        return rows.get(id);
      },
      async levelsOf(ids) {
        reads.levels += ids.length;
        return new Map(ids.flatMap((id) => (stock.has(id) ? [[id, stock.get(id)!] as const] : [])));
      },
    },
    { statusTtlMs: 30_000, now: () => clock },
  );
  const context = (view: View, since = new Date(T0 - 3.5 * day), rate = 7.1): MapContext => ({ view, rate, dict, since });
  const expected = (ids: number[], ctx: MapContext) =>
    ids.flatMap((id) => (rows.has(id) ? [JSON.stringify(toProduct(rows.get(id)!, ctx, stock.get(id)))] : []));
  return { rows, stock, reads, fragments, context, expected, tick: (ms: number) => (clock += ms), onRows: (f: () => void) => (beforeRows = f) };
}

const views: View[] = [
  { locale: 'zh', currency: 'CNY' },
  { locale: 'en', currency: 'USD' },
  { locale: 'en', currency: 'CNY' },
  { locale: 'zh', currency: 'USD' },
];

describe('catalog fragments', () => {
  it('gives the same JSON as mapping the rows, in every language and currency, reading each product once', async () => {
    const s = setup();
    for (const view of views) {
      const ctx = s.context(view);
      const ids = [6, 1, 2, 5, 3, 4];
      const first = await s.fragments.cards(ids, ctx);
      expect(first.parts).toEqual(s.expected(ids, ctx));
      expect(first.fen[1]).toEqual({ paidFen: 12_901, tiers: [{ minQuantity: 10, priceFen: 9_000 }] });
      expect(JSON.parse(first.parts[2]!)).toMatchObject({ stockStatus: 'out_of_stock' });
      const again = await s.fragments.cards(ids, ctx);
      expect(again.parts).toEqual(first.parts);
      // a product that is gone is skipped
      expect((await s.fragments.cards([1, 99, 2], ctx)).ids).toEqual([1, 2]);
      // a page: what JSON.stringify gives for the mapped products and the pager
      const pager = { page: 2, recPerPage: 120, recTotal: 5000, recTotalCapped: true };
      const page = await s.fragments.page([...ids, 99], ctx, pager);
      const data = ids.map((id) => toProduct(s.rows.get(id)!, ctx, s.stock.get(id)));
      expect(page.bytes.toString()).toBe(JSON.stringify({ data, pager }));
      expect(page.ids).toEqual(ids);
      expect(page.fen).toEqual(first.fen);
    }
    // each product once for all views (and the unknown id each time), its stock once
    expect(s.reads.rows).toBe(6 + 4 * 2);
    expect(s.reads.levels).toBe(6 + 4 * 2);
  });

  it('moves label N with the newest threshold without reading again', async () => {
    const s = setup();
    const early = s.context(views[0]!, new Date(T0 - 1.5 * day));
    const late = s.context(views[0]!, new Date(T0 - 5.5 * day));
    await s.fragments.cards([1, 2, 3, 4, 5], early);
    const reads = s.reads.rows;
    const parts = (await s.fragments.cards([1, 2, 3, 4, 5], late)).parts;
    expect(parts).toEqual(s.expected([1, 2, 3, 4, 5], late));
    expect(parts.map((p) => (JSON.parse(p) as { labels: string[] }).labels)).toEqual([['N'], ['N', 'D'], ['H', 'N'], ['N', 'D'], ['N']]);
    expect(s.reads.rows).toBe(reads);
  });

  it('reads stock states again after their lifetime (in the background up to twice it, first past it), and products again after clear()', async () => {
    const s = setup();
    const ctx = s.context(views[1]!);
    await s.fragments.cards([1, 2], ctx);
    const sold = (onHand: number) => s.stock.set(1, [{ typeCode: 'black', onHand, reserved: 2 }]);
    const before = s.expected([1], ctx);
    sold(2);
    expect((await s.fragments.cards([1], ctx)).parts).toEqual(before);
    // Past its lifetime: written as it was, and read again beside the answer (one query for the page's old states).
    s.tick(30_001);
    const rowsBefore = s.reads.rows;
    const levelsBefore = s.reads.levels;
    expect((await s.fragments.cards([1, 2], ctx)).parts).toEqual([...before, ...s.expected([2], ctx)]);
    await s.fragments.refreshed();
    expect(s.reads.levels).toBe(levelsBefore + 2);
    expect((await s.fragments.cards([1], ctx)).parts).toEqual(s.expected([1], ctx));
    expect(s.reads.rows).toBe(rowsBefore);
    expect(JSON.parse((await s.fragments.cards([1], ctx)).parts[0]!)).toMatchObject({ stockStatus: 'out_of_stock' });
    // Past twice its lifetime: the answer waits for it.
    sold(10);
    s.tick(60_001);
    expect((await s.fragments.cards([1], ctx)).parts).toEqual(s.expected([1], ctx));
    expect(JSON.parse((await s.fragments.cards([1], ctx)).parts[0]!)).toMatchObject({ stockStatus: 'in_stock' });

    s.rows.set(2, row(2, { nameEn: 'Renamed' }));
    s.fragments.clear();
    expect(JSON.parse((await s.fragments.cards([2], ctx)).parts[0]!)).toMatchObject({ name: 'Renamed' });
  });

  it('does not keep what was read while a clear() happened', async () => {
    const s = setup();
    const ctx = s.context(views[0]!);
    s.onRows(() => {
      s.rows.set(3, row(3, { nameZh: '新名字' }));
      s.fragments.clear();
    });
    const raced = await s.fragments.cards([3], ctx);
    expect(raced.ids).toEqual([3]);
    s.onRows(() => undefined);
    expect(JSON.parse((await s.fragments.cards([3], ctx)).parts[0]!)).toMatchObject({ name: '新名字' });
  });

  it('forgets only the stock states it is told to: those are read again at once, the rest stay', async () => {
    const s = setup();
    const ctx = s.context(views[0]!);
    const statesOf = async () =>
      (JSON.parse((await s.fragments.page([1, 2, 3], ctx, {})).bytes.toString()) as { data: { stockStatus: string }[] }).data.map((p) => p.stockStatus);
    const before = await statesOf();
    expect(before[0]).not.toBe('out_of_stock');
    expect(before[1]).toBe('out_of_stock');
    s.stock.set(1, [{ typeCode: 'black', onHand: 0, reserved: 0 }]);
    s.stock.set(2, [{ typeCode: 'black', onHand: 9, reserved: 0 }]);
    const [rowsBefore, levelsBefore] = [s.reads.rows, s.reads.levels];
    s.fragments.forgetStates([1]);
    // 1 read again (now out of stock); 2 as kept (its change was not announced); no product row read.
    expect(await statesOf()).toEqual(['out_of_stock', 'out_of_stock', before[2]]);
    expect(s.reads.levels).toBe(levelsBefore + 1);
    expect(s.reads.rows).toBe(rowsBefore);
  });

  it('forgets what it kept of the products it is told to, and only those', async () => {
    const s = setup();
    const ctx = s.context(views[1]!);
    await s.fragments.cards([1, 2, 3], ctx);
    await s.fragments.detail(1, ctx);
    s.rows.set(1, row(1, { nameEn: 'Renamed One' }));
    s.rows.set(2, row(2, { nameEn: 'Renamed Two' }));
    const [rowsBefore, detailsBefore] = [s.reads.rows, s.reads.details];
    s.fragments.forget([1]);
    const names = (await s.fragments.cards([1, 2, 3], ctx)).parts.map((p) => (JSON.parse(p) as { name: string }).name);
    // 1 read again; 2 as kept (its write was not announced); 3 untouched.
    expect(names[0]).toBe('Renamed One');
    expect(names[1]).not.toBe('Renamed Two');
    expect(s.reads.rows).toBe(rowsBefore + 1);
    expect(JSON.parse((await s.fragments.detail(1, ctx))!.json)).toMatchObject({ name: 'Renamed One' });
    expect(s.reads.details).toBe(detailsBefore + 1);
  });

  it('does not keep stock states read while forgetStates() happened', async () => {
    const s = setup();
    const ctx = s.context(views[0]!);
    s.onRows(() => s.fragments.forgetStates([1]));
    const raced = await s.fragments.cards([1], ctx);
    expect(raced.parts).toEqual(s.expected([1], ctx));
    s.onRows(() => undefined);
    const [rowsBefore, levelsBefore] = [s.reads.rows, s.reads.levels];
    expect((await s.fragments.cards([1], ctx)).parts).toEqual(s.expected([1], ctx));
    // The card was kept, the state read during the change was not: read once more now.
    expect(s.reads.rows).toBe(rowsBefore);
    expect(s.reads.levels).toBe(levelsBefore + 1);
  });

  it('builds a detail from the card and the detail fields, as toDetail maps it', async () => {
    const s = setup();
    for (const view of views) {
      const ctx = s.context(view);
      await s.fragments.cards([4], ctx);
      const detail = await s.fragments.detail(4, ctx);
      expect(detail?.json).toBe(JSON.stringify(toDetail(s.rows.get(4)!, ctx, s.stock.get(4))));
      expect(await s.fragments.detail(99, ctx)).toBeUndefined();
    }
    const details = s.reads.details;
    await s.fragments.detail(4, s.context(views[0]!));
    expect(s.reads.details).toBe(details);
  });

  it('writes each style’s state on cards and its pieces on the detail, as the mappers do, and follows a forgotten state', async () => {
    const s = setup();
    const styles = [
      { code: 'red', zh: '红 "色"', en: 'Red "1"' },
      { code: 'blue', zh: '蓝色', en: 'Blue' },
      { code: 'gold', zh: '金色', en: 'Gold' },
    ];
    s.rows.set(7, row(7, { types: styles, lowStockAt: 5, moq: 2 }));
    s.rows.set(8, row(8, { types: styles, preorder: true }));
    // gold has no row: a tracked product counts it as none; blue has 1, fewer than the MOQ of 2.
    s.stock.set(7, [
      { typeCode: 'blue', onHand: 1, reserved: 0 },
      { typeCode: 'red', onHand: 9, reserved: 5 },
    ]);
    s.stock.set(8, [{ typeCode: 'red', onHand: 30, reserved: 0 }]);
    for (const view of views) {
      const ctx = s.context(view);
      const ids = [7, 8, 4, 1];
      expect((await s.fragments.cards(ids, ctx)).parts).toEqual(s.expected(ids, ctx));
      for (const id of ids) expect((await s.fragments.detail(id, ctx))?.json).toBe(JSON.stringify(toDetail(s.rows.get(id)!, ctx, s.stock.get(id))));
    }
    const ctx = s.context(views[2]!);
    const detail = JSON.parse((await s.fragments.detail(7, ctx))!.json) as { types: unknown[]; available: number; stockStatus: string };
    expect(detail.types).toEqual([
      { code: 'red', name: 'Red "1"', stockStatus: 'low', available: 4 },
      { code: 'blue', name: 'Blue', stockStatus: 'out_of_stock', available: 1 },
      { code: 'gold', name: 'Gold', stockStatus: 'out_of_stock', available: 0 },
    ]);
    expect([detail.available, detail.stockStatus]).toEqual([5, 'low']);
    expect(JSON.parse((await s.fragments.cards([8], ctx)).parts[0]!).types.map((t: { stockStatus: string }) => t.stockStatus)).toEqual([
      'in_stock',
      'preorder',
      'preorder',
    ]);
    // A recount of gold, told to the fragments: the next page and detail show it.
    s.stock.set(7, [...s.stock.get(7)!, { typeCode: 'gold', onHand: 50, reserved: 0 }]);
    s.fragments.forgetStates([7]);
    const page = await s.fragments.page([7], ctx, { page: 1 });
    expect(JSON.parse(page.bytes.toString()).data[0].types[2]).toEqual({ code: 'gold', name: 'Gold', stockStatus: 'in_stock' });
    expect(JSON.parse((await s.fragments.detail(7, ctx))!.json).types[2]).toEqual({ code: 'gold', name: 'Gold', stockStatus: 'in_stock', available: 50 });
  });

  it('warms: reads every product once, then only stock states older than asked', async () => {
    const s = setup();
    const ctx = s.context(views[2]!);
    expect(await s.fragments.warm([1, 2, 3, 4, 5, 6], 4, 45_000)).toBe(6);
    expect(s.reads.rows).toBe(6);
    expect(await s.fragments.warm([1, 2, 3, 4, 5, 6], 4, 45_000)).toBe(0);
    s.tick(40_000);
    expect(await s.fragments.warm([1, 2, 3, 4, 5, 6], 4, 45_000)).toBe(0);
    s.tick(6_000);
    s.stock.set(1, [{ typeCode: 'black', onHand: 2, reserved: 2 }]);
    expect(await s.fragments.warm([1, 2, 3, 4, 5, 6], 4, 45_000)).toBe(6);
    expect(s.reads.rows).toBe(6);
    expect(s.reads.levels).toBe(12);
    s.tick(20_000);
    // fresh (read 20 s ago), and with the new stock: written without reading anything
    const page = await s.fragments.cards([1, 2, 3, 4, 5, 6], ctx);
    expect(page.parts).toEqual(s.expected([1, 2, 3, 4, 5, 6], ctx));
    await s.fragments.refreshed();
    expect(s.reads.levels).toBe(12);
  });

  it('makes new cards when the rate changes', async () => {
    const s = setup();
    const usd = s.context(views[1]!);
    await s.fragments.cards([1], usd);
    const dearer = s.context(views[1]!, undefined, 6.5);
    expect((await s.fragments.cards([1], dearer)).parts).toEqual(s.expected([1], dearer));
  });
});
