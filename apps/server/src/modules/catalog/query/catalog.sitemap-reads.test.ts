import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../test/harness.js';

/** The catalog's reads for sitemaps: runs of products by id and keyset pages of (id, updated_at). */
let t: TestApp;
let ids: number[];
const updated = (i: number) => new Date(Date.UTC(2026, 0, 1 + ((i * 5) % 7)));

beforeAll(async () => {
  t = await createTestApp();
  const admin = t.services.catalog.writes;
  const supplierId = await admin.createSupplier({ slug: 'orbit', nameZh: '轨道', nameEn: 'Orbit' });
  const categoryId = await admin.createCategory({ slug: 'cubes', nameZh: '魔方', nameEn: 'Cubes' });
  ids = await admin.addItems(
    Array.from({ length: 7 }, (_, i) => ({
      nameZh: `魔方 ${i}`,
      nameEn: `Cube ${i}`,
      priceFen: 1_000 + i,
      supplierId,
      categoryId,
      createdAt: updated(i),
      updatedAt: updated(i),
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

describe(`catalog sitemap reads (${TEST_DB_KIND})`, () => {
  it('cuts the products by id in runs with their first and last id, size and latest update', async () => {
    const latest = (slice: number[]) => new Date(Math.max(...slice.map((id) => updated(ids.indexOf(id)).getTime())));
    expect(await t.services.catalog.query.productRuns(3)).toEqual([
      { firstId: ids[0], lastId: ids[2], count: 3, updatedAt: latest(ids.slice(0, 3)) },
      { firstId: ids[3], lastId: ids[5], count: 3, updatedAt: latest(ids.slice(3, 6)) },
      { firstId: ids[6], lastId: ids[6], count: 1, updatedAt: latest(ids.slice(6)) },
    ]);
    expect(await t.services.catalog.query.productRuns(10)).toHaveLength(1);
  });

  it('pages (id, updated_at) by keyset: after an id, up to an id, at most a limit', async () => {
    const query = t.services.catalog.query;
    const seen: number[] = [];
    for (let after = 0; ;) {
      const page = await query.productStamps({ afterId: after, limit: 2 });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      for (const stamp of page) expect(stamp.updatedAt).toEqual(updated(ids.indexOf(stamp.id)));
      seen.push(...page.map((s) => s.id));
      after = page.at(-1)!.id;
    }
    expect(seen).toEqual(ids);
    expect((await query.productStamps({ afterId: ids[1]!, untilId: ids[4]!, limit: 10 })).map((s) => s.id)).toEqual(ids.slice(2, 5));
  });
});
