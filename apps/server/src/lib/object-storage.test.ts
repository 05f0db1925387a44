import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../test/s3.js';
import { isDomainError } from './app-error.js';
import { createFileObjectStorage, createS3ObjectStorage, scopedStorage, type ObjectStorage } from './object-storage.js';

// The picture storage port (README, Running at scale): the same cases against files under a
// folder (DATA_DIR/uploads) and against a real S3-compatible server (s3rver on a random port),
// so either may stand behind every picture the shop keeps.
let s3: TestS3;
let dir: string;
const closers: (() => void)[] = [];

beforeAll(async () => {
  s3 = await startS3();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-objects-'));
});
afterAll(async () => {
  for (const close of closers) close();
  await s3?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function s3Storage(options: { prefix?: string; endpoint?: string; onError?: (err: unknown) => void } = {}) {
  const storage = createS3ObjectStorage({
    bucket: s3.bucket,
    endpoint: options.endpoint ?? s3.endpoint,
    region: 'us-east-1',
    accessKeyId: s3.env.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
    prefix: options.prefix,
    onError: options.onError,
  });
  closers.push(() => storage.close());
  return storage;
}

/** A port nothing listens on (a storage server that is down). */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const implementations: [string, () => ObjectStorage][] = [
  ['files under a folder', () => createFileObjectStorage(path.join(dir, randomBytes(4).toString('hex')))],
  ['an S3-compatible bucket', () => s3Storage({ prefix: `${randomBytes(4).toString('hex')}/` })],
];

describe.each(implementations)('object storage: %s', (_name, make) => {
  it('reads back what was put, byte for byte; a key that holds nothing reads as undefined', async () => {
    const storage = make();
    const bytes = randomBytes(300_000);
    expect(await storage.get('items/upload-1-image.webp')).toBeUndefined();
    expect(await storage.exists('items/upload-1-image.webp')).toBe(false);
    await storage.put('items/upload-1-image.webp', bytes, 'image/webp');
    expect((await storage.get('items/upload-1-image.webp'))?.equals(bytes)).toBe(true);
    expect(await storage.exists('items/upload-1-image.webp')).toBe(true);
    // An empty object is something, not nothing.
    await storage.put('items/empty.png', Buffer.alloc(0), 'image/png');
    expect(await storage.get('items/empty.png')).toEqual(Buffer.alloc(0));
    expect(await storage.exists('items/empty.png')).toBe(true);
  });

  it('deletes, and deleting what is not there is no error', async () => {
    const storage = make();
    await storage.put('payments/alipay-0123456789abcdef.png', Buffer.from('png'), 'image/png');
    await storage.delete('payments/alipay-0123456789abcdef.png');
    expect(await storage.get('payments/alipay-0123456789abcdef.png')).toBeUndefined();
    expect(await storage.exists('payments/alipay-0123456789abcdef.png')).toBe(false);
    await storage.delete('payments/alipay-0123456789abcdef.png');
    await storage.delete('payments/never-there.png');
  });

  it('keeps kinds apart under their folders (scoped views)', async () => {
    const storage = make();
    const chat = scopedStorage(storage, 'chat/');
    const requests = scopedStorage(storage, 'requests/');
    await chat.put('a.webp', Buffer.from('chat'), 'image/webp');
    await requests.put('a.webp', Buffer.from('request'), 'image/webp');
    expect((await chat.get('a.webp'))?.toString()).toBe('chat');
    expect((await requests.get('a.webp'))?.toString()).toBe('request');
    expect((await storage.get('chat/a.webp'))?.toString()).toBe('chat');
  });

  it('refuses keys that are not the shop’s own (paths out of the folder, empty, absolute)', async () => {
    const storage = make();
    for (const key of ['', '../x.webp', 'chat/../../x', '/etc/passwd', 'chat//x', 'chat/.hidden', 'a b', 'x'.repeat(600)]) {
      await expect(storage.get(key), key).rejects.toThrow(/bad key/);
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/bad key/);
    }
    await expect(scopedStorage(storage, 'chat/').get('../requests/a.webp')).rejects.toThrow(/bad key/);
  });
});

describe('object storage: where the objects land', () => {
  // S3 itself promises that a PUT replaces an object whole; s3rver, the test's stand-in, rewrites
  // its file in place, so this case is the file storage's own (written aside, then renamed).
  it('files: a put replaces the bytes whole: concurrent readers see the old or the new file, never a mix', async () => {
    const storage = createFileObjectStorage(path.join(dir, randomBytes(4).toString('hex')));
    const a = Buffer.alloc(200_000, 1);
    const b = Buffer.alloc(150_000, 2);
    await storage.put('chat/same.webp', a, 'image/webp');
    const reads: Promise<Buffer | undefined>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 6; i++) {
      writes.push(storage.put('chat/same.webp', i % 2 ? a : b, 'image/webp'));
      reads.push(storage.get('chat/same.webp'));
    }
    await Promise.all(writes);
    for (const read of await Promise.all(reads)) expect(read!.equals(a) || read!.equals(b)).toBe(true);
    await storage.put('chat/same.webp', b, 'image/webp');
    expect((await storage.get('chat/same.webp'))!.equals(b)).toBe(true);
  });

  it('files: DATA_DIR/uploads/<kind>/<name>, the layout of earlier versions, so stored pictures stay where they are', async () => {
    const root = path.join(dir, 'uploads');
    fs.mkdirSync(path.join(root, 'chat'), { recursive: true });
    fs.writeFileSync(path.join(root, 'chat', `${'a'.repeat(64)}.webp`), 'old');
    const storage = createFileObjectStorage(root);
    expect((await storage.get(`chat/${'a'.repeat(64)}.webp`))?.toString()).toBe('old');
    await storage.put('items/upload-7-image.png', Buffer.from('new'), 'image/png');
    expect(fs.readFileSync(path.join(root, 'items', 'upload-7-image.png'), 'utf8')).toBe('new');
    // no temporary files left behind
    expect(fs.readdirSync(path.join(root, 'items'))).toEqual(['upload-7-image.png']);
  });

  it('S3: under S3_PREFIX in the bucket, so several shops may share one', async () => {
    const shopA = s3Storage({ prefix: 'shop-a/' });
    const whole = s3Storage();
    await shopA.put('items/x.png', Buffer.from('a'), 'image/png');
    expect((await whole.get('shop-a/items/x.png'))?.toString()).toBe('a');
    expect(await whole.get('items/x.png')).toBeUndefined();
  });
});

