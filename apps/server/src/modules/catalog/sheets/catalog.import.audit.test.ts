import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditList, TImportResult } from '@cubeshop/shared';
import { createShopApp, shopClient, type ShopApp, type ShopCall } from '../../../test/shop.js';

// An applied spreadsheet import is in the activity log product by product (docs/catalog.md,
// Spreadsheets): every product it creates or changes has an entry with before and after, as an
// edit in the product editor has, found by the activity log's filter for that product; the
// import's summary line stays.
let t: ShopApp;
let catalogToken: string;
let owner: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  const staff = async (role: 'owner' | 'catalog') => {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    return t.services.authn.issueUserToken(user.id);
  };
  catalogToken = await staff('catalog');
  owner = shopClient(t, await staff('owner'));
});
afterAll(() => t.close());

async function apply(data: Buffer, fileName: string): Promise<TImportResult> {
  const boundary = `----cubeshop${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: text/csv\r\n\r\n`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/items/import?dryRun=false',
    headers: { authorization: `Bearer ${catalogToken}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang-type': 'en' },
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TImportResult>();
}

const historyOf = async (id: number | string) =>
  (await owner<TAuditList>('GET', '/api/admin/audit', { query: { entity: 'item', entityId: String(id) } })).body.data;

describe('spreadsheet import in the activity log', () => {
  it('records each product it changes or creates with before and after, findable by product', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/items/export.csv', headers: { authorization: `Bearer ${catalogToken}` } });
    const rows = parse(exported.body, { bom: true, relax_column_count: true });
    const header = rows[0]!;
    const at = (name: string) => header.indexOf(name);
    const cube = rows.find((r) => Number(r[at('id')]) === t.products.cube)!;
    const timer = rows.find((r) => Number(r[at('id')]) === t.products.timer)!;
    cube[at('price')] = '119.5';
    cube[at('stock')] = 'black:40; stickerless:5';
    timer[at('name_en')] = 'Orbit Timer Pro';
    const created = [...cube];
    created[at('id')] = '';
    created[at('barcode')] = '';
    created[at('name_en')] = 'Orbit Pyraminx';
    created[at('name_zh')] = '轨道 金字塔';
    created[at('stock')] = 'black:3';
    const fileName = `prices-${randomBytes(2).toString('hex')}.csv`;
    const result = await apply(Buffer.from(stringify([header, cube, timer, created])), fileName);
    expect(result).toMatchObject({ status: 'applied', written: { created: 1, updated: 2 } });

    const [cubeEntry] = await historyOf(t.products.cube);
    expect(cubeEntry).toMatchObject({
      action: 'item.update',
      entity: 'item',
      entityId: String(t.products.cube),
      before: { price: 129, stock: {} },
      after: { price: 119.5, stock: { black: 40, stickerless: 5 } },
      note: `import: ${fileName}`,
    });
    expect(cubeEntry!.actor.role).toBe('catalog');
    // Only what changed, as the editor records it.
    expect(Object.keys(cubeEntry!.after ?? {}).sort()).toEqual(['price', 'stock']);

    const [timerEntry] = await historyOf(t.products.timer);
    expect(timerEntry).toMatchObject({ action: 'item.update', before: { nameEn: 'Orbit Timer' }, after: { nameEn: 'Orbit Timer Pro' } });
    expect(Object.keys(timerEntry!.after ?? {})).toEqual(['nameEn']);

    const newId = (await owner('GET', '/api/admin/items', { query: { keyword: 'Pyraminx', archived: 'all' } })).body.data[0].id as number;
    const [createdEntry] = await historyOf(newId);
    expect(createdEntry).toMatchObject({
      action: 'item.create',
      before: null,
      after: { nameEn: 'Orbit Pyraminx', nameZh: '轨道 金字塔', price: 119.5, stock: [{ typeCode: 'black', onHand: 3 }] },
    });

    // The same shape as an edit in the product editor.
    const {
      id: _id,
      discountPrice: _d,
      volumeWeightG: _v,
      totalVolumeWeightG: _t,
      stock: _s,
      stockStatus: _ss,
      images: _i,
      archivedTime: _a,
      createdTime: _c,
      lastUpdatedTime: _l,
      ...stored
    } = (await owner('GET', `/api/admin/items/${t.products.timer}`)).body;
    const edit = await owner('PUT', `/api/admin/items/${t.products.timer}`, { body: { ...stored, nameEn: 'Orbit Timer Max' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const [edited] = await historyOf(t.products.timer);
    expect(edited).toMatchObject({ action: 'item.update', before: { nameEn: 'Orbit Timer Pro' }, after: { nameEn: 'Orbit Timer Max' } });

    // The import's summary line is still there.
    const summary = (await historyOf('import'))[0];
    expect(summary).toMatchObject({ action: 'item.import', after: { created: 1, updated: 2, file: fileName } });
  });
});
