import { ORDER_REQUEST_PHOTO_MAX_BYTES } from '@cubeshop/shared';

/** What the photo picker accepts (the server checks the content again). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** Longest side sent: phone photos are scaled down before upload (the server re-encodes anyway). */
const MAX_SIDE = 2000;

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/**
 * A picked photo as a data URL for the request: scaled down to MAX_SIDE as JPEG when the browser
 * can draw it, else the file as it is. null when it is not a JPG, PNG or WebP, or still too large.
 */
export async function photoDataUrl(file: File): Promise<string | null> {
  if (!PHOTO_TYPES.includes(file.type)) return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const url = canvas.toDataURL('image/jpeg', 0.85);
    if (url.startsWith('data:image/jpeg')) return url;
  } catch {
    // Not drawable here (an old browser, a test DOM): send the file itself.
  }
  return file.size <= ORDER_REQUEST_PHOTO_MAX_BYTES ? readAsDataUrl(file) : null;
}
