import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ORDER_REQUEST_PHOTO_MAX_BYTES } from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import { ChatImageError, decodeImageData } from '../chat/chat.images.js';

/**
 * Photos of after-sales requests, as chat images are handled (chat.images.ts): decoded from a
 * data URL, checked by content (JPEG, PNG or WebP, whatever the prefix says), re-encoded as WebP
 * (metadata such as GPS dropped, EXIF orientation applied) and stored as
 * DATA_DIR/uploads/requests/<sha256>.webp. They are never served as static files: only the
 * order's buyer and staff read them, through GET /api/orders/{id}/requests/{requestId}/photos/{n}.
 */
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE = 2048;
const FILE_NAME = /^[0-9a-f]{64}\.webp$/;

export function createRequestPhotoStore(dataDir: string) {
  const dir = path.join(dataDir, 'uploads', 'requests');
  let ready: Promise<void> | undefined;
  const ensureDir = () => (ready ??= fs.promises.mkdir(dir, { recursive: true }).then(() => undefined));

  /** The re-encoded bytes of one photo, or a 400 naming the photo (1-based). */
  async function encode(input: string, position: number): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = decodeImageData(input, ORDER_REQUEST_PHOTO_MAX_BYTES);
    } catch (err) {
      if (err instanceof ChatImageError && err.code === 'image_too_large') {
        throw badRequest('requestPhotoTooLarge', { n: position, size: ORDER_REQUEST_PHOTO_MAX_BYTES / 1024 / 1024 }, { field: 'photos', rule: 'size' });
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
    dir,
    /**
     * Checks and re-encodes every photo first (a bad one stores nothing), then stores them;
     * returns their file names in order.
     */
    async saveAll(inputs: readonly string[]): Promise<string[]> {
      const encoded: Buffer[] = [];
      // One at a time: sharp is CPU-bound and a request carries at most a few photos.
      for (const [i, input] of inputs.entries()) encoded.push(await encode(input, i + 1));
      await ensureDir();
      const names: string[] = [];
      for (const data of encoded) {
        const name = `${createHash('sha256').update(data).digest('hex')}.webp`;
        const file = path.join(dir, name);
        if (!fs.existsSync(file)) {
          const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
          await fs.promises.writeFile(tmp, data);
          await fs.promises.rename(tmp, file);
        }
        names.push(name);
      }
      return names;
    },
    /** The file behind a stored photo's name, or null for a name that cannot be one. */
    filePath(name: string): string | null {
      return FILE_NAME.test(name) ? path.join(dir, name) : null;
    },
  };
}
export type RequestPhotoStore = ReturnType<typeof createRequestPhotoStore>;
