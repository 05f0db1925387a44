import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffPaymentMethod, TStaffShippingConfig, TStaffRole } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { pdfText, squeeze } from '../../test/pdf.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { createShippingRepository } from './shipping.repository.js';
import { createShippingService } from './shipping.service.js';
import { createPaymentQrStorage, QR_MAX_BYTES, QR_MAX_SIDE } from './shipping.qr.js';
import { createMemoryObjectStorage } from '../../lib/object-storage.js';

// Payment methods' instructions to buyers (receiver, account, a note in zh and en) and their QR
// picture (docs/orders.md, Shop settings): written by the owner, read by the orders module through
// shipping.paymentInstructions, the picture served publicly at a versioned URL.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let buyer: ShopCall;
let buyerToken: string;
const anon = () => shopClient(t, undefined);
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${tag}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  const b = await t.services.account.createUser({ account: `buyer_${tag}`, name: 'buyer' });
  buyerToken = await t.services.authn.issueUserToken(b.id);
  buyer = shopClient(t, buyerToken);
});
afterAll(async () => {
  await t?.close();
});

/** A QR-like picture: a 29 × 29 grid of black and white modules, `px` pixels a module. */
async function qrLike(px: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const n = 29;
  const side = n * px;
  const raw = Buffer.alloc(side * side * 3, 255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / px);
      const my = Math.floor(y / px);
      if ((mx * 7 + my * 13 + mx * my) % 3 === 0) raw.fill(0, (y * side + x) * 3, (y * side + x) * 3 + 3);
    }
  }
  const image = sharp(raw, { raw: { width: side, height: side, channels: 3 } });
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp({ lossless: true })).toBuffer();
}

/** PUT .../qr with one multipart file; `cut` ends the body early (a file whose upload was cut off). */
async function uploadQr(token: string | undefined, id: string, bytes: Buffer, filename = 'qr.png') {
  const boundary = `----cubeshop${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang-type': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/payment-methods/${id}/qr`, payload, headers });
  return { status: res.statusCode, body: res.json() };
}

const payments = async () => (await staff.owner<TStaffShippingConfig>('GET', '/api/admin/shipping')).body.payments;
const ownerToken = async () =>
  t.services.authn.issueUserToken(
    (await t.services.account.createUser({ account: `owner2_${randomBytes(3).toString('hex')}`, name: 'Owner Two', role: 'owner' })).id,
  );

const ALIPAY = {
  receiver: '  Cubeshop Ltd  ',
  account: 'pay@cubeshop.test',
  noteZh: '备注填写订单号。\n到账后发货。',
  noteEn: 'Put the order number in the remark.\nWe ship when it arrives.',
};

