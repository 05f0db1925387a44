import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A cached answer's body and its brotli and gzip forms, made once per cached object (the WeakMap
 * lets them go with it): a cached list page, product detail or rendered page is answered without
 * serializing or compressing anything again.
 */
interface Encoded {
  text: string;
  br?: Buffer;
  gzip?: Buffer;
}
const encodedAnswers = new WeakMap<object, Encoded>();
const COMPRESS_THRESHOLD = 1024;

/**
 * Sends `text` (the body of the cached `value`; made by `serialize` the first time) compressed the
 * way the client accepts, as @fastify/compress would (q=0 means "not this one").
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, value: object, contentType: string, serialize: () => string) {
  let encoded = encodedAnswers.get(value);
  if (!encoded) {
    encoded = { text: serialize() };
    encodedAnswers.set(value, encoded);
  }
  reply.header('content-type', contentType);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (encoded.text.length >= COMPRESS_THRESHOLD && request.headers['x-no-compression'] === undefined) {
    const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
    if (encoding === 'br') {
      encoded.br ??= brotliCompressSync(encoded.text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
      reply.header('content-encoding', 'br');
      return reply.send(encoded.br);
    }
    if (encoding === 'gzip') {
      encoded.gzip ??= gzipSync(encoded.text, { level: 6 });
      reply.header('content-encoding', 'gzip');
      return reply.send(encoded.gzip);
    }
  }
  return reply.send(encoded.text);
}
