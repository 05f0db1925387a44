import type { FastifyRequest } from 'fastify';
import { badRequest, DomainError, isDomainError } from './app-error.js';
import type { MessageKey } from './messages.js';

/**
 * The one way a route reads an uploaded file (docs/security.md, Limits): the first file of a
 * multipart/form-data request, whole, or an error.
 *
 * The multipart parser (@fastify/multipart on busboy) does not fail a file that goes past its
 * limit: it cuts the file at the limit and marks it `truncated`, and whether `toBuffer()` notices
 * depends on where the network's pieces fall (a piece ending exactly at the limit slips through).
 * So the flag is checked here, after the whole part has been read, every time: a file over the
 * limit is always 413 (PAYLOAD_TOO_LARGE, the sentence naming the limit), never a cut file that
 * passes for a whole one.
 */
export interface UploadLimit {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** The sentence of the 413 ({size} is the limit in MB); default: an image's. */
  tooLarge?: MessageKey;
  /** The 400 when the request carries no file; default: "not a JPG, PNG or WebP image" (rule `required`). */
  missing?: () => DomainError;
  /** The 400 when the form is malformed or cut short; default: "not a JPG, PNG or WebP image" (rule `image`). */
  malformed?: () => DomainError;
}

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** 413 for a file over `maxBytes` (field `file`, rule `size`), the sentence naming the limit. */
export function uploadTooLarge(maxBytes: number, key: MessageKey = 'imageTooLarge', field = 'file'): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', key, { size: megabytes(maxBytes) }, { field, rule: 'size', maxBytes });
}

const isTooLarge = (err: unknown) => (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The first file of the request, read whole: 413 when it is larger than `maxBytes`, the
 * `missing` error when there is no file, the `malformed` one when the form is broken.
 */
export async function readUploadedFile(request: FastifyRequest, limit: UploadLimit): Promise<UploadedFile> {
  const tooLarge = () => uploadTooLarge(limit.maxBytes, limit.tooLarge);
  const missing = limit.missing ?? (() => badRequest('imageNotImage', {}, { field: 'file', rule: 'required' }));
  const malformed = limit.malformed ?? (() => badRequest('imageNotImage', {}, { field: 'file', rule: 'image' }));
  try {
    // The parser keeps reading (and dropping) past the limit, so the whole body is consumed and
    // the answer is a clean 413, not a connection reset halfway through the upload.
    const file = await request.file({ limits: { fileSize: limit.maxBytes, files: 1 }, throwFileSizeLimit: false });
    if (!file) throw missing();
    const bytes = await file.toBuffer();
    if (file.file.truncated || bytes.length > limit.maxBytes) throw tooLarge();
    return { bytes, filename: file.filename };
  } catch (err) {
    if (isDomainError(err)) throw err;
    if (isTooLarge(err)) throw tooLarge();
    // The form's other limits (parts, files, fields): 413 as such, in the generic sentence.
    if ((err as { statusCode?: number } | null)?.statusCode === 413) throw err;
    throw malformed();
  }
}
