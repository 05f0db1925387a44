import { describe, expect, it } from 'vitest';
import { unavailable } from '../../../lib/app-error.js';
import { createCategoryDictionary } from '../cache/catalog.dictionary.js';
import { createProductImages } from './catalog.images.js';
import type { ImageStorage } from './catalog.images.storage.js';
import type { ItemImageRow } from '../catalog.repository.js';

/** The picture pipeline without a database: a product row, a dictionary and a storage in memory. */
const row: ItemImageRow = {
  id: 100001,
  nameEn: 'Test Cube',
  types: [{ code: 'black', zh: '黑色', en: 'Black' }],
  supplierId: 1,
  categoryId: 1,
  imageCount: 2,
  imageVersion: 3,
  uploads: null,
};
const dictionary = createCategoryDictionary(
  {
    listCategories: async () => [{ id: 1, slug: 'cube', parentId: null, nameZh: '魔方', nameEn: 'Cubes', position: 0, shape: 'cube3' }],
    listSuppliers: async () => [{ id: 1, slug: 'orbit', nameZh: '轨道', nameEn: 'Orbit', position: 0 }],
  },
  { ttlMs: 60_000 },
);
const repo = { findImageSource: async (id: number) => (id === row.id ? row : undefined) };

function mapStorage() {
  const files = new Map<string, Buffer>();
  const writes: string[] = [];
  const storage: ImageStorage = {
    get: async (key) => files.get(key),
    put: async (key, bytes) => {
      writes.push(key);
      files.set(key, bytes);
    },
    delete: async (key) => {
      files.delete(key);
    },
    exists: async (key) => files.has(key),
  };
  return { files, writes, storage };
}

/** A storage that cannot be reached (what lib/object-storage.ts throws then). */
const down: ImageStorage = {
  get: async () => {
    throw unavailable('storageUnavailable', { retryAfter: 5 });
  },
  put: async () => {
    throw unavailable('storageUnavailable', { retryAfter: 5 });
  },
  delete: async () => undefined,
  exists: async () => false,
};

describe('product images', () => {
  it('renders a picture once, stores it, and names it by product, picture, version, size and format', async () => {
    const { writes, storage } = mapStorage();
    const images = createProductImages(repo, { dictionary, storage });
    const result = await images.image(row.id, 1, 'thumbnail', 'webp', '3.1');
    expect(result).toMatchObject({ etag: '"100001-1-v3.1-thumbnail.webp"', current: true, format: 'webp' });
    expect((await images.image(row.id, 1, 'thumbnail', 'webp', '2.1')).current).toBe(false);
    const [a, b] = await Promise.all([result.load(), result.load()]);
    expect(a.subarray(0, 4).toString()).toBe('RIFF');
    expect(b).toBe(a);
    expect(await result.load()).toBe(a);
    expect(writes).toEqual(['100001-1-v3.1-thumbnail.webp']);
  });

  it('reads a stored picture instead of rendering it again (after a restart)', async () => {
    const { files, writes, storage } = mapStorage();
    files.set('100001-0-v3.1-image.png', Buffer.from('stored bytes'));
    const images = createProductImages(repo, { dictionary, storage });
    expect((await (await images.image(row.id, 0, 'image', 'png', undefined)).load()).toString()).toBe('stored bytes');
    expect(writes).toEqual([]);
  });

  it('answers 404 for an unknown product or picture', async () => {
    const images = createProductImages(repo, { dictionary, storage: mapStorage().storage });
    await expect(images.image(1, 0, 'image', 'png', undefined)).rejects.toMatchObject({ messageKey: 'itemNotFound' });
    await expect(images.image(row.id, 2, 'image', 'png', undefined)).rejects.toMatchObject({ messageKey: 'itemNotFound' });
  });

  it('a storage outage: generated pictures are rendered anyway; an uploaded photo is 503 (UNAVAILABLE), not 404', async () => {
    const failures: unknown[] = [];
    const images = createProductImages(repo, { dictionary, storage: down, onStorageError: (err) => failures.push(err) });
    const rendered = await (await images.image(row.id, 0, 'thumbnail', 'png', undefined)).load();
    expect(rendered.subarray(1, 4).toString()).toBe('PNG');
    expect(failures).toHaveLength(2); // the read, then the write
    const uploaded = createProductImages({ findImageSource: async () => ({ ...row, uploads: [7] }) }, { dictionary, storage: down });
    await expect((await uploaded.image(row.id, 0, 'image', 'webp', undefined)).load()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
