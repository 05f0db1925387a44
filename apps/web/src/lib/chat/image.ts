import { CHAT_IMAGE_MAX_BYTES } from '@cubeshop/shared';

/** docs/requirements.md, Validation: image files only, at most 1,048,576 bytes. */
export type ChatImageProblem = 'not_image' | 'too_large';

export function chatImageProblem(file: { type: string; size: number }): ChatImageProblem | null {
  if (!file.type.startsWith('image/')) return 'not_image';
  if (file.size > CHAT_IMAGE_MAX_BYTES) return 'too_large';
  return null;
}

/** The limit in MB for the warning ("at most 1 MB"). */
export const CHAT_IMAGE_MAX_MB = CHAT_IMAGE_MAX_BYTES / 1_048_576;

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
