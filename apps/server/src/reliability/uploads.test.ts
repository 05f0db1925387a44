import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, ITEM_IMAGE_MAX_BYTES, ORDER_REQUEST_PHOTO_MAX_BYTES, type TOrderDetail } from '@cubeshop/shared';
import { QR_MAX_BYTES } from '../modules/shipping/shipping.qr.js';
import { createShopApp, orderPayload, shopClient, type Json, type ShopApp } from '../test/shop.js';

// Upload limits (docs/security.md, Limits): a file over its route's limit is refused with 413
// and a sentence naming the limit, in the caller's language, and nothing of it is stored. The
// multipart parser cuts a file at the limit and marks it truncated: a cut file must never pass as
// a whole one (a valid picture followed by padding would otherwise be stored cut, and a
// spreadsheet's first 100 MB imported as if they were all of it).
let t: ShopApp;
let owner: string;
const tag = randomBytes(3).toString('hex');

/**
 * A multipart body with one file, streamed in two pieces: up to `splitAt` bytes of the file, a
 * pause, then the rest. A network delivers files in pieces; when a piece ends exactly at the
 * limit, the parser's cut happens after the reader has taken every byte it kept, and only the
 * file's truncated flag tells.
 */
function multipart(bytes: Buffer, filename: string, splitAt: number) {
  const boundary = `----cubeshop${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pieces = [Buffer.concat([head, bytes.subarray(0, splitAt)]), Buffer.concat([bytes.subarray(splitAt), tail])];
  async function* body() {
    yield pieces[0]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    yield pieces[1]!;
  }
  return { payload: Readable.from(body()), contentType: `multipart/form-data; boundary=${boundary}`, length: pieces[0]!.length + pieces[1]!.length };
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  bytes: Buffer,
  { limit, filename = 'a.png', lang = 'en' }: { limit: number; filename?: string; lang?: 'en' | 'zh' },
) {
  const { payload, contentType, length } = multipart(bytes, filename, Math.min(limit, bytes.length));
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': contentType, 'content-length': String(length), authorization: `Bearer ${owner}`, 'x-lang-type': lang },
  });
  return { status: res.statusCode, body: res.json<Json>() };
}

/** A small valid PNG followed by padding up to `size` bytes: decoders stop at its end, so only its length is wrong. */
async function paddedPng(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c41e3a' } })
    .png()
    .toBuffer();
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

beforeAll(async () => {
  t = await createShopApp();
  const user = await t.services.account.createUser({ account: `owner_${tag}`, name: 'owner', role: 'owner' });
  owner = await t.services.authn.issueUserToken(user.id);
});
afterAll(async () => {
  await t?.close();
});

describe('a file one byte over its limit is 413 and stores nothing', () => {
  it('product picture (10 MB)', async () => {
    const before = (await shopClient(t, owner)('GET', `/api/admin/items/${t.products.cube}`)).body.images;
    const res = await send('POST', `/api/admin/items/${t.products.cube}/images`, await paddedPng(ITEM_IMAGE_MAX_BYTES + 1), { limit: ITEM_IMAGE_MAX_BYTES });
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', desc: 'The image cannot be larger than 10 MB', details: { field: 'file', rule: 'size' } });
    expect((await shopClient(t, owner)('GET', `/api/admin/items/${t.products.cube}`)).body.images).toEqual(before);
    // At the limit exactly it is accepted: the limit is the limit.
    expect(
      (await send('POST', `/api/admin/items/${t.products.cube}/images`, await paddedPng(ITEM_IMAGE_MAX_BYTES), { limit: ITEM_IMAGE_MAX_BYTES })).status,
    ).toBe(201);
  });

  it('brand logo (10 MB), in Chinese too', async () => {
    const brands = (await shopClient(t, owner)('GET', '/api/admin/brands')).body;
    const brand = (brands.data ?? brands)[0];
    const res = await send('POST', `/api/admin/brands/${brand.id}/logo`, await paddedPng(ITEM_IMAGE_MAX_BYTES + 1), {
      limit: ITEM_IMAGE_MAX_BYTES,
      lang: 'zh',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', desc: '图片不能超过 10 MB' });
    const after = (await shopClient(t, owner)('GET', '/api/admin/brands')).body;
    expect((after.data ?? after)[0]).toEqual(brand);
  });

  it('payment QR picture (2 MB)', async () => {
    const res = await send('PUT', '/api/admin/payment-methods/alipay/qr', await paddedPng(QR_MAX_BYTES + 1), { limit: QR_MAX_BYTES });
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', desc: 'The image cannot be larger than 2 MB' });
    expect((await t.services.shipping.paymentInstructions('alipay', 'en'))?.qrUrl ?? null).toBeNull();
  });

  it('catalog import (100 MB): a dry run of a file cut at the limit is not a report of the file', async () => {
    // A valid sheet of new products whose rows go on past the limit.
    const header = 'id,barcode,name_zh,name_en,category,brand,price,stock,description_en\n';
    const text = `<p>${'A fine cube. '.repeat(70)}</p>`;
    const row = (i: number) => `,,上限魔方 ${i},Limit cube ${i},cubes,orbit,20,1,${text}\n`;
    const chunks: string[] = [header];
    let size = header.length;
    for (let i = 0; size <= IMPORT_MAX_BYTES; i++) {
      const r = row(i);
      chunks.push(r);
      size += Buffer.byteLength(r);
    }
    const data = Buffer.from(chunks.join(''));
    expect(data.length).toBeGreaterThan(IMPORT_MAX_BYTES);
    const before = (await shopClient(t, owner)('GET', '/api/admin/items', { query: { keyword: 'Limit cube' } })).body.data.length;
    for (const dryRun of [true, false]) {
      const res = await send('POST', `/api/admin/items/import?dryRun=${dryRun}`, data, { limit: IMPORT_MAX_BYTES, filename: 'products.csv' });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', desc: 'The file cannot be larger than 100 MB', details: { field: 'file', rule: 'size' } });
    }
    expect((await shopClient(t, owner)('GET', '/api/admin/items', { query: { keyword: 'Limit cube' } })).body.data.length).toBe(before);
  }, 120_000);

  it('after-sales photo (2 MB each)', async () => {
    const buyer = await t.services.account.createUser({ account: `b_${tag}`, name: 'b' });
    const call = shopClient(t, await t.services.authn.issueUserToken(buyer.id));
    expect((await call('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 1 } })).status).toBe(200);
    const placed = await call<TOrderDetail>('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    const small = `data:image/png;base64,${(await paddedPng(1000)).toString('base64')}`;
    // Just over, and well over (3 MB: still within the request's body limit, past any length rule).
    for (const size of [ORDER_REQUEST_PHOTO_MAX_BYTES + 1, 3 * 1024 * 1024]) {
      const photo = `data:image/png;base64,${(await paddedPng(size)).toString('base64')}`;
      const res = await call('POST', `/api/orders/${placed.body.id}/requests`, { body: { kind: 'cancel', reason: 'Wrong colour', photos: [small, photo] } });
      expect(res.status, JSON.stringify(res.body)).toBe(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', desc: 'Photo 2 is larger than 2 MB', details: { field: 'photos', rule: 'size' } });
    }
    expect((await call('GET', `/api/orders/${placed.body.id}/requests`)).body.data).toEqual([]);
  });
});
