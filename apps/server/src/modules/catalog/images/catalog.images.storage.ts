import type { ObjectStorage } from '../../../lib/object-storage.js';

/**
 * Where product pictures are kept: the shop's object storage seen under `items/`
 * (lib/object-storage.ts: DATA_DIR/uploads/items, or the S3 bucket). Keys are file names
 * ("100001-0-v1.1-image.webp", "upload-7-image.png"), made by the catalog from numbers and fixed
 * words only.
 */
export type ImageStorage = ObjectStorage;

/** The content type of a stored picture, by its format. */
export const imageContentType = (format: 'webp' | 'png') => (format === 'webp' ? 'image/webp' : 'image/png');

/**
 * Keeps nothing: rendered pictures live only in the images service's memory cache and are
 * rendered again after a restart (tests, or a server without a writable DATA_DIR).
 */
export const memoryOnlyImageStorage: ImageStorage = {
  get: () => Promise.resolve(undefined),
  put: () => Promise.resolve(),
  delete: () => Promise.resolve(),
  exists: () => Promise.resolve(false),
};
