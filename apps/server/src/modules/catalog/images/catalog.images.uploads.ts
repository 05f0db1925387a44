import sharp from 'sharp';
import { ITEM_IMAGE_MAX_BYTES, ITEM_IMAGE_MAX_PIXELS } from '@cubeshop/shared';
import { badRequest } from '../../../lib/app-error.js';
import { checkUploadedImage } from '../../../lib/uploaded-image.js';
import { IMAGE_SIZES, type ImageFormat, type ImageSize } from './catalog.images.render.js';

/**
 * Uploaded pictures (product photos, brand logos): checked by content (JPEG, PNG or WebP,
 * whatever the name or type says), within ITEM_IMAGE_MAX_BYTES and ITEM_IMAGE_MAX_PIXELS, then
 * re-encoded with sharp (EXIF orientation applied, metadata dropped) into every size and format
 * the storefront's picture routes serve, padded to a white square like the generated pictures.
 * Stored in an ImageStorage under keys made of numbers and fixed words only.
 */
const OUTPUTS: { size: ImageSize; format: ImageFormat }[] = [
  { size: 'image', format: 'webp' },
  { size: 'image', format: 'png' },
  { size: 'thumbnail', format: 'webp' },
  { size: 'thumbnail', format: 'png' },
];

/** Storage key of an uploaded product picture. */
export const uploadKey = (imageId: number, size: ImageSize, format: ImageFormat) => `upload-${imageId}-${size}.${format}`;
/** Storage key of a brand logo. */
export const logoKey = (supplierId: number, version: number, format: ImageFormat) => `logo-${supplierId}-v${version}.${format}`;

export interface EncodedPicture {
  width: number;
  height: number;
  files: { size: ImageSize; format: ImageFormat; bytes: Buffer }[];
}

/** Checks an upload; 400 (field `file`) naming what is wrong. */
const check = (bytes: Buffer) => checkUploadedImage(bytes, { maxBytes: ITEM_IMAGE_MAX_BYTES, maxPixels: ITEM_IMAGE_MAX_PIXELS });

async function encode(bytes: Buffer, px: number, format: ImageFormat, fit: 'contain' | 'inside'): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: ITEM_IMAGE_MAX_PIXELS })
    .rotate()
    .resize({ width: px, height: px, fit, background: { r: 255, g: 255, b: 255, alpha: fit === 'contain' ? 1 : 0 }, withoutEnlargement: fit === 'inside' });
  try {
    return await (format === 'webp' ? image.webp({ quality: 84 }) : image.png({ compressionLevel: 8 })).toBuffer();
  } catch {
    throw badRequest('imageNotImage', {}, { field: 'file', rule: 'image' });
  }
}

/** A product photo in every served size and format. */
export async function encodeProductPicture(bytes: Buffer): Promise<EncodedPicture> {
  const { width, height } = await check(bytes);
  const files = [];
  for (const o of OUTPUTS) files.push({ ...o, bytes: await encode(bytes, IMAGE_SIZES[o.size], o.format, 'contain') });
  return { width, height, files };
}

/** A brand logo (at most 400 px a side, transparency kept) in WebP and PNG. */
export async function encodeLogo(bytes: Buffer): Promise<{ format: ImageFormat; bytes: Buffer }[]> {
  await check(bytes);
  return [
    { format: 'webp', bytes: await encode(bytes, 400, 'webp', 'inside') },
    { format: 'png', bytes: await encode(bytes, 400, 'png', 'inside') },
  ];
}
