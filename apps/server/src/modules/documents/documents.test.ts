import { randomBytes, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type TStaffOrderDetail, type TOrderDetail } from '@cubeshop/shared';
import { pdfText, squeeze } from '../../test/pdf.js';
import { createBuyer, createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// GET /api/orders/{id}/documents/{kind}.pdf and the staff zip (docs/orders.md, Documents):
// who may download what, and what the PDF says, read back with a PDF text extractor.

let t: ShopApp;
let buyer: ShopCall;
const staff = {} as Record<'sales' | 'warehouse' | 'service', ShopCall>;
let order: TOrderDetail;

const CN_ADDRESS = {
  deliveryRegionId: 'CN',
  deliveryState: '广东省',
  deliveryCity: '深圳市',
  deliveryPostalCode: '518057',
  deliveryUser: '李伟',
  deliveryPhone: '+86 138 1234 5678',
  deliveryCompany: '深圳魔方贸易有限公司',
  deliveryShippingMark: '深圳/李',
  deliveryAddress: '南山区科技园路1号',
  deliveryAddress2: '',
};
const BANK = { accountName: 'Cubeshop Trading Ltd', bank: 'Bank of China', bankAddress: null, swift: 'BKCHCNBJ45A', accountNumber: '7563000012345' };

/** A raw request (the answer is a PDF or a zip, not JSON). */
async function get(token: string | undefined, url: string, lang = 'zh') {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-lang-type': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

const tokens = {} as Record<'buyer' | 'stranger' | 'anonymous' | 'sales' | 'warehouse' | 'service', string>;
const docUrl = (id: number, kind: string, query = '') => `/api/orders/${id}/documents/${kind}.pdf${query}`;

async function place(c: ShopCall): Promise<TOrderDetail> {
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 3 } })).status).toBe(200);
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.timer, quantity: 2 } })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload({ ...CN_ADDRESS, expressMethod: 'sf' }), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
}

beforeAll(async () => {
  t = await createShopApp();
  await t.app.ready();
  await t.services.settings.set('bankTransfer', BANK);
  const a = await createBuyer(t, 'docs_a');
  const b = await createBuyer(t, 'docs_b');
  tokens.buyer = a.token;
  tokens.stranger = b.token;
  tokens.anonymous = await t.services.authn.issueAnonymousToken();
  buyer = shopClient(t, a.token, { lang: 'zh' });
  for (const role of ['sales', 'warehouse', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: role, role });
    tokens[role] = await t.services.authn.issueUserToken(user.id);
    staff[role] = shopClient(t, tokens[role]);
  }
  order = await place(buyer);
});
afterAll(() => t.close());

