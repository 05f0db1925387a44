import zlib from 'node:zlib';
import { expect, test } from '../support/test.js';
import { signIn } from '../support/accounts.js';
import { pageAs, shoot } from '../support/staff.js';

// Catalog editing (docs/catalog.md, Back office): the owner creates a product with two types,
// quantity tiers, stock and a picture in the editor; within 2 s the storefront finds it by search
// and shows its page in both languages; archived, it leaves the storefront. The list and the
// editor are shot at 1280 and 390 px in both languages into .screenshots/.

/** A small solid PNG made here (no image library in the e2e package). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('staff create a product with types, tiers and a picture; the storefront shows it in both languages, and not once archived', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signIn(request, 'demo_admin', 'Admin1234');
  const tag = Date.now().toString(36);
  const nameEn = `E2E Speed Cube ${tag}`;
  const nameZh = `端到端魔方 ${tag}`;
  const page = await pageAs(browser, owner, 'en', 1280);

  // The section is in the staff navigation.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.getByTestId('item-new').click();
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();

  // Client validation with the shared schema: errors by field before anything is sent.
  await page.getByTestId('item-save').click();
  await expect(page.locator('[data-field-error="nameEn"]')).toBeVisible();
  await expect(page.locator('[data-field-error="price"]')).toBeVisible();

  await page.getByLabel('Name (Chinese)').fill(nameZh);
  await page.getByLabel('Name (English)').fill(nameEn);
  await page.getByRole('textbox', { name: 'Description (English)' }).click();
  await page.keyboard.type('A fast magnetic cube for wholesale.');
  await expect(page.getByRole('button', { name: 'Bold' }).first()).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('item-category').selectOption({ index: 1 });
  await page.getByTestId('item-brand').selectOption({ index: 1 });
  await page.getByLabel('List price (¥)').fill('25');
  await page.getByLabel('Discount (%)').fill('10');
  await expect(page.getByTestId('discount-price')).toHaveText('¥22.50');
  for (const [code, zh, en] of [
    ['black', '黑色', 'Black'],
    ['white', '白色', 'White'],
  ]) {
    await page.getByTestId('type-add').click();
    const row = page.getByTestId('type-row').last();
    await row.getByLabel('Code').fill(code!);
    await row.getByLabel('Chinese').fill(zh!);
    await row.getByLabel('English').fill(en!);
  }
  for (const [min, price] of [
    ['12', '20'],
    ['60', '18.5'],
  ]) {
    await page.getByTestId('tier-add').click();
    const row = page.getByTestId('tier-row').last();
    await row.getByLabel('From pieces').fill(min!);
    await row.getByLabel('Price a piece (¥)').fill(price!);
  }
  await expect(page.getByTestId('stock-row')).toHaveCount(2);
  await page.getByTestId('stock-row').nth(0).getByLabel('On hand').fill('120');
  await page.getByTestId('stock-row').nth(1).getByLabel('On hand').fill('8');
  await page.getByLabel('Packed volume (cm³)').fill('500');
  await expect(page.getByText('0.100 kg')).toBeVisible();
  await page.getByTestId('item-save').click();
  await expect(page).toHaveURL(/\/admin\/items\/\d+$/);
  const id = Number(/\/admin\/items\/(\d+)$/.exec(page.url())![1]);

  // A picture, uploaded through the file picker (the drop zone takes the same files).
  await page.getByTestId('image-input').setInputFiles({ name: 'cube.png', mimeType: 'image/png', buffer: png(120, 90, [220, 30, 60]) });
  await expect(page.getByTestId('item-image')).toHaveCount(1);
  const saved = Date.now();
  await shoot(page, 'catalog-editor-en-1280');

  // The storefront: search and detail in both languages, within 2 s of the change.
  for (const lang of ['en', 'zh'] as const) {
    const name = lang === 'en' ? nameEn : nameZh;
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/items', { params: { keyword: tag }, headers: { 'x-lang-type': lang } });
          return ((await res.json()).data as { id: number; name: string }[]).find((p) => p.id === id)?.name;
        },
        { timeout: 2_000, intervals: [100, 200] },
      )
      .toBe(name);
    const detail = await (await request.get(`/api/items/${id}`, { headers: { 'x-lang-type': lang } })).json();
    expect(detail.name).toBe(name);
    expect(detail.types.map((t: { code: string }) => t.code)).toEqual(['black', 'white']);
    expect(detail.images).toHaveLength(1);
  }
  expect(Date.now() - saved).toBeLessThan(4_000);
  const detail = await (await request.get(`/api/items/${id}`, { headers: { 'x-lang-type': 'en' } })).json();
  const picture = await request.get(detail.image, { headers: { accept: 'image/webp' } });
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/webp');
  expect(picture.headers().etag, 'the uploaded photo, not a generated drawing').toMatch(/^"upload-/);
  for (const lang of ['zh', 'en'] as const) {
    const shop = await pageAs(browser, owner, lang, 1280);
    await shop.goto(`/product/${id}`);
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? nameEn : nameZh);
    await shop.context().close();
  }

  // The list finds it by id; screens in both languages and widths.
  await page.goto(`/admin/items?keyword=${id}`);
  await expect(page.getByRole('row')).toHaveCount(2);
  await shoot(page, 'catalog-list-en-1280');
  for (const [lang, width] of [
    ['zh', 1280],
    ['zh', 390],
    ['en', 390],
  ] as const) {
    const p = await pageAs(browser, owner, lang, width);
    await p.goto('/admin/items');
    await expect(p.getByRole('row').nth(1)).toBeVisible();
    await shoot(p, `catalog-list-${lang}-${width}`);
    await p.goto(`/admin/items/${id}`);
    await expect(p.getByTestId('item-image')).toHaveCount(1);
    await expect(p.getByRole('toolbar').first()).toBeVisible();
    await shoot(p, `catalog-editor-${lang}-${width}`);
    await p.context().close();
  }

  // Archived: gone from the storefront's search and detail; kept for staff.
  await page.goto(`/admin/items/${id}`);
  await page.getByTestId('item-archive').click();
  await expect(page.getByTestId('item-archive')).toHaveText('Restore');
  await expect.poll(async () => (await request.get(`/api/items/${id}`)).status(), { timeout: 2_000, intervals: [100, 200] }).toBe(404);
  const search = await (await request.get('/api/items', { params: { keyword: tag } })).json();
  expect(search.data.map((p: { id: number }) => p.id)).not.toContain(id);
});

test('staff add a category and an authorized brand; the brand shows on the brand authorization page', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await signIn(request, 'demo_admin', 'Admin1234');
  const tag = Date.now().toString(36);
  const page = await pageAs(browser, owner, 'en', 1280);

  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await page.getByLabel('Slug (URL)').fill(`e2e-${tag}`);
  await page.getByLabel('Name (Chinese)').fill(`测试分类 ${tag}`);
  await page.getByLabel('Name (English)').fill(`Test category ${tag}`);
  await page.getByRole('button', { name: 'Add category' }).click();
  const row = page.getByRole('row').filter({ hasText: `Test category ${tag}` });
  await expect(row).toBeVisible();
  // Empty: it can go again.
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  // A category holding products cannot: the reason is shown.
  await page.getByRole('row').filter({ hasText: 'Speed Cubes' }).first().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toContainText(/cannot be deleted/);
  await shoot(page, 'catalog-categories-en-1280');

  await page.goto('/admin/brands');
  await page.getByLabel('Slug (URL)').fill(`e2e-${tag}`);
  await page.getByLabel('Name (Chinese)').fill(`授权品牌 ${tag}`);
  await page.getByLabel('Name (English)').fill(`Authorized ${tag}`);
  await page.getByRole('checkbox', { name: 'Authorized dealer' }).first().check();
  await page.getByRole('button', { name: 'Add brand' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Authorized ${tag}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Authorized ${tag}: authorized dealer` })).toBeChecked();
  await shoot(page, 'catalog-brands-en-1280');

  const shop = await pageAs(browser, owner, 'zh', 390);
  await shop.goto('/brand-authorization');
  await expect(shop.getByTestId('authorized-brands')).toContainText(`授权品牌 ${tag}`);
});
