// `npx cubeshop backup` / `restore` (docs/deploy.md, Backup and restore) with real server processes:
// a running shop with an order and an uploaded picture is backed up while it serves, the backup is
// restored into an empty data folder (and, on PostgreSQL, an empty database), and a server started
// on what was restored finds the buyer's order and serves the picture. Embedded PGlite: through the
// running server; PostgreSQL: pg_dump and pg_restore.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { TEST_DB_KIND } from '../test/harness.js';
import { runCli, startServerProcess, tempDataDir, type ServerProcess } from '../test/process.js';
import { ADDRESS, createBuyer, shopClient, stockShop } from '../test/shop.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function folder(): string {
  const dir = tempDataDir();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty PostgreSQL database (dropped afterwards); nothing for PGlite. */
async function emptyDatabase(): Promise<Record<string, string>> {
  if (TEST_DB_KIND === 'pglite') return {};
  const base = process.env.TEST_DATABASE_URL!;
  const name = `cubeshop_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

async function started(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, env });
  cleanups.push(() => server.kill());
  return server;
}

const sha = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

describe(`backup and restore (${TEST_DB_KIND})`, { timeout: 240_000 }, () => {
  it('a running shop backed up and restored into an empty folder serves the same order and picture', async () => {
    // The shop: products, a catalog manager and a buyer with a filled cart, made in-process, then
    // handed to a server process (pictures are stored on disk only outside tests' NODE_ENV).
    const dataDir = folder();
    const env = await emptyDatabase();
    const database = env.DATABASE_URL ? await openDatabase({ url: env.DATABASE_URL }) : await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const setup = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: '/nonexistent' }),
      database,
      logger: false,
    });
    const products = await stockShop(setup);
    const buyer = await createBuyer(setup, 'keeper');
    expect((await shopClient(setup, buyer.token)('POST', '/api/cart/items', { body: { itemId: products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
    const manager = await setup.services.account.createUser({ account: `catalog_${randomBytes(3).toString('hex')}`, password: 'Secret12', role: 'catalog' });
    const staffToken = await setup.services.authn.issueUserToken(manager.id);
    await setup.app.close();
    await database.close();

    const shop = await started(dataDir, env);
    const as = (token: string) => ({ authorization: `Bearer ${token}`, 'x-lang-type': 'en' });
    const form = new FormData();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'red.png');
    const uploaded = await fetch(`${shop.url}/api/admin/items/${products.cube}/images`, { method: 'POST', headers: as(staffToken), body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const placed = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { ...as(buyer.token), 'content-type': 'application/json', 'idempotency-key': randomBytes(8).toString('hex') },
      body: JSON.stringify({ expressMethod: 'dhl', payMethod: 'tt', ...ADDRESS }),
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string };
    const detail = (await (await fetch(`${shop.url}/api/items/${products.cube}`, { headers: as(buyer.token) })).json()) as { image: string };
    const picture = await fetch(`${shop.url}${detail.image}`, { headers: { accept: 'image/webp' } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('etag')).toMatch(/^"upload-/);
    const pictureSha = sha(await picture.arrayBuffer());

    // Backed up while the shop runs (PGlite: by the server, through its CLI channel).
    const backupDir = path.join(folder(), 'shop-backup');
    const out = runCli(['backup', backupDir], { ...env, DATA_DIR: dataDir });
    expect(out).toMatch(/Backed up the .* database .* and \d+ picture file\(s\)/);
    expect(shop.alive()).toBe(true);
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
    expect(fs.existsSync(path.join(backupDir, 'cubeshop-backup.json'))).toBe(true);
    // A folder that is not empty is not written into.
    expect(() => runCli(['backup', backupDir], { ...env, DATA_DIR: dataDir })).toThrow(/not an empty folder/);

    // Restored into an empty data folder (and database), while the first shop still runs.
    const restoredDir = folder();
    const restoredEnv = await emptyDatabase();
    expect(runCli(['restore', backupDir], { ...restoredEnv, DATA_DIR: restoredDir })).toMatch(/Restored the backup/);
    // A second restore over it is refused without --force.
    expect(() => runCli(['restore', backupDir], { ...restoredEnv, DATA_DIR: restoredDir })).toThrow(/not empty/);

    const copy = await started(restoredDir, restoredEnv);
    const mine = await fetch(`${copy.url}/api/orders/${order.id}`, { headers: as(buyer.token) });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { id: string }).id).toBe(order.id);
    const again = (await (await fetch(`${copy.url}/api/items/${products.cube}`, { headers: as(buyer.token) })).json()) as { image: string };
    expect(again.image).toBe(detail.image);
    const served = await fetch(`${copy.url}${again.image}`, { headers: { accept: 'image/webp' } });
    expect(served.status).toBe(200);
    expect(served.headers.get('etag')).toBe(picture.headers.get('etag'));
    expect(sha(await served.arrayBuffer())).toBe(pictureSha);
    expect(await copy.stop()).toBe(0);
    expect(await shop.stop()).toBe(0);
  });
});
