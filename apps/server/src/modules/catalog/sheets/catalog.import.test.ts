import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImportRefused, TImportResult, TStaffRole } from '@cubeshop/shared';
import { createShopApp, shopClient, type ShopApp, type ShopCall } from '../../../test/shop.js';

// Spreadsheet import and export of the catalog (docs/catalog.md, Spreadsheets): round trips in
// CSV and XLSX, dry runs that write nothing, errors by row and column, all or nothing, updates
// by barcode, roles, and malformed files answered with 400.
let t: ShopApp;
const tokens = {} as Record<TStaffRole, string>;
let owner: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    tokens[role] = await t.services.authn.issueUserToken(user.id);
  }
  owner = shopClient(t, tokens.owner);
});
afterAll(async () => {
  await t.close();
});

function multipart(data: Buffer, fileName: string): { payload: Buffer; contentType: string } {
  const boundary = `----cubeshop${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  data: Buffer,
  { dryRun = true, role = 'catalog', fileName = 'products.csv', lang = 'en' }: { dryRun?: boolean; role?: TStaffRole; fileName?: string; lang?: string } = {},
) {
  const { payload, contentType } = multipart(data, fileName);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/items/import?dryRun=${dryRun}`,
    headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': contentType, 'x-lang-type': lang },
    payload,
  });
  const body = res.json<TImportResult & Partial<TImportRefused>>();
  // A refused apply answers 422 with the API's error shape and the report in details.
  return { status: res.statusCode, body, report: (res.statusCode === 422 ? body.details : body) as TImportResult };
}

