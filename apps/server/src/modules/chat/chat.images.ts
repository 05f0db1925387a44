import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { CHAT_IMAGE_MAX_BYTES, staffCan, type TStaffRole } from '@cubeshop/shared';
import { createKeyedLimiter, createLimiter, LimiterBusy } from '../../lib/limiter.js';
import type { ObjectStorage } from '../../lib/object-storage.js';
import type { ChatRepository } from './chat.repository.js';

/**
 * Chat images (docs/chat.md, Images): a client sends a data URL (or bare base64); the server
 * decodes it, checks it by content (sharp reads the real format; the data-URL prefix is ignored)
 * and size (at most CHAT_IMAGE_MAX_PIXELS, read from the header before anything is decoded),
 * re-encodes it as WebP (which drops EXIF, GPS and every other metadata, and applies the EXIF
 * orientation first) and stores it as chat/<sha256 of the output>.webp in the shop's object
 * storage (lib/object-storage.ts: DATA_DIR/uploads, or the S3 bucket).
 *
 * A picture is private to its conversation: served at /api/chat/images/<gid>/<name> to the
 * conversation's buyer and to staff who may read the conversation (its agents; staff who read
 * buyers' pages) only, 404 to anyone else (its existence is not told), with a private browser cache.
 *
 * Encoding is expensive (a 40-megapixel PNG is 120 MB of pixels), so it is bounded per instance:
 * one image in flight per user (across their sockets and conversations; the next waits, a third is
 * refused with `image_busy`), and CHAT_IMAGE_ENCODERS encodings at a time for everyone, so the
 * shop's own pictures (product thumbnails) never queue behind a buyer's photos.
 */

export const CHAT_IMAGES_PATH = '/api/chat/images/';
/** Where images were served before they were private; stored messages may still name it. */
const LEGACY_PATH = '/uploads/chat/';
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Largest picture accepted, in pixels (all frames of an animation): a 24-megapixel camera's photo passes. */
export const CHAT_IMAGE_MAX_PIXELS = 25_000_000;
/** Longest side after re-encoding. */
const MAX_SIDE = 2560;
/** Chat images encoded at a time on one instance, and how many may wait (how long) before `image_busy`. */
export const CHAT_IMAGE_ENCODERS = 1;
const ENCODER_QUEUE = 16;
const ENCODER_WAIT_MS = 20_000;
/** One image per user at a time; one more may wait for it (this long); a third is refused. */
const PER_USER = { concurrency: 1, maxWaiting: 1, waitMs: 30_000 };
const FILE_NAME = /^[0-9a-f]{64}\.webp$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ChatImageErrorCode = 'not_image' | 'image_too_large' | 'image_too_many_pixels' | 'image_busy';

export class ChatImageError extends Error {
  constructor(public readonly code: ChatImageErrorCode) {
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

/** Who asks for a picture: a signed-in user, with their staff role (null: a buyer). */
export interface ChatImageReader {
  userId: number;
  role: TStaffRole | null;
}

/** The address of a stored image in its conversation. */
export const chatImageUrl = (gid: string, name: string) => `${CHAT_IMAGES_PATH}${gid}/${name}`;

/**
 * The address a reader is given for a message's image: images stored before pictures were
 * private (`/uploads/chat/<name>`) are answered at their conversation's address.
 */
export function chatImageAddress(gid: string, stored: string | null): string | null {
  return stored?.startsWith(LEGACY_PATH) ? chatImageUrl(gid, stored.slice(LEGACY_PATH.length)) : stored;
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

/** Checks and re-encodes one image (the expensive part); throws ChatImageError for a bad one. */
async function encode(bytes: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ChatImageError('not_image');
  }
  if (!meta.format || !ALLOWED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new ChatImageError('not_image');
  const pages = meta.pages ?? 1;
  // Counted from the header: a picture too large is refused before a pixel of it is decoded.
  if (meta.width * (meta.pageHeight ?? meta.height) * pages > CHAT_IMAGE_MAX_PIXELS) throw new ChatImageError('image_too_many_pixels');
  const animated = pages > 1;
  try {
    let pipeline = sharp(bytes, { limitInputPixels: CHAT_IMAGE_MAX_PIXELS, animated });
    if (!animated) pipeline = pipeline.rotate();
    return await pipeline
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ChatImageError('not_image');
  }
}

export interface ChatImageStoreDeps {
  /** The shop's object storage seen under `chat/`. */
  storage: ObjectStorage;
  /** Which conversation holds a message with one of these image addresses, whose it is, and who is in it. */
  repo: Pick<ChatRepository, 'imageAccess'>;
}

export function createChatImageStore({ storage, repo }: ChatImageStoreDeps) {
  const encoders = createLimiter({ concurrency: CHAT_IMAGE_ENCODERS, maxWaiting: ENCODER_QUEUE, waitMs: ENCODER_WAIT_MS });
  const users = createKeyedLimiter(PER_USER);
  let encoding = 0;
  let mostEncoding = 0;

  const busy = (err: unknown) => (err instanceof LimiterBusy ? new ChatImageError('image_busy') : err);

  return {
    /**
     * Runs one user's image message (check, encode, store, send): one at a time per user on this
     * instance; one more waits, a third is refused with `image_busy`.
     */
    async admit<T>(uid: number, task: () => Promise<T>): Promise<T> {
      try {
        return await users.run(uid, task);
      } catch (err) {
        throw busy(err);
      }
    },

    /** Decodes, checks, re-encodes and stores an image sent into a conversation; throws ChatImageError for a bad one. */
    async save(input: string, gid: string): Promise<StoredImage> {
      const bytes = decodeImageData(input);
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await encoders.run(async () => {
          mostEncoding = Math.max(mostEncoding, ++encoding);
          try {
            return await encode(bytes);
          } finally {
            encoding--;
          }
        });
      } catch (err) {
        throw busy(err);
      }
      // Named by content: the same picture sent twice is one object.
      const name = `${createHash('sha256').update(output.data).digest('hex')}.webp`;
      await storage.put(name, output.data, 'image/webp');
      return { url: chatImageUrl(gid, name), bytes: output.data.length, width: output.info.width, height: output.info.height };
    },

    /**
     * Whether a reader may see the picture `name` of conversation `gid`, only when a message of
     * that conversation shows it: its buyer, and staff who may read the conversation (its agents,
     * now or before, and staff who read buyers' past conversations: customers.read). False for
     * everything else (a name or id that cannot be one included).
     */
    async may(reader: ChatImageReader | null, gid: string, name: string): Promise<boolean> {
      if (!reader || !UUID.test(gid) || !FILE_NAME.test(name)) return false;
      const found = await repo.imageAccess(gid, [chatImageUrl(gid, name), `${LEGACY_PATH}${name}`], reader.userId);
      if (!found) return false;
      if (found.buyerId === reader.userId) return true;
      return staffCan(reader.role, 'customers.read') || (staffCan(reader.role, 'chat') && found.member);
    },

    /** A stored picture's bytes (after may()), or undefined. */
    async read(name: string): Promise<Buffer | undefined> {
      return FILE_NAME.test(name) ? storage.get(name) : undefined;
    },

    /** Encodings running now, and the most ever at once on this instance (tests, metrics). */
    get encoding() {
      return { now: encoding, most: mostEncoding, waiting: encoders.waiting };
    },
  };
}
export type ChatImageStore = ReturnType<typeof createChatImageStore>;
