import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A cached answer's body and its compressed forms, made once per cached object (the WeakMap lets
 * them go with it): a cached list page, product detail or rendered page is answered without
 * serializing or compressing anything again.
 *
 * What is compressed when (docs/catalog.md, Speed on the hot paths): most answers are asked for
 * once (a page nobody else opens within its lifetime), so the first answer to a client that takes
 * gzip is gzip at a fast level (3: ~0.5 ms for a 75 kB list page, half of brotli's); an answer
 * asked for again has shown it is shared, and is compressed with brotli (quality 4, ~8% smaller)
 * once, for every later request.
 */
interface Encoded {
  text: string | Buffer;
  br?: Buffer;
  gzip?: Buffer;
  sent: number;
}
const encodedAnswers = new WeakMap<object, Encoded>();
const COMPRESS_THRESHOLD = 1024;
export const FIRST_GZIP_LEVEL = 3;
export const SHARED_BROTLI_QUALITY = 4;

/**
 * Sends `text` (the body of the cached `value`, a string or UTF-8 bytes; made by `serialize` the
 * first time) compressed the way the client accepts, as @fastify/compress would (q=0 means "not
 * this one").
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, value: object, contentType: string, serialize: () => string | Buffer) {
  let encoded = encodedAnswers.get(value);
  if (!encoded) {
    encoded = { text: serialize(), sent: 0 };
    encodedAnswers.set(value, encoded);
  }
  const first = encoded.sent++ === 0;
  reply.header('content-type', contentType);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (encoded.text.length >= COMPRESS_THRESHOLD && request.headers['x-no-compression'] === undefined) {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = negotiate(accepted, ['br', 'gzip']);
    const gzipToo = encoding === 'br' && first && !encoded.br && negotiate(accepted, ['gzip']) === 'gzip';
    if (encoding === 'br' && !gzipToo) {
      encoded.br ??= brotliCompressSync(encoded.text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: SHARED_BROTLI_QUALITY } });
      reply.header('content-encoding', 'br');
      return reply.send(encoded.br);
    }
    if (encoding === 'gzip' || gzipToo) {
      encoded.gzip ??= gzipSync(encoded.text, { level: FIRST_GZIP_LEVEL });
      reply.header('content-encoding', 'gzip');
      return reply.send(encoded.gzip);
    }
  }
  return reply.send(encoded.text);
}