async function download(path: string, role: TStaffRole = 'catalog'): Promise<{ status: number; data: Buffer; type: string }> {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${tokens[role]}`, 'x-lang-type': 'en' } });
  return { status: res.statusCode, data: res.rawPayload, type: String(res.headers['content-type']) };
}

const csvOf = (data: Buffer): string[][] => parse(data.toString('utf8'), { bom: true, relax_column_count: true });
const toCsv = (rows: (string | number)[][]) => Buffer.from(stringify(rows));
const price = async (id: number) => (await owner('GET', `/api/items/${id}`)).body.price as number;

describe('catalog spreadsheets', () => {
  it('exports CSV, and a re-import of an edited export updates only what changed (dry run first)', async () => {
    const exported = await download('/api/admin/items/export.csv');
    expect(exported.status).toBe(200);
    expect(exported.type).toContain('text/csv');
    const rows = csvOf(exported.data);
    const header = rows[0]!;
    expect(header.slice(0, 7)).toEqual(['id', 'barcode', 'name_zh', 'name_en', 'category', 'brand', 'price']);
    const at = (name: string) => header.indexOf(name);
    const cube = rows.find((r) => Number(r[at('id')]) === t.products.cube)!;
    expect(cube[at('types')]).toBe('black:黑色:Black; stickerless:实色:Stickerless');
    expect(cube[at('category')]).toBe('cubes');
    expect(cube[at('price')]).toBe('129');

    // Unchanged, it changes nothing.
    const same = await upload(exported.data);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({
      status: 'dryRun',
      dryRun: true,
      planned: { created: 0, updated: 0, unchanged: rows.length - 1 },
      written: { created: 0, updated: 0 },
      errors: [],
    });

    cube[at('price')] = '119.50';
    cube[at('tiers')] = '12:99; 60:89.9';
    cube[at('stock')] = 'black:40; stickerless:5';
    const timer = rows.find((r) => Number(r[at('id')]) === t.products.timer)!;
    timer[at('name_en')] = 'Orbit Timer Pro';
    const edited = toCsv(rows);
    const dry = await upload(edited);
    expect(dry.body.errors).toEqual([]);
    expect(dry.body).toMatchObject({ status: 'dryRun', dryRun: true, planned: { created: 0, updated: 2 }, written: { created: 0, updated: 0 } });
    const cubeChange = dry.body.changes.find((c) => c.id === t.products.cube)!;
    expect(cubeChange).toMatchObject({ action: 'update', row: rows.indexOf(cube) + 1 });
    expect(cubeChange.fields.sort()).toEqual(['price', 'stock', 'tiers']);
    expect(dry.body.changes.find((c) => c.id === t.products.timer)!.fields).toEqual(['name_en']);
    // The dry run wrote nothing.
    expect(await price(t.products.cube)).toBe(129);
    expect((await t.services.stock.levels([t.products.cube])).get(t.products.cube) ?? []).toEqual([]);

    const applied = await upload(edited, { dryRun: false });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      status: 'applied',
      dryRun: false,
      planned: { updated: 2 },
      written: { created: 0, updated: 2 },
      errorCount: 0,
      errors: [],
    });
    // The storefront shows it at once (caches emptied).
    const detail = (await owner('GET', `/api/items/${t.products.cube}`)).body;
    expect(detail.price).toBe(119.5);
    expect(detail.priceTiers).toEqual([
      { minQuantity: 12, price: 99 },
      { minQuantity: 60, price: 89.9 },
    ]);
    const lines = (await t.services.stock.levels([t.products.cube])).get(t.products.cube)!;
    expect(Object.fromEntries(lines.map((l) => [l.typeCode, l.onHand]))).toEqual({ black: 40, stickerless: 5 });
    expect((await owner('GET', `/api/items/${t.products.timer}`, { lang: 'en' })).body.name).toBe('Orbit Timer Pro');
    // Audited once, with the counts.
    const audit = (await owner('GET', '/api/admin/audit', { query: { entity: 'item' } })).body;
    expect(audit.data.filter((e: { action: string }) => e.action === 'item.import')).toHaveLength(1);
    expect(audit.data.find((e: { action: string }) => e.action === 'item.import').after).toMatchObject({ updated: 2, created: 0 });
    // Importing the same file again changes nothing.
    expect((await upload(edited, { dryRun: false })).body).toMatchObject({ status: 'applied', written: { updated: 0, created: 0 } });
  });

  it('round-trips XLSX: export, edit a price in exceljs, import', async () => {
    const exported = await download('/api/admin/items/export.xlsx');
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.data as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(book.worksheets[1]!.getRow(2).getCell(1).value).toBe('id');
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const priceCol = header.indexOf('price') + 1;
    let target = 0;
    sheet.eachRow((row, n) => {
      if (n > 1 && Number(row.getCell(1).value) === t.products.sticker) target = n;
    });
    expect(sheet.getRow(target).getCell(priceCol).value).toBe(2);
    sheet.getRow(target).getCell(priceCol).value = 2.5;
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const dry = await upload(edited, { fileName: 'products.xlsx' });
    expect(dry.body).toMatchObject({ planned: { updated: 1 }, errors: [] });
    expect(dry.body.changes).toEqual([{ row: target, id: t.products.sticker, action: 'update', fields: ['price'] }]);
    expect((await upload(edited, { fileName: 'products.xlsx', dryRun: false })).body.written.updated).toBe(1);
    expect(await price(t.products.sticker)).toBe(2.5);
  });

  it('reports every error by row and column and writes nothing when any row is wrong', async () => {
    const rows = [
      ['id', 'name_zh', 'name_en', 'category', 'brand', 'price', 'tiers', 'preorder'],
      [t.products.big, '十七阶', 'Big one', 'cubes', 'orbit', '2999', '', 'no'],
      ['', '新品', 'New', 'cubes', 'orbit', 'abc', '', 'no'],
      ['', '新品2', 'New 2', 'nowhere', 'orbit', '10', '12:11', 'maybe'],
      [t.products.big, '重复', 'Dup', 'cubes', 'orbit', '5', '', ''],
      ['99999999', '无', 'None', 'cubes', 'orbit', '5', '', ''],
      ['', '', 'No zh', 'cubes', 'orbit', '5', '2:1; 1:0.5', ''],
    ];
    for (const dryRun of [true, false]) {
      const res = await upload(toCsv(rows), { dryRun });
      expect(res.status).toBe(dryRun ? 200 : 422);
      expect(res.report.errorCount).toBe(7);
      expect(res.report.errors.map((e) => [e.row, e.column])).toEqual([
        [3, 'price'],
        [4, 'category'],
        [4, 'preorder'],
        [5, 'id'],
        [6, 'id'],
        [7, 'name_zh'],
        [7, 'tiers'],
      ]);
    }
    const en = (await upload(toCsv(rows))).body.errors;
    expect(en[0]!.message).toBe('Enter a number');
    expect(en[1]!.message).toBe('There is no category nowhere');
    const zh = (await upload(toCsv(rows), { lang: 'zh' })).body.errors;
    expect(zh[0]!.message).toBe('请输入数字');
    // All or nothing: the valid first row was not applied either.
    expect(await price(t.products.big)).toBe(3000);
    expect(await t.services.catalog.writes.countItems()).toBe(6);
  });

  it('refuses an apply with one bad row: 422, status refused, nothing written, the errors listed; the dry run of the same file is 200', async () => {
    const ids = [t.products.timer, t.products.single, t.products.wholesale];
    const before = await Promise.all(ids.map(price));
    const next = before.map((p) => Math.round((p + 1) * 100) / 100);
    const good = ids.map((id, i) => [id, next[i]!.toFixed(2)]);
    // Three good price changes and one unreadable price (row 5).
    const file = toCsv([['id', 'price'], ...good, [t.products.cube, '12,5 yuan']]);
    const imports = async () =>
      ((await owner('GET', '/api/admin/audit', { query: { entity: 'item', recPerPage: 200 } })).body.data as { action: string }[]).filter(
        (e) => e.action === 'item.import',
      ).length;
    const importsBefore = await imports();
    const cubeBefore = await price(t.products.cube);

    const refused = await upload(file, { dryRun: false });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('IMPORT_REFUSED');
    expect(refused.body.desc).toBe('The import was refused and nothing was written: the file has errors (1); fix them and upload it again');
    expect(refused.report).toMatchObject({
      status: 'refused',
      dryRun: false,
      rows: 4,
      written: { created: 0, updated: 0 },
      planned: { created: 0, updated: 3, unchanged: 0 },
      errorCount: 1,
      errors: [{ row: 5, column: 'price', message: 'Enter a number' }],
    });
    // The database is as it was: no price moved, no import audited.
    expect(await Promise.all(ids.map(price))).toEqual(before);
    expect(await price(t.products.cube)).toBe(cubeBefore);
    expect(await imports()).toBe(importsBefore);
    // In Chinese: the sentence and the errors in the request's language.
    const zh = await upload(file, { dryRun: false, lang: 'zh' });
    expect(zh.status).toBe(422);
    expect(zh.body.desc).toContain('导入被拒绝，未写入任何内容');
    expect(zh.report.errors).toEqual([{ row: 5, column: 'price', message: '请输入数字' }]);

    // The same file as a dry run: 200, what would change and the error, nothing written.
    const dry = await upload(file);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ status: 'dryRun', dryRun: true, written: { created: 0, updated: 0 }, planned: { updated: 3 }, errorCount: 1 });
    expect(dry.body.changes.map((c) => c.id)).toEqual(ids);
    expect(await Promise.all(ids.map(price))).toEqual(before);

    // Without the bad row: applied, and the answer counts what was written.
    const clean = await upload(toCsv([['id', 'price'], ...good]), { dryRun: false });
    expect(clean.status).toBe(200);
    expect(clean.body).toMatchObject({
      status: 'applied',
      dryRun: false,
      rows: 3,
      written: { created: 0, updated: 3 },
      planned: { updated: 3 },
      errorCount: 0,
      errors: [],
    });
    expect(await Promise.all(ids.map(price))).toEqual(next);
    expect(await imports()).toBe(importsBefore + 1);
    // Back as they were (the later tests read these prices).
    const back = await upload(toCsv([['id', 'price'], ...ids.map((id, i) => [id, before[i]!.toFixed(2)])]), { dryRun: false });
    expect(back.body.written).toEqual({ created: 0, updated: 3 });
  });

  it('creates products and updates them by barcode when the id is left out', async () => {
    const header = ['id', 'barcode', 'name_zh', 'name_en', 'category', 'brand', 'price', 'stock'];
    const created = await upload(toCsv([header, ['', 'BC-1001', '条码魔方', 'Barcode cube', 'cubes', 'orbit', '20', '15']]), { dryRun: false });
    expect(created.body).toMatchObject({ status: 'applied', written: { created: 1, updated: 0 }, errors: [] });
    const list = csvOf((await download('/api/admin/items/export.csv?keyword=Barcode')).data);
    expect(list).toHaveLength(2);
    const id = Number(list[1]![0]);
    expect(list[1]![list[0]!.indexOf('stock')]).toBe('15');
    const byBarcode = await upload(
      toCsv([
        ['barcode', 'price'],
        ['BC-1001', '18'],
      ]),
      { dryRun: false },
    );
    expect(byBarcode.body).toMatchObject({ status: 'applied', written: { created: 0, updated: 1 }, errors: [] });
    expect(byBarcode.body.changes).toEqual([{ row: 2, id, action: 'update', fields: ['price'] }]);
    expect(await price(id)).toBe(18);
  });

  it('filters exports like the storefront list and serves templates', async () => {
    const cheap = csvOf((await download('/api/admin/items/export.csv?maxPrice=10')).data);
    expect(cheap.slice(1).every((r) => Number(r[6]) <= 10)).toBe(true);
    expect(cheap.length).toBeGreaterThan(1);
    const template = await download('/api/admin/items/template.csv');
    const rows = csvOf(template.data);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('tiers');
    // The example row imports as it is (a category and brand of this shop): a dry run creates one product.
    expect((await upload(template.data)).body).toMatchObject({ status: 'dryRun', planned: { created: 1, updated: 0 }, written: { created: 0 }, errors: [] });
    const xlsx = await download('/api/admin/items/template.xlsx');
    expect(xlsx.type).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.data as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Products', 'Notes']);
  });

  it('lets only owner and catalog staff use the spreadsheets', async () => {
    const file = toCsv([
      ['id', 'price'],
      [t.products.big, '1'],
    ]);
    for (const role of ['sales', 'warehouse', 'service'] as const) {
      expect((await download('/api/admin/items/export.csv', role)).status).toBe(403);
      expect((await download('/api/admin/items/export.xlsx', role)).status).toBe(403);
      expect((await download('/api/admin/items/template.csv', role)).status).toBe(403);
      expect((await upload(file, { role, dryRun: false })).status).toBe(403);
    }
    expect((await upload(file, { role: 'owner' })).status).toBe(200);
    expect(await price(t.products.big)).toBe(3000);
  });

  it('answers 400, not 500, to files that are not spreadsheets', async () => {
    const xlsx = (await download('/api/admin/items/template.xlsx')).data;
    const cases: [string, Buffer][] = [
      ['truncated xlsx', xlsx.subarray(0, Math.floor(xlsx.length / 2))],
      ['binary blob', randomBytes(4096)],
      ['empty file', Buffer.alloc(0)],
      ['csv without a header', toCsv([[String(t.products.big), '十七阶', 'Big', 'cubes', 'orbit', '1']])],
      ['broken quotes', Buffer.from('id,name_zh\n1,"abc\n')],
    ];
    for (const [what, data] of cases) {
      const res = await upload(data, { dryRun: false });
      expect([what, res.status, res.body.code]).toEqual([what, 400, 'BAD_REQUEST']);
      expect(res.body.desc, what).toBeTruthy();
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/admin/items/import',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notMultipart.statusCode).toBe(415);
    const cutShort = await t.app.inject({
      method: 'POST',
      url: '/api/admin/items/import?dryRun=false',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'multipart/form-data; boundary=----x' },
      payload: '------x\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid,price\r\n1,2',
    });
    expect([cutShort.statusCode, cutShort.json().code]).toEqual([400, 'BAD_REQUEST']);
    expect(await price(t.products.big)).toBe(3000);
  });
});
