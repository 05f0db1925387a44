import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ORDER_REQUEST_PHOTO_MAX_BYTES } from '@cubeshop/shared';
import { badRequest, DomainError } from '../../lib/app-error.js';
import type { ObjectStorage } from '../../lib/object-storage.js';
import { ChatImageError, decodeImageData } from '../chat/chat.images.js';

/**
 * Photos of after-sales requests, as chat images are handled (chat.images.ts): decoded from a
 * data URL, checked by content (JPEG, PNG or WebP, whatever the prefix says), re-encoded as WebP
 * (metadata such as GPS dropped, EXIF orientation applied) and stored as requests/<sha256>.webp in
 * the shop's object storage (lib/object-storage.ts: DATA_DIR/uploads, or the S3 bucket). They are
 * never served as static files: only the order's buyer and staff read them, through
 * GET /api/orders/{id}/requests/{requestId}/photos/{n}.
 */
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE = 2048;
const FILE_NAME = /^[0-9a-f]{64}\.webp$/;

/** `storage`: the object storage seen under `requests/`. */
export function createRequestPhotoStore(storage: ObjectStorage) {
  /** The re-encoded bytes of one photo, or a 400 naming the photo (1-based). */
  async function encode(input: string, position: number): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = decodeImageData(input, ORDER_REQUEST_PHOTO_MAX_BYTES);
    } catch (err) {
      if (err instanceof ChatImageError && err.code === 'image_too_large') {
        // Over the limit: 413, as every upload (docs/security.md, Limits).
        throw new DomainError(
          'PAYLOAD_TOO_LARGE',
          'requestPhotoTooLarge',
          { n: position, size: ORDER_REQUEST_PHOTO_MAX_BYTES / 1024 / 1024 },
          { field: 'photos', rule: 'size' },
        );
      }
      throw badRequest('requestPhotoNotImage', { n: position }, { field: 'photos', rule: 'image' });
    }
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.format || !ALLOWED_FORMATS.has(meta.format)) throw new Error('format');
      return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw badRequest('requestPhotoNotImage', { n: position }, { field: 'photos', rule: 'image' });
    }
  }

  return {
    /**
     * Checks and re-encodes every photo first (a bad one stores nothing), then stores them;
     * returns their file names in order.
     */
    async saveAll(inputs: readonly string[]): Promise<string[]> {
      const encoded: Buffer[] = [];
      // One at a time: sharp is CPU-bound and a request carries at most a few photos.
      for (const [i, input] of inputs.entries()) encoded.push(await encode(input, i + 1));
      const names: string[] = [];
      for (const data of encoded) {
        // Named by content: the same photo twice is one object.
        const name = `${createHash('sha256').update(data).digest('hex')}.webp`;
        await storage.put(name, data, 'image/webp');
        names.push(name);
      }
      return names;
    },
    /** A stored photo's bytes, or undefined for a name that cannot be one or holds nothing. */
    async read(name: string): Promise<Buffer | undefined> {
      return FILE_NAME.test(name) ? storage.get(name) : undefined;
    },
  };
}
export type RequestPhotoStore = ReturnType<typeof createRequestPhotoStore>;
