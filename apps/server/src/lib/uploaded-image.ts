import sharp from 'sharp';
import { badRequest } from './app-error.js';

/** What an uploaded picture may be, by its content (never by its name or declared type). */
const FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks an uploaded picture by content before it is re-encoded (product photos, brand logos,
 * payment QR codes): at most `maxBytes`, a JPEG, PNG or WebP sharp can read, at most `maxPixels`.
 * Answers its size; 400 (field `file`, the rule named) otherwise.
 */
export async function checkUploadedImage(bytes: Buffer, limits: { maxBytes: number; maxPixels: number }): Promise<{ width: number; height: number }> {
  if (bytes.length > limits.maxBytes) throw badRequest('imageTooLarge', { size: limits.maxBytes / 1024 / 1024 }, { field: 'file', rule: 'size' });
  let meta: { format?: string | undefined; width?: number | undefined; height?: number | undefined };
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('imageNotImage', {}, { field: 'file', rule: 'image' });
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw badRequest('imageNotImage', {}, { field: 'file', rule: 'image' });
  if (meta.width * meta.height > limits.maxPixels)
    throw badRequest('imageTooManyPixels', { pixels: limits.maxPixels / 1_000_000 }, { field: 'file', rule: 'pixels' });
  return { width: meta.width, height: meta.height };
}
