import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, placeOrder, shoot } from '../support/staff.js';

// Order documents in the browser (docs/orders.md, Documents): the buyer downloads the proforma
// (in the page's language and in the other one) from the order page; the warehouse downloads the
// packing list from the order screen and, from the queue, the packing lists of selected orders as
// one zip. Files come from the API with the bearer header and are saved from memory.

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

test('the buyer downloads the proforma; the warehouse downloads packing lists one by one and in bulk', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyer = await createBuyer(request, 'zh', 'documents');
  // A T/T order of the newest product, shipped to a Chinese address.
  const orderId = await placeOrder(request, buyer.token, {
    lang: 'zh',
    expressMethod: 'sf',
    address: {
      deliveryRegionId: 'CN',
      deliveryState: '广东省',
      deliveryCity: '深圳市',
      deliveryPostalCode: '518057',
      deliveryUser: '李伟',
      deliveryPhone: '+86 138 1234 5678',
      deliveryAddress: '南山区科技园路1号',
    },
  });

  const mine = await pageAs(browser, buyer, 'zh', 390, { acceptDownloads: true });
  await mine.goto(`/order/${orderId}`);
  const documents = mine.getByTestId('order-documents');
  await expect(documents.getByRole('button')).toHaveText(['形式发票', 'English']);
  const zh = await downloaded(mine, () => documents.getByRole('button', { name: '形式发票', exact: true }).click());
  expect(zh.name).toBe(`proforma-${orderId}.pdf`);
  expect(zh.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const en = await downloaded(mine, () => documents.getByRole('button', { name: '下载英文版形式发票' }).click());
  expect(en.name).toBe(`proforma-${orderId}.pdf`);
  expect(en.bytes.equals(zh.bytes)).toBe(false);
  await documents.scrollIntoViewIfNeeded();
  await shoot(mine, 'documents-buyer-zh-390', { fullPage: false });

  const warehouse = await pageAs(browser, await signIn(request, 'demo_warehouse', 'Warehouse1234'), 'en', 1440, { acceptDownloads: true });
  await warehouse.goto(`/admin/orders/${orderId}`);
  const card = warehouse.getByRole('region', { name: 'Documents' });
  const packing = await downloaded(warehouse, () => card.getByRole('button', { name: 'Packing list', exact: true }).click());
  expect(packing.name).toBe(`packing-list-${orderId}.pdf`);
  expect(packing.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await shoot(warehouse, 'documents-staff-en-1440', { fullPage: false });

  await warehouse.goto(`/admin/orders?q=${orderId}`);
  await warehouse.getByLabel(`Select order ${orderId}`).check();
  const zip = await downloaded(warehouse, () => warehouse.getByRole('button', { name: 'Packing lists (zip)' }).click());
  expect(zip.name).toBe('packing-list-1-orders.zip');
  expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
});
