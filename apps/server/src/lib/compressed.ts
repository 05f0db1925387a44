import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A cached answer's body and its compressed forms, made once per cached object (the WeakMap lets
 * them go with it): a cached list page, product detail or rendered page is answered without
 * serializing or compressing anything again.
 *
 * What is compressed when (docs/catalog.md, Speed on the hot paths): most answers are asked for
 * once (a page nobody else opens within its lifetime), so the first answer is compressed at the
 * fastest level, on the event loop (brotli 0: 0.09 ms of CPU for a 75 kB list page against 0.23
 * for brotli 1 and 0.27 for gzip 1, and only 10% larger than either); an answer asked for again
 * has shown it is shared, and is compressed once more at a better level (brotli 4, gzip 6) for
 * every later request, large bodies on libuv's thread pool (the event loop goes on meanwhile).
 */
type Coding = 'br' | 'gzip';
interface Encoded {
  text: string | Buffer;
  forms: Partial<Record<Coding, Promise<Buffer>>>;
  /** The better form was asked for (made or being made). */
  better: Partial<Record<Coding, true>>;
}
const encodedAnswers = new WeakMap<object, Encoded>();
const COMPRESS_THRESHOLD = 1024;
const LEVELS = {
  br: { fast: 0, shared: 4 },
  gzip: { fast: 1, shared: 6 },
} as const;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Bodies this large or larger are compressed at the shared level on the thread pool: handing a
 * product detail (3 kB) to the pool and back costs more than compressing it in place, and the pool
 * costs more CPU in all (0.43 ms against 0.23 for a list page at brotli 1, measured), so only
 * what would hold the event loop up goes there.
 */
const POOL_BYTES = 16 * 1024;
function compress(text: string | Buffer, coding: Coding, level: number, fast: boolean): Promise<Buffer> {
  const size = Buffer.byteLength(text);
  const inPlace = fast || size < POOL_BYTES;
  if (coding === 'gzip') return inPlace ? Promise.resolve(gzipSync(text, { level })) : gzipAsync(text, { level });
  const options = {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: level,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      // A window as large as the text (at least 1 kB, at most brotli's default 4 MB): an encoder set up for 4 MB costs more than compressing a 3 kB detail.
      [zlibConstants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(10, Math.ceil(Math.log2(size + 1)))),
    },
  };
  return inPlace ? Promise.resolve(brotliCompressSync(text, options)) : brotliAsync(text, options);
}

/** The form to send: fast the first time, the better one (made once) from the second. */
function formOf(encoded: Encoded, coding: Coding): Promise<Buffer> {
  const made = encoded.forms[coding];
  if (!made) return (encoded.forms[coding] = compress(encoded.text, coding, LEVELS[coding].fast, true));
  if (encoded.better[coding]) return made;
  encoded.better[coding] = true;
  // A failure keeps the fast form (zlib does not fail on a buffer in memory; belt and braces).
  const better = compress(encoded.text, coding, LEVELS[coding].shared, false).catch(() => made);
  encoded.forms[coding] = better;
  return better;
}

/**
 * Sends `text` (the body of the cached `value`, a string or UTF-8 bytes; made by `serialize` the
 * first time) compressed the way the client accepts, as @fastify/compress would (q=0 means "not
 * this one").
 */
export async function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, value: object, contentType: string, serialize: () => string | Buffer) {
  let encoded = encodedAnswers.get(value);
  if (!encoded) {
    encoded = { text: serialize(), forms: {}, better: {} };
    encodedAnswers.set(value, encoded);
  }
  reply.header('content-type', contentType);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (encoded.text.length >= COMPRESS_THRESHOLD && request.headers['x-no-compression'] === undefined) {
    const coding = negotiate<Coding>(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
    if (coding) {
      const body = await formOf(encoded, coding);
      reply.header('content-encoding', coding);
      return reply.send(body);
    }
  }
  return reply.send(encoded.text);
}
