import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessageFrame, TOrderDetail, TOrderRequests } from '@cubeshop/shared';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { ChatTestClient, isEvent, makeUser, type ChatInstance } from '../test/chat-harness.js';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { startS3, type TestS3 } from '../test/s3.js';
import { orderPayload, shopClient, stockShop, type Json, type ShopProducts } from '../test/shop.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';

// Pictures at scale (README, Running at scale): two instances on one PostgreSQL database and one
// S3 bucket (s3rver, a real S3-compatible server on a random port), each with a DATA_DIR of its
// own, so nothing is shared through a disk. What one instance stored, the other serves; while the
// storage cannot be reached, pictures answer 503 (not 500, not 404) and come back with it.
let db: TestDatabase;
let s3: TestS3;
let proxy: TcpProxy;
let a: ChatInstance;
let b: ChatInstance;
let products: ShopProducts;
const pools: Database[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  s3 = await startS3();
  // The bucket's server behind a proxy the test can take away.
  proxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port });
  const instances: ChatInstance[] = [];
  for (const name of ['a', 'b']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cubeshop-pictures-${name}-`));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_HEAP_USED_MB: '0',
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_PREFIX: 'shop',
    });
    // Each instance with its own pool, as separate processes would be.
    const database = await openDatabase({ url: db.url, poolSize: 5 });
    pools.push(database);
    const built = await buildApp({ config, database, logger: false });
    const address = new URL(await built.app.listen({ port: 0, host: '127.0.0.1' }));
    instances.push({ ...built, config, url: `http://127.0.0.1:${address.port}`, wsUrl: `ws://127.0.0.1:${address.port}/ws` });
  }
  [a, b] = instances as [ChatInstance, ChatInstance];
  products = await stockShop(a);
}, 120_000);

afterAll(async () => {
  for (const t of [a, b]) await t?.app.close();
  for (const pool of pools) await pool.close();
  await db?.drop();
  await proxy?.close();
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function staffToken(t: ChatInstance, role: 'owner' | 'service' = 'owner'): Promise<string> {
  const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: role, role });
  return t.services.authn.issueUserToken(user.id);
}

async function uploadPicture(t: ChatInstance, token: string, itemId: number, bytes: Buffer) {
  const boundary = `----cubeshop${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/items/${itemId}/images`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json<Json>() };
}

const get = (t: ChatInstance, url: string, token?: string, accept = 'image/webp') =>
  t.app.inject({ method: 'GET', url, headers: { accept, 'x-lang-type': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) } });

async function keysInBucket(): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key!);
  } finally {
    client.destroy();
  }
}

describe('pictures in one S3 bucket, served by every instance (PostgreSQL)', () => {
  it('a product picture uploaded through A is served by B', async () => {
    const owner = await staffToken(a);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1e6ac4' } })
      .png()
      .toBuffer();
    const up = await uploadPicture(a, owner, products.cube, png);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const url = up.body.images[0].image as string;
    const fromA = await get(a, url);
    const fromB = await get(b, url);
    expect(fromA.statusCode).toBe(200);
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect((await sharp(fromB.rawPayload).metadata()).width).toBe(800);
    // Nothing went to either instance's disk; every picture is in the bucket under S3_PREFIX and its kind.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'uploads', 'items'))).toBe(false);
    expect((await keysInBucket()).filter((k) => k.startsWith('shop/items/upload-'))).toHaveLength(4);
  });

  it('a chat picture sent through A is shown through B to the conversation only', async () => {
    const buyer = await makeUser(a);
    const agent = await makeUser(a, { agent: true });
    const agentSocket = await ChatTestClient.connect(a.wsUrl, { token: agent.token, language: 'en' });
    const socket = await ChatTestClient.connect(a.wsUrl, { token: buyer.token, language: 'en' });
    const gid = (await socket.waitFor(isEvent('group'))).group.gid;
    expect(
      (await a.app.inject({ method: 'POST', url: '/api/groups/join', headers: { authorization: `Bearer ${agent.token}` }, payload: { gid } })).statusCode,
    ).toBe(200);
    const id = randomUUID();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c41e3a' } })
      .png()
      .toBuffer();
    socket.send({ id, gid, image: png.toString('base64') });
    await socket.waitFor(isEvent('ack', (f) => f.id === id));
    const image = ((await agentSocket.waitFor((f) => !Array.isArray(f) && !('type' in f) && f.id === id)) as TChatMessageFrame).image!;
    const shown = await get(b, image, buyer.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await sharp(shown.rawPayload).metadata()).format).toBe('webp');
    expect((await get(b, image, agent.token)).statusCode).toBe(200);
    expect((await get(b, image, (await makeUser(b)).token)).statusCode).toBe(404);
    expect((await get(b, image)).statusCode).toBe(404);
    expect((await keysInBucket()).some((k) => k === `shop/chat/${image.split('/').pop()}`)).toBe(true);
    socket.close();
    agentSocket.close();
  });

  it('an after-sales photo sent through A is shown through B', async () => {
    const user = await a.services.account.createUser({ account: `b_${randomBytes(3).toString('hex')}`, name: 'b' });
    const token = await a.services.authn.issueUserToken(user.id);
    const call = shopClient(a, token);
    expect((await call('POST', '/api/cart/items', { body: { itemId: products.cube, type: 'black', quantity: 1 } })).status).toBe(200);
    const order = await call<TOrderDetail>('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
    const photo = `data:image/png;base64,${(
      await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const made = await call<TOrderRequests>('POST', `/api/orders/${order.body.id}/requests`, {
      body: { kind: 'cancel', reason: 'Wrong colour', photos: [photo] },
    });
    expect(made.status).toBe(201);
    const res = await get(b, made.body.data[0]!.photos[0]!, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('while the bucket cannot be reached: 503 with Retry-After for stored pictures, generated ones still drawn; then back', async () => {
    const owner = await staffToken(a);
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#f0c000' } })
      .png()
      .toBuffer();
    const up = await uploadPicture(a, owner, products.timer, png);
    expect(up.status).toBe(201);
    // The PNG thumbnail: in the bucket, in neither instance's memory yet.
    const thumbnail = (up.body.images[0].thumbnail as string).replace(/\?.*$/, '');
    await proxy.stop();
    try {
      const down = await get(b, thumbnail, undefined, 'image/png');
      expect(down.statusCode, down.body).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json(), down.body).toMatchObject({ code: 'UNAVAILABLE', desc: 'Picture storage is unavailable, please try again later' });
      // A product without photos: its picture is drawn (and not kept) rather than refused.
      const drawn = await get(b, `/api/items/${products.sticker}/thumbnail`, undefined, 'image/png');
      expect(drawn.statusCode).toBe(200);
      // An upload cannot be stored: 503, and the product keeps its pictures.
      const refused = await uploadPicture(b, owner, products.single, png);
      expect(refused.status).toBe(503);
      expect((await shopClient(b, owner)('GET', `/api/admin/items/${products.single}`)).body.images).toEqual([]);
    } finally {
      await proxy.start();
    }
    const back = await get(b, thumbnail, undefined, 'image/png');
    expect(back.statusCode).toBe(200);
    expect((await sharp(back.rawPayload).metadata()).format).toBe('png');
  }, 60_000);
});