describe(`payment instructions (${TEST_DB_KIND})`, () => {
  it('lets only the owner upload or remove a QR picture', async () => {
    const png = await qrLike(4);
    expect((await uploadQr(undefined, 'alipay', png)).status).toBe(401);
    const buyerToken = await t.services.authn.issueUserToken((await t.services.account.createUser({ account: `b2_${tag}`, name: 'b2' })).id);
    expect((await uploadQr(buyerToken, 'alipay', png)).status).toBe(403);
    for (const role of ['sales', 'warehouse', 'catalog', 'service'] as const) {
      expect((await staff[role]('DELETE', '/api/admin/payment-methods/alipay/qr')).status, role).toBe(403);
    }
    expect((await anon()('DELETE', '/api/admin/payment-methods/alipay/qr')).status).toBe(401);
    expect((await buyer('DELETE', '/api/admin/payment-methods/alipay/qr')).status).toBe(403);
  });

  it('the seed gives Western Union, Alipay and WeChat Pay instructions in both languages, none to PayPal and T/T', async () => {
    const all = await payments();
    expect(all.map((p) => p.id)).toEqual(['paypal', 'tt', 'westernunion', 'alipay', 'wechat']);
    for (const id of ['westernunion', 'alipay', 'wechat']) {
      const p = all.find((x) => x.id === id)!;
      expect(p.instructions.receiver, id).not.toBe('');
      expect(p.instructions.noteZh, id).toMatch(/订单号/);
      expect(p.instructions.noteEn, id).toMatch(/order number/);
      expect(p.qrUrl).toBeNull();
    }
    expect(all.find((p) => p.id === 'paypal')!.instructions).toEqual({ receiver: '', account: '', noteZh: '', noteEn: '' });
    expect(await t.services.shipping.paymentInstructions('paypal', 'en')).toBeNull();
    expect((await t.services.shipping.paymentInstructions('wechat', 'zh'))?.method).toEqual({ id: 'wechat', name: '微信支付' });
  });

  it('writes instructions with the method (trimmed, audited), keeps them when left out, and refuses a too-long note naming it', async () => {
    const before = (await payments()).find((p) => p.id === 'alipay')!;
    const { id: _id, qrUrl: _q, ...body } = before;
    const put = await staff.owner<TStaffPaymentMethod>('PUT', '/api/admin/payment-methods/alipay', { body: { ...body, instructions: ALIPAY } });
    expect(put.status).toBe(200);
    expect(put.body.instructions).toEqual({ ...ALIPAY, receiver: 'Cubeshop Ltd' });
    expect(put.body.qrUrl).toBeNull();
    // names changed, instructions left out: they stay
    const { instructions: _i, ...withoutInstructions } = body;
    const renamed = await staff.owner<TStaffPaymentMethod>('PUT', '/api/admin/payment-methods/alipay', {
      body: { ...withoutInstructions, nameEn: 'Alipay (CN)' },
    });
    expect(renamed.status).toBe(200);
    expect((await payments()).find((p) => p.id === 'alipay')).toMatchObject({
      nameEn: 'Alipay (CN)',
      instructions: { receiver: 'Cubeshop Ltd', account: 'pay@cubeshop.test' },
    });
    const audit = await t.services.audit.of('payment_method', 'alipay');
    expect(audit.map((e) => e.action)).toEqual(['payment.update', 'payment.update']);
    expect(audit.some((e) => (e.after as TStaffPaymentMethod).instructions?.account === 'pay@cubeshop.test')).toBe(true);

    const tooLong = await staff.owner('PUT', '/api/admin/payment-methods/alipay', { body: { ...body, instructions: { ...ALIPAY, noteEn: 'x'.repeat(1001) } } });
    expect(tooLong.status).toBe(400);
    expect(`${tooLong.body.details?.field ?? ''} ${tooLong.body.desc}`).toContain('instructions.noteEn');
    const missing = await staff.owner('PUT', '/api/admin/payment-methods/alipay', { body: { ...body, instructions: { receiver: 'x' } } });
    expect(missing.status).toBe(400);
  });

  it("answers paymentInstructions in the reader's language: blank fields null, the note falling back to the other language, null for T/T and nothing set", async () => {
    const { shipping } = t.services;
    expect(await shipping.paymentInstructions('alipay', 'en')).toEqual({
      method: { id: 'alipay', name: 'Alipay (CN)' },
      receiver: 'Cubeshop Ltd',
      account: 'pay@cubeshop.test',
      note: 'Put the order number in the remark.\nWe ship when it arrives.',
      qrUrl: null,
    });
    expect(await shipping.paymentInstructions('alipay', 'zh')).toMatchObject({ method: { name: '支付宝' }, note: '备注填写订单号。\n到账后发货。' });
    expect(await shipping.paymentInstructions('tt', 'en')).toBeNull();
    expect(await shipping.paymentInstructions('nope', 'en')).toBeNull();

    const wu = (await payments()).find((p) => p.id === 'westernunion')!;
    const { id: _id, qrUrl: _q, ...body } = wu;
    // only a Chinese note, blank account: English readers get the Chinese note
    await staff.owner('PUT', '/api/admin/payment-methods/westernunion', {
      body: { ...body, instructions: { receiver: 'ZHANG SAN', account: '   ', noteZh: '只有中文', noteEn: '' } },
    });
    expect(await shipping.paymentInstructions('westernunion', 'en')).toMatchObject({ receiver: 'ZHANG SAN', account: null, note: '只有中文' });
    // everything blank: no instructions at all
    await staff.owner('PUT', '/api/admin/payment-methods/westernunion', {
      body: { ...body, instructions: { receiver: '', account: '', noteZh: '', noteEn: '' } },
    });
    expect(await shipping.paymentInstructions('westernunion', 'zh')).toBeNull();
    // a switched-off method keeps its instructions for the orders placed with it
    await staff.owner('PUT', '/api/admin/payment-methods/westernunion', { body: { ...body, active: false } });
    expect(await shipping.paymentInstructions('westernunion', 'en')).toMatchObject({ receiver: 'ZHANG SAN (张三, Cubeshop demo)' });
    await staff.owner('PUT', '/api/admin/payment-methods/westernunion', { body: { ...body, active: true } });
  });

  it('another instance drops its cached instructions when it hears shipping.changed', async () => {
    // A second service over the same database, listening to the same cluster events (Redis in production).
    const other = createShippingService(createShippingRepository(t.services.database.db), {
      isRegion: () => true,
      regionName: t.services.regions.regionName,
      settings: t.services.settings,
      events: t.services.events,
      qr: createPaymentQrStorage(createMemoryObjectStorage()),
      ttlMs: 3_600_000,
    });
    expect((await other.paymentInstructions('wechat', 'en'))?.account).toBe('WeChat ID: cubeshop_pay');
    const wechat = (await payments()).find((p) => p.id === 'wechat')!;
    const { id: _id, qrUrl: _q, ...body } = wechat;
    await staff.owner('PUT', '/api/admin/payment-methods/wechat', {
      body: { ...body, instructions: { ...wechat.instructions, account: 'WeChat ID: cube_new' } },
    });
    expect((await other.paymentInstructions('wechat', 'en'))?.account).toBe('WeChat ID: cube_new');
  });

  it('stores an uploaded QR picture as PNG of at most 600 px, serves it at a versioned URL, replaces and removes it (audited)', async () => {
    expect((await anon()('GET', '/api/payment-methods/alipay/qr.png')).status).toBe(404);
    const owner = await ownerToken();
    // a large JPEG is re-encoded as a PNG, 600 px a side
    const up = await uploadQr(owner, 'alipay', await qrLike(40, 'jpeg'), 'qr.jpg');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const url = (up.body as TStaffPaymentMethod).qrUrl!;
    expect(url).toMatch(/^\/api\/payment-methods\/alipay\/qr\.png\?v=[0-9a-f]{16}$/);
    expect((await payments()).find((p) => p.id === 'alipay')!.qrUrl).toBe(url);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', QR_MAX_SIDE, QR_MAX_SIDE]);
    // without the current version: short-lived
    expect((await t.app.inject({ method: 'GET', url: '/api/payment-methods/alipay/qr.png?v=old' })).headers['cache-control']).toBe('public, max-age=60');
    // the orders module's answer and the documents' bytes carry it
    expect((await t.services.shipping.paymentInstructions('alipay', 'en'))?.qrUrl).toBe(url);
    expect((await t.services.shipping.paymentQr('alipay'))?.png.equals(got.rawPayload)).toBe(true);

    // a small WebP is kept at its size (never enlarged), as PNG; the URL changes with the picture
    const second = await uploadQr(owner, 'alipay', await qrLike(8, 'webp'), 'qr.webp');
    expect(second.status).toBe(200);
    const url2 = (second.body as TStaffPaymentMethod).qrUrl!;
    expect(url2).not.toBe(url);
    const got2 = await t.app.inject({ method: 'GET', url: url2 });
    expect((await sharp(got2.rawPayload).metadata()).width).toBe(29 * 8);
    // the old version's URL now answers the new picture, briefly cached
    const old = await t.app.inject({ method: 'GET', url });
    expect(old.rawPayload.equals(got2.rawPayload)).toBe(true);
    expect(old.headers['cache-control']).toBe('public, max-age=60');

    const removed = await staff.owner<TStaffPaymentMethod>('DELETE', '/api/admin/payment-methods/alipay/qr');
    expect(removed.status).toBe(200);
    expect(removed.body.qrUrl).toBeNull();
    expect((await anon()('GET', '/api/payment-methods/alipay/qr.png')).status).toBe(404);
    expect((await t.services.shipping.paymentInstructions('alipay', 'en'))?.qrUrl).toBeNull();
    const audit = (await t.services.audit.of('payment_method', 'alipay')).map((e) => [e.before, e.after]);
    expect(audit.slice(0, 3)).toEqual([
      [{ qrUrl: url2 }, { qrUrl: null }],
      [{ qrUrl: url }, { qrUrl: url2 }],
      [{ qrUrl: null }, { qrUrl: url }],
    ]);
    // removing again changes nothing
    expect((await staff.owner('DELETE', '/api/admin/payment-methods/alipay/qr')).status).toBe(200);
  });

  it('refuses what is not a picture (400), a file over 2 MB (413, nothing stored) and an unknown method (404)', async () => {
    const owner = await ownerToken();
    const text = await uploadQr(owner, 'wechat', Buffer.from('not a picture at all'), 'qr.png');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ desc: 'The file is not a JPG, PNG or WebP image', details: { field: 'file', rule: 'image' } });
    // a picture whose upload goes past the limit is cut off by the parser: refused, never stored half
    const big = Buffer.concat([await qrLike(4), randomBytes(QR_MAX_BYTES)]);
    const tooLarge = await uploadQr(owner, 'wechat', big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', desc: 'The image cannot be larger than 2 MB', details: { field: 'file' } });
    expect((await payments()).find((p) => p.id === 'wechat')!.qrUrl).toBeNull();
    expect((await uploadQr(owner, 'nope', await qrLike(4))).status).toBe(404);
    expect((await staff.owner('DELETE', '/api/admin/payment-methods/nope/qr')).status).toBe(404);
    expect((await anon()('GET', '/api/payment-methods/nope/qr.png')).status).toBe(404);
  });

  it('an order paid by WeChat Pay carries the instructions with its number as the reference, and its proforma prints them with the QR picture', async () => {
    const owner = await ownerToken();
    expect((await uploadQr(owner, 'wechat', await qrLike(10))).status).toBe(200);
    expect((await buyer('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
    const placed = await buyer('POST', '/api/orders', { body: orderPayload({ payMethod: 'wechat' }), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.id as number;
    for (const lang of ['zh', 'en'] as const) {
      const order = await buyer('GET', `/api/orders/${id}`, { lang });
      expect(order.body.bankTransfer).toBeNull();
      expect(order.body.paymentInstructions).toMatchObject({
        method: { id: 'wechat', name: lang === 'zh' ? '微信支付' : 'WeChat Pay' },
        account: 'WeChat ID: cube_new',
        reference: String(id),
        qrUrl: expect.stringMatching(/^\/api\/payment-methods\/wechat\/qr\.png\?v=/),
      });
      expect(order.body.paymentInstructions.note).toMatch(lang === 'zh' ? /订单号/ : /order number/);
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${id}/documents/proforma.pdf?lang=${lang}`,
        headers: { authorization: `Bearer ${buyerToken}` },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.includes('/Subtype /Image')).toBe(true);
      const { compact } = await pdfText(pdf.rawPayload);
      for (const text of [lang === 'zh' ? '微信支付付款说明' : 'How to pay by WeChat Pay', 'WeChat ID: cube_new', String(id)])
        expect(compact).toContain(squeeze(text));
    }
  });
});
