import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sendPrecompressed } from './compressed.js';

/** A cached answer is compressed fast the first time and better once it is asked for again. */
describe('sendPrecompressed', () => {
  const WORDS = ['GAN', '三阶', 'magnetic', '魔方', 'MoYu', 'stickerless', '磁力', 'pyraminx', 'YuXin', '金字塔', 'megaminx', 'QiYi', 'timer'];
  const app = Fastify();
  const answers = new Map(
    [1, 2, 3].map((n) => [
      n,
      {
        text: JSON.stringify({
          n,
          data: Array.from({ length: 400 }, (_, i) => ({
            i,
            name: `${WORDS[i % 7]} ${WORDS[(i * 3) % 11]} ${WORDS[(i * 5) % 13]} ${i}`,
            price: (i * 7919) % 1000,
          })),
        }),
      },
    ]),
  );
  app.get<{ Params: { n: string } }>('/answer/:n', (request, reply) => {
    const answer = answers.get(Number(request.params.n))!;
    return sendPrecompressed(request, reply, answer, 'application/json; charset=utf-8', () => answer.text);
  });
  afterAll(() => app.close());
  const get = (n: number, encoding?: string) => app.inject({ url: `/answer/${n}`, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('answers a browser brotli at a fast level first and a smaller brotli from the second time, the same body', async () => {
    const first = await get(1, 'br, gzip');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(answers.get(1)!.text);
    const second = await get(1, 'gzip, deflate, br');
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(answers.get(1)!.text);
    expect(second.rawPayload.length).toBeLessThan(first.rawPayload.length);
    // Made once: the third answer is the second's bytes.
    expect((await get(1, 'br')).rawPayload.equals(second.rawPayload)).toBe(true);
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
  });

  it('answers gzip-only clients gzip, fast first and smaller later', async () => {
    const first = await get(2, 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toBe(answers.get(2)!.text);
    const second = await get(2, 'gzip');
    expect(gunzipSync(second.rawPayload).toString()).toBe(answers.get(2)!.text);
    expect(second.rawPayload.length).toBeLessThan(first.rawPayload.length);
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
