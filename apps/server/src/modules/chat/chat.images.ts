import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { CHAT_IMAGE_MAX_BYTES } from '@cubeshop/shared';

/**
 * Chat images: a client sends a data URL (or bare base64); the server decodes it, checks by
 * content (sharp reads the real format; the data-URL prefix is ignored), re-encodes it as WebP
 * (which drops EXIF, GPS and every other metadata, and applies the EXIF orientation first), and
 * stores it under DATA_DIR/uploads/chat/<sha256 of the output>.webp, served at
 * /uploads/chat/<name> with a year-long immutable cache.
 */

export const CHAT_UPLOADS_URL = '/uploads/chat/';
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** A decompression bomb guard: 40 megapixels is far above any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side after re-encoding. */
const MAX_SIDE = 2560;
const FILE_NAME = /^[0-9a-f]{64}\.webp$/;

export class ChatImageError extends Error {
  constructor(public readonly code: 'not_image' | 'image_too_large') {
    super(code);
    this.name = 'ChatImageError';
  }
}

export interface StoredImage {
  url: string;
  bytes: number;
  width: number;
  height: number;
}

/** The bytes of a data URL or bare base64 string, or a ChatImageError. */
export function decodeImageData(input: string, maxBytes = CHAT_IMAGE_MAX_BYTES): Buffer {
  let data = input;
  if (data.startsWith('data:')) {
    const comma = data.indexOf(',');
    if (comma < 0 || !/;base64$/i.test(data.slice(0, comma))) throw new ChatImageError('not_image');
    data = data.slice(comma + 1);
  }
  data = data.replace(/\s+/g, '');
  if (!data || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(data)) throw new ChatImageError('not_image');
  // Size before decoding: 4 characters carry 3 bytes.
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if (Math.floor((data.length * 3) / 4) - padding > maxBytes) throw new ChatImageError('image_too_large');
  const bytes = Buffer.from(data, data.includes('-') || data.includes('_') ? 'base64url' : 'base64');
  if (bytes.length > maxBytes) throw new ChatImageError('image_too_large');
  if (!bytes.length) throw new ChatImageError('not_image');
  return bytes;
}

export function createChatImageStore(dataDir: string) {
  const dir = path.join(dataDir, 'uploads', 'chat');
  let ready: Promise<void> | undefined;
  const ensureDir = () => (ready ??= fs.promises.mkdir(dir, { recursive: true }).then(() => undefined));

  return {
    dir,
    /** Decodes, checks, re-encodes and stores an image; throws ChatImageError for a bad one. */
    async save(input: string): Promise<StoredImage> {
      const bytes = decodeImageData(input);
      let format: string | undefined;
      let pages = 1;
      try {
        const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
        format = meta.format;
        pages = meta.pages ?? 1;
      } catch {
        throw new ChatImageError('not_image');
      }
      if (!format || !ALLOWED_FORMATS.has(format)) throw new ChatImageError('not_image');
      const animated = pages > 1;
      let output: { data: Buffer; info: OutputInfo };
      try {
        let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated });
        if (!animated) pipeline = pipeline.rotate();
        output = await pipeline
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new ChatImageError('not_image');
      }
      const name = `${createHash('sha256').update(output.data).digest('hex')}.webp`;
      const file = path.join(dir, name);
      await ensureDir();
      if (!fs.existsSync(file)) {
        const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        await fs.promises.writeFile(tmp, output.data);
        await fs.promises.rename(tmp, file);
      }
      return { url: `${CHAT_UPLOADS_URL}${name}`, bytes: output.data.length, width: output.info.width, height: output.info.height };
    },
    /** The file behind a stored image's name, or null for a name that cannot be one. */
    filePath(name: string): string | null {
      return FILE_NAME.test(name) ? path.join(dir, name) : null;
    },
  };
}
export type ChatImageStore = ReturnType<typeof createChatImageStore>;
