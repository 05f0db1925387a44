import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES, type TChatMessageFrame } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, makeUser, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';
import { stockShop, type ShopProducts } from '../../test/shop.js';
import { CHAT_IMAGE_MAX_PIXELS } from './chat.images.js';

// Chat images must not stall the shop's own pictures (docs/chat.md, Images): a picture over
// CHAT_IMAGE_MAX_PIXELS is refused from its header; one image per user is in flight at a time
// (across their sockets: the next waits, one more is refused with image_busy); and chat images
// are encoded one at a time per instance, so product thumbnails are drawn meanwhile.
let cluster: ChatCluster;
let app: ChatInstance;
let products: ShopProducts;

beforeAll(async () => {
  cluster = await startCluster();
  app = cluster.instances[0]!;
  products = await stockShop(app);
});
afterAll(async () => {
  await cluster?.close();
});

/** A PNG of w x h pixels that stays small (a gradient: cheap to store, every pixel still to decode). */
async function bigPng(width: number, height: number, seed = 0): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: seed % 255, g: 120, b: 200 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(png.length).toBeLessThan(CHAT_IMAGE_MAX_BYTES);
  return png.toString('base64');
}

async function buyerSockets(count: number, language = 'en') {
  const buyer = await makeUser(app);
  const sockets: ChatTestClient[] = [];
  for (let i = 0; i < count; i++) sockets.push(await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language }));
  const gid = (await sockets[0]!.waitFor(isEvent('group'))).group.gid;
  for (const s of sockets.slice(1)) await s.waitFor(isEvent('group'));
  return { buyer, sockets, gid };
}

/** The ack or the error frame that answers the message `id`. */
const answerTo = (socket: ChatTestClient, id: string, timeout = 20_000) =>
  socket.waitFor((f) => !Array.isArray(f) && 'type' in f && (f.type === 'ack' || f.type === 'error') && f.id === id, { timeout }) as Promise<
    { type: 'ack'; id: string } | { type: 'error'; id: string; code: string; desc: string }
  >;

describe(`chat images and the picture pipeline (${TEST_DB_KIND})`, () => {
  it(`refuses a 40-megapixel PNG (more than ${CHAT_IMAGE_MAX_PIXELS / 1e6} MP) from its header, in the sender's language`, async () => {
    for (const [language, desc] of [
      ['en', 'The image cannot have more than 25 million pixels; make it smaller and send it again'],
      ['zh', '图片像素不能超过 25 百万，请缩小后再发送'],
    ] as const) {
      const { sockets, gid } = await buyerSockets(1, language);
      const id = randomUUID();
      const image = await bigPng(8000, 5000);
      const started = Date.now();
      sockets[0]!.send({ id, gid, image });
      const answer = await answerTo(sockets[0]!, id);
      expect(answer).toMatchObject({ type: 'error', code: 'image_too_many_pixels', desc, gid, id });
      // Refused from the header: no second spent decoding 40 million pixels.
      expect(Date.now() - started).toBeLessThan(1_000);
      // Nothing was stored or sent.
      expect(sockets[0]!.messages(gid).some((m) => m.id === id)).toBe(false);
      sockets[0]!.close();
    }
    // At the limit it passes.
    const { sockets, gid } = await buyerSockets(1);
    const id = randomUUID();
    sockets[0]!.send({ id, gid, image: await bigPng(5000, 5000) });
    expect(await answerTo(sockets[0]!, id)).toMatchObject({ type: 'ack', id });
    sockets[0]!.close();
  }, 60_000);

  it('one buyer sending from three sockets at once: one image is encoded, the next waits, the third is refused with image_busy', async () => {
    const { sockets, gid } = await buyerSockets(3);
    const images = await Promise.all([0, 1, 2].map((i) => bigPng(6000, 4000, i * 40)));
    const most = app.services.chat.images.encoding.most;
    const ids = sockets.map(() => randomUUID());
    sockets.forEach((s, i) => s.send({ id: ids[i], gid, image: images[i] }));
    const answers = await Promise.all(sockets.map((s, i) => answerTo(s, ids[i]!)));
    expect(answers.filter((a) => a.type === 'ack')).toHaveLength(2);
    const refused = answers.filter((a) => a.type === 'error');
    expect(refused).toEqual([
      expect.objectContaining({ code: 'image_busy', desc: 'Your previous image is still being processed; send this one again in a moment', gid }),
    ]);
    // Never two of this user's images at once (nor anyone's: one encoder).
    expect(app.services.chat.images.encoding.most).toBe(Math.max(most, 1));
    // Once they are done the buyer may send again.
    const again = randomUUID();
    sockets[0]!.send({ id: again, gid, image: images[0] });
    expect(await answerTo(sockets[0]!, again)).toMatchObject({ type: 'ack' });
    for (const s of sockets) s.close();
  }, 60_000);

  it('product thumbnails are drawn while several buyers’ large images are being encoded', async () => {
    const buyers = await Promise.all([0, 1, 2, 3].map(() => buyerSockets(1)));
    const images = await Promise.all(buyers.map((_b, i) => bigPng(6000, 4000, 100 + i * 30)));
    const agent = await makeUser(app, { agent: true });
    const agentSocket = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en' });
    const started = Date.now();
    const ids = buyers.map(() => randomUUID());
    buyers.forEach((b, i) => b.sockets[0]!.send({ id: ids[i], gid: b.gid, image: images[i] }));
    const chatDone = Promise.all(buyers.map((b, i) => answerTo(b.sockets[0]!, ids[i]!, 30_000).then((a) => ({ ...a, at: Date.now() - started }))));
    // Pictures of products without photos are drawn on request: every one here is new to the app.
    await new Promise((r) => setTimeout(r, 50));
    const thumbnails: number[] = [];
    const ids2 = Object.values(products);
    await Promise.all(
      ids2.flatMap((id) =>
        (['png', 'webp'] as const).map(async (format) => {
          const t0 = Date.now();
          const res = await app.app.inject({ method: 'GET', url: `/api/items/${id}/thumbnail`, headers: { accept: `image/${format}` } });
          expect(res.statusCode).toBe(200);
          thumbnails.push(Date.now() - t0);
        }),
      ),
    );
    const thumbnailsDone = Date.now() - started;
    const answers = await chatDone;
    console.info(
      `chat images: ${answers.map((a) => a.at).join(', ')} ms; ${thumbnails.length} thumbnails: max ${Math.max(...thumbnails)} ms, all done at ${thumbnailsDone} ms`,
    );
    expect(answers.every((a) => a.type === 'ack')).toBe(true);
    // The thumbnails did not wait for the chat's queue: they were all answered before the last image was.
    expect(thumbnailsDone).toBeLessThan(Math.max(...answers.map((a) => a.at)));
    // Chat images were encoded one at a time.
    expect(app.services.chat.images.encoding.most).toBe(1);
    // The agent sees nothing of it (no conversation joined): just keep its socket honest.
    expect(agentSocket.messages().filter((m: TChatMessageFrame) => m.kind === 'image')).toEqual([]);
    agentSocket.close();
    for (const b of buyers) b.sockets[0]!.close();
  }, 90_000);
});