describe('order documents over HTTP', () => {
  it("gives the buyer their proforma in the request's language, with the Chinese address, the lines, the total and the bank details", async () => {
    const res = await get(tokens.buyer, docUrl(order.id, 'proforma'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="proforma-${order.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zh = await pdfText(res.body);
    const total = formatMoney(Math.round(order.actualTotalPrice * 100), order.currency);
    for (const s of [
      '形式发票',
      String(order.id),
      '轨道 三阶磁力魔方',
      '轨道 计时器',
      '南山区科技园路1号',
      '深圳魔方贸易有限公司',
      '李伟',
      '中国',
      total,
      'BKCHCNBJ45A',
      String(order.id),
      '有效期至',
    ])
      expect(zh.compact).toContain(squeeze(s));

    const en = await pdfText((await get(tokens.buyer, docUrl(order.id, 'proforma', '?lang=en'))).body);
    for (const s of ['Proforma invoice', 'Orbit 3x3 Magnetic Cube', 'Orbit Timer', '南山区科技园路1号', 'China', total, 'Payment reference', 'Valid until'])
      expect(en.compact).toContain(squeeze(s));
    expect(en.compact).not.toContain('形式发票');
  });

  it('lists what the buyer may download, and keeps the invoice and packing list until the order leaves the warehouse', async () => {
    expect(order.documents).toEqual([{ kind: 'proforma', url: docUrl(order.id, 'proforma') }]);
    expect((await get(tokens.buyer, docUrl(order.id, 'invoice'))).status).toBe(409);
    expect((await get(tokens.buyer, docUrl(order.id, 'packing-list'))).status).toBe(409);
    // Staff print the packing list while packing, before the order is marked outbound.
    expect((await get(tokens.warehouse, docUrl(order.id, 'packing-list'))).status).toBe(200);
  });

  it('answers 404 for another buyer, 401 without sign-in, 400 for an unknown kind', async () => {
    for (const kind of ['proforma', 'invoice', 'packing-list']) {
      expect((await get(tokens.stranger, docUrl(order.id, kind))).status).toBe(404);
      expect((await get(tokens.anonymous, docUrl(order.id, kind))).status).toBe(401);
      expect((await get(undefined, docUrl(order.id, kind))).status).toBe(401);
    }
    expect((await get(tokens.buyer, docUrl(99_999_999, 'proforma'))).status).toBe(404);
    expect((await get(tokens.buyer, docUrl(order.id, 'receipt'))).status).toBe(400);
    expect((await get(tokens.buyer, docUrl(order.id, 'proforma', '?lang=fr'))).status).toBe(400);
    // A staff role without orders.read is a buyer here: not its order.
    expect((await get(tokens.service, docUrl(order.id, 'proforma'))).status).toBe(404);
  });

  it('prints the actual quantities staff recorded, and gives the buyer the invoice and packing list once shipped', async () => {
    const detail = (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${order.id}`)).body.order;
    const cube = detail.items.find((l) => l.itemId === t.products.cube)!;
    expect((await staff.warehouse('PUT', `/api/admin/orders/${order.id}/lines/${cube.id}`, { body: { actualQuantity: 2 } })).status).toBe(200);
    const adjusted = (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${order.id}`)).body.order;
    expect(
      (
        await staff.sales('POST', `/api/admin/orders/${order.id}/payments`, {
          body: { kind: 'payment', amount: adjusted.actualTotalPrice, currency: order.currency, method: 'bankTransfer' },
        })
      ).status,
    ).toBe(201);
    const shipped = await staff.warehouse('POST', `/api/admin/orders/${order.id}/transitions`, {
      body: { status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'SF1234567890', carrier: 'sf' },
    });
    expect(shipped.status).toBe(200);

    const now = (await buyer<TOrderDetail>('GET', `/api/orders/${order.id}`)).body;
    expect(now.documents.map((d) => d.kind)).toEqual(['proforma', 'invoice', 'packing-list']);

    const invoice = await get(tokens.buyer, docUrl(order.id, 'invoice', '?lang=en'));
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.id}.pdf"`);
    const text = await pdfText(invoice.body);
    const actualTotal = formatMoney(Math.round(adjusted.actualTotalPrice * 100), order.currency);
    for (const s of ['Commercial invoice', 'SF Express', 'SF1234567890', 'Ordered: 3', actualTotal, 'Country of origin'])
      expect(text.compact).toContain(squeeze(s));

    const packing = await pdfText((await get(tokens.buyer, docUrl(order.id, 'packing-list'))).body);
    // 2 cubes at 125 g and 2 timers at 300 g gross.
    for (const s of ['装箱单', '唛头', '深圳/李', '1 箱', '0.8500 kg']) expect(packing.compact).toContain(squeeze(s));
  });

  it('zips one kind for many orders for staff; refuses buyers, unknown orders and too many ids', async () => {
    const second = await place(buyer);
    const url = (ids: string, kind = 'invoice') => `/api/admin/orders/documents.zip?ids=${ids}&kind=${kind}`;
    const res = await get(tokens.warehouse, url(`${order.id},${second.id}`, 'packing-list'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="packing-list-2-orders.zip"');
    const files = unzipSync(new Uint8Array(res.body));
    expect(Object.keys(files).sort()).toEqual([`packing-list-${order.id}.pdf`, `packing-list-${second.id}.pdf`].sort());
    expect((await pdfText(files[`packing-list-${second.id}.pdf`]!)).compact).toContain(squeeze(`PL-${second.id}`));

    expect((await get(tokens.buyer, url(String(order.id)))).status).toBe(403);
    expect((await get(tokens.service, url(String(order.id)))).status).toBe(403);
    expect((await get(undefined, url(String(order.id)))).status).toBe(401);
    expect((await get(tokens.sales, url(`${order.id},99999999`))).status).toBe(404);
    expect((await get(tokens.sales, url(Array.from({ length: 201 }, (_, i) => i + 1).join(',')))).status).toBe(400);
    expect((await get(tokens.sales, url('1,x'))).status).toBe(400);
    const missing = await get(tokens.sales, '/api/admin/orders/documents.zip?kind=invoice', 'en');
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body.toString()).desc).not.toContain('undefined');
  });
});
