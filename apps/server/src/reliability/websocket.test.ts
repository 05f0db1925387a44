// WebSocket abuse: whatever one socket sends, the server stays up, answers with a
// clear error frame or close code, and every other socket keeps working.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_CODES, CHAT_RATE, type TChatEvent } from '@cubeshop/shared';
import { ChatTestClient, isEvent, makeUser, sleep, startCluster, type ChatCluster, type ChatInstance } from '../test/chat-harness.js';
import { TEST_DB_KIND } from '../test/harness.js';

let cluster: ChatCluster;
let app: ChatInstance;

beforeAll(async () => {
  cluster = await startCluster({ count: 1, env: { CHAT_MAX_SOCKETS_BUYER: '3', CHAT_MAX_SOCKETS_STAFF: '5' } });
  app = cluster.instances[0]!;
});
afterAll(async () => {
  await cluster?.close();
});

type ErrorFrame = Extract<TChatEvent, { type: 'error' }>;

/** A buyer with an open socket whose set-up is done (session and conversation). */
async function buyerSocket(language = 'en') {
  const buyer = await makeUser(app, { name: 'Mallory' });
  const socket = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language });
  const gid = (await socket.waitFor(isEvent('group'))).group.gid;
  await socket.waitFor(isEvent('synced'));
  return { ...buyer, socket, gid };
}

/** The socket still answers: a ping gets its pong. */
async function stillAnswers(socket: ChatTestClient) {
  const before = socket.events('pong').length;
  socket.send({ type: 'ping' });
  await socket.waitFor(() => socket.events('pong').length > before);
}

async function healthy() {
  const res = await app.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
}

function closeCode(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => ws.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })));
}

