import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../../lib/app-error.js';
import type { ObjectStorage } from '../../lib/object-storage.js';
import { checkUploadedImage } from '../../lib/uploaded-image.js';

/**
 * The QR picture a buyer scans to pay by a method (Alipay, WeChat Pay): checked by content (JPEG,
 * PNG or WebP, whatever the name or type says), re-encoded as PNG (a QR code must stay sharp, and
 * pdfkit embeds PNG and JPEG, not WebP) on white, at most QR_MAX_SIDE pixels a side, metadata
 * dropped. Stored under a name made of the method id and a hash of the bytes
 * ("alipay-0123456789abcdef.png"): the hash is the version in its public URL.
 */
export const QR_MAX_BYTES = 2 * 1024 * 1024;
export const QR_MAX_SIDE = 600;
const QR_MAX_PIXELS = 25_000_000;
/** A stored picture's name: the method id (ZConfigCode), a dash and 16 hex digits. */
const NAME = /^([a-z0-9][a-z0-9_-]{0,39})-([0-9a-f]{16})\.png$/i;

/** The re-encoded PNG; 400 (field `file`) naming what is wrong. */
export async function encodePaymentQr(bytes: Buffer): Promise<Buffer> {
  await checkUploadedImage(bytes, { maxBytes: QR_MAX_BYTES, maxPixels: QR_MAX_PIXELS });
  try {
    return await sharp(bytes, { limitInputPixels: QR_MAX_PIXELS })
      .rotate()
      .resize({ width: QR_MAX_SIDE, height: QR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw badRequest('imageNotImage', {}, { field: 'file', rule: 'image' });
  }
}

/** The stored name of a method's QR picture with these bytes. */
export const qrName = (methodId: string, png: Buffer) => `${methodId}-${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;

/** The public URL of a stored QR picture (its hash is the version), or null. */
export function qrUrlOf(methodId: string, name: string | null): string | null {
  const version = name ? NAME.exec(name)?.[2] : undefined;
  return version ? `/api/payment-methods/${encodeURIComponent(methodId)}/qr.png?v=${version}` : null;
}

/** The version (hash) of a stored name, or undefined. */
export const qrVersionOf = (name: string) => NAME.exec(name)?.[2];

/**
 * Where QR pictures are kept: the shop's object storage seen under `payments/`
 * (lib/object-storage.ts: DATA_DIR/uploads/payments, or the S3 bucket). Names come from qrName
 * (method id and hex digits only); anything else is never a key here.
 */
export interface PaymentQrStorage {
  /** The bytes, or undefined when there are none; 503 (UNAVAILABLE) when the storage is down. */
  read(name: string): Promise<Buffer | undefined>;
  /** Stores the bytes; a reader never sees a half-written picture. */
  write(name: string, bytes: Buffer): Promise<void>;
  /** Removes a picture (nothing when there is none). */
  remove(name: string): Promise<void>;
}

export function createPaymentQrStorage(storage: ObjectStorage): PaymentQrStorage {
  return {
    async read(name) {
      return NAME.test(name) ? storage.get(name) : undefined;
    },
    async write(name, bytes) {
      if (!NAME.test(name)) throw new Error(`payment QR: bad name ${name}`);
      await storage.put(name, bytes, 'image/png');
    },
    async remove(name) {
      if (NAME.test(name)) await storage.delete(name);
    },
  };
}
