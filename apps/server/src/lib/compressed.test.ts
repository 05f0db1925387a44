import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sendPrecompressed } from './compressed.js';

/** A cached answer is compressed fast the first time (gzip) and with brotli once it is asked for again. */
describe('sendPrecompressed', () => {
  const app = Fastify();
  const answers = new Map([1, 2, 3].map((n) => [n, { text: JSON.stringify({ n, data: Array.from({ length: 200 }, (_, i) => ({ i, name: `product ${i}` })) }) }]));
  app.get<{ Params: { n: string } }>('/answer/:n', (request, reply) => {
    const answer = answers.get(Number(request.params.n))!;
    return sendPrecompressed(request, reply, answer, 'application/json; charset=utf-8', () => answer.text);
  });
  afterAll(() => app.close());
  const get = (n: number, encoding?: string) => app.inject({ url: `/answer/${n}`, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('answers a browser gzip first and brotli from the second time, the same body', async () => {
    const first = await get(1, 'br, gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toBe(answers.get(1)!.text);
    for (let i = 0; i < 2; i++) {
      const again = await get(1, 'gzip, deflate, br');
      expect(again.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(again.rawPayload).toString()).toBe(answers.get(1)!.text);
    }
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('keeps to what the client takes: brotli only, gzip only, or none', async () => {
    expect((await get(2, 'br')).headers['content-encoding']).toBe('br');
    const gzip = await get(3, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((await get(3, 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get(3);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(answers.get(3)!.text);
    expect((await get(3, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });
});