describe('object storage: an outage is 503, not 500 and not "missing"', () => {
  const isUnavailable = (err: unknown) => isDomainError(err) && err.code === 'UNAVAILABLE' && err.details?.retryAfter === 5;

  it('S3: a server that does not answer', async () => {
    const seen: unknown[] = [];
    const storage = s3Storage({ endpoint: `http://127.0.0.1:${await deadPort()}`, onError: (err) => seen.push(err) });
    for (const call of [
      () => storage.get('items/a.png'),
      () => storage.put('items/a.png', Buffer.from('x'), 'image/png'),
      () => storage.exists('items/a.png'),
      () => storage.delete('items/a.png'),
    ]) {
      const err = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUnavailable(err), String(err)).toBe(true);
    }
    expect(seen).toHaveLength(4);
  });

  it('S3: a bucket that does not exist (a misconfiguration) is not "no such picture"', async () => {
    const storage = createS3ObjectStorage({
      bucket: 'no-such-bucket',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    closers.push(() => storage.close());
    const err = await storage.get('items/a.png').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUnavailable(err), String(err)).toBe(true);
  });

  it('files: a folder that cannot be written', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocker, 'x');
    const storage = createFileObjectStorage(blocker);
    const err = await storage.put('items/a.png', Buffer.from('x'), 'image/png').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUnavailable(err), String(err)).toBe(true);
  });
});
