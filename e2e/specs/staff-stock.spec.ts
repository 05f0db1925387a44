import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { signIn } from '../support/accounts.js';
import { pageAs, shoot, type Locale } from '../support/staff.js';

// The warehouse's stock screen (docs/catalog.md, Stock): opened from the staff menu, it lists the
// products on sale with every style's pieces, keeps only low stock when asked, and sets a count
// with its reason, which the activity log keeps. In both languages.

const TEXT = {
  en: {
    stock: 'Stock',
    title: 'Stock',
    state: 'Stock state',
    low: 'Low stock',
    out: 'Out of stock',
    search: 'Search products',
    apply: 'Apply',
    red: 'Red',
    blue: 'Blue',
    save: 'Save count',
    reason: 'Reason',
  },
  zh: {
    stock: '库存',
    title: '库存',
    state: '库存状态',
    low: '库存紧张',
    out: '缺货',
    search: '搜索商品',
    apply: '应用',
    red: '红色',
    blue: '蓝色',
    save: '保存盘点',
    reason: '原因',
  },
} as const;

/** A new product with two styles, 3 red and no blue pieces (low stock), through the staff API. */
async function lowProduct(request: APIRequestContext, token: string, tag: string): Promise<{ id: number; nameEn: string; nameZh: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const { data } = (await (await request.get('/api/items', { params: { recPerPage: 1 } })).json()) as { data: { categoryId: number; supplierId: number }[] };
  const nameEn = `Shelf cube ${tag}`;
  const nameZh = `货架魔方 ${tag}`;
  const created = await request.post('/api/admin/items', {
    headers,
    data: {
      nameZh,
      nameEn,
      categoryId: data[0]!.categoryId,
      supplierId: data[0]!.supplierId,
      price: 30,
      lowStockAt: 10,
      types: [
        { code: 'red', zh: '红色', en: 'Red' },
        { code: 'blue', zh: '蓝色', en: 'Blue' },
      ],
      stock: [
        { typeCode: 'red', onHand: 3 },
        { typeCode: 'blue', onHand: 0 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...((await created.json()) as { id: number }), nameEn, nameZh };
}

for (const locale of ['en', 'zh'] as Locale[]) {
  test(`the warehouse counts a low-stock product from its stock screen (${locale})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const x = TEXT[locale];
    const owner = await signIn(request, 'demo_admin', 'Admin1234');
    const tag = `${locale}${Date.now().toString(36)}`;
    const product = await lowProduct(request, owner.token, tag);
    const name = locale === 'zh' ? product.nameZh : product.nameEn;

    const page = await pageAs(browser, await signIn(request, 'demo_warehouse', 'Warehouse1234'), locale, 1280);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: locale === 'zh' ? '员工' : 'Staff' })
      .getByRole('link', { name: x.stock })
      .click();
    await expect(page).toHaveURL(/\/admin\/stock$/);
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();

    // Low stock only, then the product by its name: both kept in the URL.
    await page.getByRole('combobox', { name: x.state }).selectOption({ label: x.low });
    await expect(page).toHaveURL(/stockStatus=low/);
    await page.getByRole('searchbox', { name: x.search }).fill(tag);
    await page.getByRole('searchbox', { name: x.search }).press('Enter');
    await expect(page).toHaveURL(/keyword=/);
    // The answer to both filters is there (not the list before them, kept while it loads).
    await expect(page.getByText(locale === 'zh' ? '共 1 件商品' : '1 product', { exact: true })).toBeVisible();
    const group = page.getByRole('rowgroup', { name });
    await expect(group.getByRole('row')).toHaveCount(2);
    await expect(group.getByRole('row').nth(0)).toContainText(x.red);
    await expect(group.getByRole('row').nth(0)).toContainText(x.low);
    await expect(group.getByRole('row').nth(1)).toContainText(x.blue);
    await expect(group.getByRole('row').nth(1)).toContainText(x.out);
    // Labels, never codes.
    await expect(page.getByText('out_of_stock')).toHaveCount(0);
    await shoot(page, `staff-stock-${locale}-1280`);

    // Count 40 blue pieces received, with the reason.
    await group.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: new RegExp(x.blue) }).fill('40');
    await dialog.getByRole('textbox', { name: x.reason }).fill(`Goods received ${tag}`);
    await shoot(page, `staff-stock-count-${locale}-1280`, { fullPage: false });
    await dialog.getByRole('button', { name: x.save }).click();
    await expect(dialog).toHaveCount(0);
    // No longer low: the filtered list lets it go.
    await expect(page.getByRole('rowgroup', { name })).toHaveCount(0);

    const levels = await (await request.get(`/api/admin/items/${product.id}/stock`, { headers: { authorization: `Bearer ${owner.token}` } })).json();
    expect(levels.lines).toEqual([
      { typeCode: 'blue', onHand: 40, reserved: 0, available: 40 },
      { typeCode: 'red', onHand: 3, reserved: 0, available: 3 },
    ]);
    const audit = await (
      await request.get('/api/admin/audit', { params: { entity: 'item', entityId: String(product.id) }, headers: { authorization: `Bearer ${owner.token}` } })
    ).json();
    expect(audit.data.find((e: { action: string }) => e.action === 'stock.adjust')).toMatchObject({
      note: `Goods received ${tag}`,
      actor: { role: 'warehouse' },
    });

    await request.post(`/api/admin/items/${product.id}/archive`, { headers: { authorization: `Bearer ${owner.token}` }, data: {} });
    await page.context().close();
  });
}
