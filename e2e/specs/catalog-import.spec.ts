import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '../support/test.js';
import { signIn } from '../support/accounts.js';
import { pageAs, shoot } from '../support/staff.js';

// Catalog spreadsheets (docs/catalog.md, Spreadsheets): staff export the catalog to XLSX, change
// the prices of 100 products in the file (exceljs here, as a spreadsheet program would), put one
// bad value in one row; the dry run reports that row and column and changes nothing; fixed, the
// file applies and the storefront shows the new prices. Then a file that was clean when checked is
// refused at Apply (a category it names was deleted meanwhile): the API answers 422 with nothing
// written, the screen says so in red with the error, and no price moved. Screens at 1280 (en) and
// 390 px (zh).

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const money = (v: number) => `¥${v.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

test('staff export XLSX, dry-run an edited file with one bad row, fix it, apply; the storefront shows the new prices', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await signIn(request, 'demo_admin', 'Admin1234');
  const page = await pageAs(browser, owner, 'en', 1280, { acceptDownloads: true });
  await page.goto('/admin/items');
  await page.getByTestId('items-import').click();
  await expect(page.getByRole('heading', { name: 'Spreadsheets: import and export' })).toBeVisible();

  // Export the catalog (the download goes through the API with the bearer header).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^products-.*\.xlsx$/);
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = exported.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (name: string) => header.indexOf(name) + 1;
  expect(sheet.rowCount).toBeGreaterThan(1000);

  // 100 products from the middle of the catalog, without a discount (the price shown is the list price).
  const picked: { id: number; old: number; next: number; values: unknown[] }[] = [];
  for (let n = Math.floor(sheet.rowCount / 2); n <= sheet.rowCount && picked.length < 100; n++) {
    const row = sheet.getRow(n);
    if (Number(row.getCell(col('discount_percent')).value) !== 0 || row.getCell(col('archived')).value !== 'no') continue;
    const old = Number(row.getCell(col('price')).value);
    const values = (row.values as unknown[]).slice(1);
    // Stock left blank: kept as it is.
    values[col('stock') - 1] = null;
    picked.push({ id: Number(row.getCell(col('id')).value), old, next: Math.round((old + 1.23) * 100) / 100, values });
  }
  expect(picked).toHaveLength(100);

  const workbook = (bad: boolean) => {
    const book = new ExcelJS.Workbook();
    const out = book.addWorksheet('Products');
    out.addRow(header);
    picked.forEach((p, i) => {
      const values = [...p.values];
      values[col('price') - 1] = bad && i === 41 ? '12,5 yuan' : p.next;
      out.addRow(values);
    });
    return book.xlsx.writeBuffer();
  };
  const upload = async (bad: boolean) =>
    page.getByTestId('import-file').setInputFiles({ name: bad ? 'prices-bad.xlsx' : 'prices.xlsx', mimeType: XLSX, buffer: Buffer.from(await workbook(bad)) });

  // Dry run with one bad value: row 43 (header + 42nd product), column price; nothing changed.
  await upload(true);
  await expect(page.getByTestId('import-summary')).toContainText('has errors: nothing has been changed');
  const errors = page.getByTestId('import-errors');
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  await expect(errors.locator('tbody tr').first()).toContainText('43');
  await expect(errors.locator('tbody tr').first()).toContainText('price');
  await expect(errors.locator('tbody tr').first()).toContainText('Enter a number');
  await expect(page.getByTestId('import-apply')).toHaveCount(0);
  await shoot(page, 'catalog-import-en-1280');
  for (const p of [picked[0]!, picked[41]!, picked[99]!]) {
    const shown = await (await request.get(`/api/items/${p.id}`, { headers: { 'x-price-type': 'CNY' } })).json();
    expect(shown.price).toBe(p.old);
  }

  // Fixed: the dry run lists 100 changes (the price column), then Apply writes them.
  await upload(false);
  await expect(page.getByTestId('import-summary')).toContainText('nothing has been changed yet');
  await expect(page.getByTestId('count-updated')).toHaveText('100 products change');
  await expect(page.getByTestId('import-changes').locator('tbody tr')).toHaveCount(100);
  await expect(page.getByTestId('import-changes').locator('tbody tr').first()).toContainText('price');
  await page.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-summary')).toContainText('was imported', { timeout: 60_000 });

  // The storefront shows the new prices at once (API and page).
  for (const p of [picked[0]!, picked[41]!, picked[99]!]) {
    const shown = await (await request.get(`/api/items/${p.id}`, { headers: { 'x-price-type': 'CNY' } })).json();
    expect(shown.price).toBe(p.next);
  }
  const shop = await browser.newPage({ locale: 'zh-CN' });
  await shop.goto(`/product/${picked[41]!.id}`);
  await expect(shop.getByTestId('price').first()).toHaveText(money(picked[41]!.next));
  await shop.close();

  // A file checked clean, then refused at Apply because the catalog changed meanwhile.
  const auth = { authorization: `Bearer ${owner.token}`, 'x-lang-type': 'en' };
  const slug = `e2e-gone-${Date.now().toString(36)}`;
  const made = await request.post('/api/admin/categories', { headers: auth, data: { slug, nameZh: '临时分类', nameEn: 'Temporary' } });
  expect(made.status(), await made.text()).toBe(201);
  const category = (await made.json()) as { id: number };
  const moved = picked.slice(1, 4);
  const later = moved.map((p) => Math.round((p.next + 2) * 100) / 100);
  const csv = ['id,price,category', ...moved.map((p, i) => `${p.id},${later[i]!.toFixed(2)},${i === 2 ? slug : String(p.values[col('category') - 1])}`)].join(
    '\n',
  );
  await page.getByTestId('import-file').setInputFiles({ name: 'moves.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-summary')).toContainText('Checked moves.csv: nothing has been changed yet.');
  await expect(page.getByTestId('count-updated')).toHaveText('3 products change');
  const gone = await request.delete(`/api/admin/categories/${category.id}`, { headers: auth });
  expect(gone.status(), await gone.text()).toBe(204);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/admin/items/import') && r.url().includes('dryRun=false')),
    page.getByTestId('import-apply').click(),
  ]);
  expect(answer.status()).toBe(422);
  expect(((await answer.json()) as { details: { status: string; written: unknown } }).details).toMatchObject({
    status: 'refused',
    written: { created: 0, updated: 0 },
  });
  const refused = page.getByRole('alert');
  await expect(refused).toContainText('moves.csv was refused: nothing was written.');
  await expect(refused).toContainText('The file has 1 error.');
  await expect(page.getByTestId('count-written')).toHaveText('Nothing written');
  await expect(page.getByTestId('import-errors').locator('tbody tr')).toHaveCount(1);
  const cells = page.getByTestId('import-errors').locator('tbody tr').first().locator('td');
  await expect(cells).toHaveText(['4', 'category', `There is no category ${slug}`]);
  await expect(page.getByTestId('import-apply')).toHaveCount(0);
  await expect(page.getByTestId('count-updated')).toHaveCount(0);
  await shoot(page, 'catalog-import-refused-en-1280');
  for (const p of moved) {
    const shown = await (await request.get(`/api/items/${p.id}`, { headers: { 'x-price-type': 'CNY' } })).json();
    expect(shown.price).toBe(p.next);
  }

  // The screen at 390 px in Chinese, with the applied file's report.
  const small = await pageAs(browser, owner, 'zh', 390);
  await small.goto('/admin/items/import');
  await expect(small.getByRole('heading', { name: '表格导入与导出' })).toBeVisible();
  await small.getByTestId('import-file').setInputFiles({ name: 'prices.xlsx', mimeType: XLSX, buffer: Buffer.from(await workbook(true)) });
  await expect(small.getByTestId('import-errors').locator('tbody tr')).toHaveCount(1);
  // The applied prices read back as they are: the other 99 rows are unchanged.
  await expect(small.getByTestId('count-unchanged')).toHaveText('99 个商品不变');
  await shoot(small, 'catalog-import-zh-390');
  await page.context().close();
  await small.context().close();
});