describe(`WebSocket abuse (${TEST_DB_KIND})`, () => {
  it('prototype keys and unknown types as the frame type get an error frame; nothing is called, the socket keeps working', async () => {
    const { socket } = await buyerSocket();
    const types = [
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
      'valueOf',
      'isPrototypeOf',
      '__defineGetter__',
      'propertyIsEnumerable',
      'dance',
      '',
      'PING',
    ];
    for (const type of types) {
      const before = socket.events('error').length;
      socket.send(`{"type":${JSON.stringify(type)}}`);
      const error = await socket.waitFor(() => socket.events('error').length > before).then(() => socket.events('error').at(-1)!);
      expect(error, type).toMatchObject({ type: 'error', code: 'bad_frame' });
      expect(error.desc).toMatch(/wrong shape/);
    }
    // A __proto__ key inside the frame and a constructor.prototype payload change nothing either.
    socket.send('{"__proto__":{"type":"ping","admin":true},"gid":"x"}');
    socket.send('{"constructor":{"prototype":{"admin":true}},"type":"start"}');
    await stillAnswers(socket);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    await healthy();
  });

  it('invalid JSON, non-object JSON and binary frames: an error frame each, the socket stays', async () => {
    const { socket } = await buyerSocket('zh');
    for (const raw of ['{', 'not json', '"a string"', '42', 'null', '[1,2,3]', '\u0000']) {
      const before = socket.events('error').length;
      socket.send(raw);
      await socket.waitFor(() => socket.events('error').length > before);
      const error = socket.events('error').at(-1) as ErrorFrame;
      expect(['bad_json', 'bad_frame']).toContain(error.code);
      expect(error.desc).toMatch(/[\u4e00-\u9fff]/);
    }
    const before = socket.events('error').length;
    socket.ws.send(Buffer.from([0, 1, 2, 255]), { binary: true });
    await socket.waitFor(() => socket.events('error').length > before);
    expect(socket.events('error').at(-1)).toMatchObject({ code: 'bad_json' });
    await stillAnswers(socket);
  });

  it('NUL and other control characters in chat text are refused with bad_text in the socket language; nothing is stored', async () => {
    const { socket, gid } = await buyerSocket('zh');
    const stored = socket.messages(gid).length;
    for (const content of ['x\u0000y', 'bell\u0007', '\u001b[31mred', 'half \ud83d']) {
      const id = randomUUID();
      socket.send({ id, gid, content });
      const error = await socket.waitFor<ErrorFrame>(isEvent('error', (f) => f.id === id));
      expect(error).toMatchObject({ code: 'bad_text', gid });
      expect(error.desc).toContain('控制字符');
    }
    // A frame with control characters outside the text is refused as malformed.
    socket.send({ type: 'user_inactive', gid, reason: 'bye\u0000' });
    await socket.waitFor(isEvent('error', (f) => f.code === 'bad_frame'));
    const history = await app.services.chat.service.history(gid, 0, 100);
    expect(history.length).toBe(stored);
    await stillAnswers(socket);
  });

  it('an oversize frame closes that socket with 1009; others are untouched', async () => {
    const { socket } = await buyerSocket();
    const bystander = await buyerSocket();
    const closed = closeCode(socket.ws);
    socket.ws.send('x'.repeat(3 * 1024 * 1024));
    expect((await closed).code).toBe(1009);
    await stillAnswers(bystander.socket);
    await healthy();
  });

  it('a flood is rate limited with an error frame, then the socket works again', async () => {
    const { socket } = await buyerSocket();
    for (let i = 0; i < CHAT_RATE.burst * 20; i++) socket.send({ type: 'ping' });
    await socket.waitFor(isEvent('error', (f) => f.code === 'rate_limited'));
    // Far fewer pongs than pings: the bucket held.
    await sleep(300);
    expect(socket.events('pong').length).toBeLessThanOrEqual(CHAT_RATE.burst + 10);
    await sleep(1500);
    await stillAnswers(socket);
  });

  it("other users' conversation ids are refused, and nothing of theirs is sent", async () => {
    const victim = await buyerSocket();
    victim.socket.send({ id: randomUUID(), gid: victim.gid, content: 'my private order number 12345' });
    await victim.socket.waitFor(isEvent('ack'));
    const { socket } = await buyerSocket();
    for (const frame of [
      { id: randomUUID(), gid: victim.gid, content: 'hi' },
      { type: 'catch_up', gid: victim.gid, since: 0 },
      { type: 'user_active', gid: victim.gid },
      { type: 'user_inactive', gid: victim.gid },
      { type: 'translate', gid: victim.gid, id: randomUUID() },
    ]) {
      const before = socket.events('error').length;
      socket.send(frame);
      await socket.waitFor(() => socket.events('error').length > before);
      expect(socket.events('error').at(-1)).toMatchObject({ code: 'forbidden_gid', gid: victim.gid });
    }
    socket.send({ id: randomUUID(), gid: randomUUID(), content: 'hi' });
    await socket.waitFor(isEvent('error', (f) => f.code === 'unknown_gid'));
    expect(JSON.stringify(socket.frames)).not.toContain('12345');
    // The victim's conversation is still open and theirs alone.
    await stillAnswers(victim.socket);
    expect(victim.socket.closeCode).toBeNull();
  });

  it('caps the sockets one user holds (CHAT_MAX_SOCKETS_*): the next one is closed with 4429 and a reason', async () => {
    const buyer = await makeUser(app);
    const open: ChatTestClient[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await ChatTestClient.connect(app.wsUrl, { token: buyer.token });
      await s.waitFor(isEvent('session'));
      open.push(s);
    }
    const extra = new WebSocket(ChatTestClient.url(app.wsUrl, { token: buyer.token }));
    const refused = await closeCode(extra);
    expect(refused.code).toBe(CHAT_CLOSE_CODES.tooManySockets);
    expect(refused.reason).toMatch(/too many chat connections \(at most 3\)/);
    // Closing one frees a place.
    open[0]!.ws.close();
    await open[0]!.waitFor(() => open[0]!.closeCode !== null);
    await sleep(100);
    const again = await ChatTestClient.connect(app.wsUrl, { token: buyer.token });
    await again.waitFor(isEvent('session'));
    // Staff have a cap of their own.
    const agent = await makeUser(app, { agent: true });
    const staff: ChatTestClient[] = [];
    for (let i = 0; i < 5; i++) staff.push(await ChatTestClient.connect(app.wsUrl, { token: agent.token }));
    const extraStaff = new WebSocket(ChatTestClient.url(app.wsUrl, { token: agent.token }));
    expect((await closeCode(extraStaff)).code).toBe(CHAT_CLOSE_CODES.tooManySockets);
    for (const s of [...open, again, ...staff]) s.ws.close();
  });

  it('after all of the above, a new buyer connects and chats normally', async () => {
    const { socket, gid } = await buyerSocket();
    const id = randomUUID();
    socket.send({ id, gid, content: 'still here?' });
    expect(await socket.waitFor(isEvent('ack', (f) => f.id === id))).toMatchObject({ duplicate: false });
    await healthy();
  });
});
