// Over 400 lines: the delivery journeys of one socket protocol, sharing one harness.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES, type TChatMessageFrame } from '@cubeshop/shared';
import { chatMessages } from '../../db/schema/index.js';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, makeUser, sleep, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';

let cluster: ChatCluster;
let app: ChatInstance;

beforeAll(async () => {
  cluster = await startCluster();
  app = cluster.instances[0]!;
});
afterAll(async () => {
  await cluster?.close();
});

/** A buyer and an agent in one serving conversation, both connected. */
async function conversation(options: { buyerLanguage?: string } = {}) {
  const buyer = await makeUser(app);
  const agent = await makeUser(app, { agent: true });
  const agentSocket = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en' });
  const buyerSocket = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language: options.buyerLanguage ?? 'en' });
  const gid = (await buyerSocket.waitFor(isEvent('group'))).group.gid;
  await buyerSocket.waitForMessages(gid, 1);
  const res = await app.app.inject({ method: 'POST', url: '/api/groups/join', headers: { authorization: `Bearer ${agent.token}` }, payload: { gid } });
  expect(res.statusCode).toBe(200);
  await agentSocket.waitForMessages(gid, 2);
  await buyerSocket.waitForMessages(gid, 2);
  return { buyer, agent, buyerSocket, agentSocket, gid };
}

const isMessage = (f: unknown): f is TChatMessageFrame => typeof f === 'object' && f !== null && !Array.isArray(f) && !('type' in f);

async function lastSeq(gid: string) {
  return (await app.services.chat.service.getGroup(gid))!.lastSeq;
}

describe(`chat delivery (${TEST_DB_KIND})`, () => {
  it('stores a message once, delivers it once and acks a resend with the same id again', async () => {
    const { buyerSocket, agentSocket, gid } = await conversation();
    const id = randomUUID();
    buyerSocket.send({ id, gid, content: 'Do you ship to Canada?' });
    const first = await buyerSocket.waitFor(isEvent('ack', (f) => f.id === id));
    expect(first).toMatchObject({ gid, seq: 3, duplicate: false });
    await agentSocket.waitForMessages(gid, 3);

    const mark = buyerSocket.frames.length;
    buyerSocket.send({ id, gid, content: 'Do you ship to Canada?' });
    const second = await buyerSocket.waitFor(
      isEvent('ack', (f) => f.id === id),
      { after: mark },
    );
    expect(second).toMatchObject({ gid, seq: 3, duplicate: true, timestamp: first.timestamp });

    // A resend with other text is still the same message: nothing new is stored.
    buyerSocket.send({ id, gid, content: 'changed my mind' });
    await buyerSocket.waitFor(
      isEvent('ack', (f) => f.id === id && f.duplicate),
      { after: buyerSocket.frames.length },
    );
    await sleep(150);
    expect(agentSocket.messages(gid).filter((m) => m.id === id)).toHaveLength(1);
    const stored = await app.services.chat.service.history(gid, 0, 100);
    expect(stored.filter((m) => m.id === id)).toHaveLength(1);
    expect(await lastSeq(gid)).toBe(3);

    // Someone else using that id gets an error and stores nothing.
    agentSocket.send({ id, gid, content: 'hijack' });
    expect(await agentSocket.waitFor(isEvent('error', (f) => f.id === id))).toMatchObject({ code: 'duplicate_id', gid });
    expect(await lastSeq(gid)).toBe(3);
    buyerSocket.close();
    agentSocket.close();
  });

  it('a socket dropped mid-conversation reconnects with since and gets exactly the missed messages, in order', async () => {
    const { buyer, buyerSocket, agentSocket, gid } = await conversation();
    // Within the per-socket rate limit (a burst of 30).
    const total = 25;
    let dropped = false;
    const sending = (async () => {
      for (let i = 1; i <= total; i++) {
        agentSocket.send({ id: randomUUID(), gid, content: `message ${i}` });
        await sleep(8);
      }
    })();
    // Drop the buyer's connection (no close handshake) after a few messages, reconnect at once.
    await buyerSocket.waitFor((f) => isMessage(f) && f.content === 'message 8');
    buyerSocket.drop();
    dropped = true;
    await buyerSocket.waitClosed();
    const seen = buyerSocket.messages(gid);
    const since = seen[seen.length - 1]!.seq;
    const second = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language: 'en', since });
    await sending;
    const finalSeq = 2 + total;
    await agentSocket.waitFor(
      isEvent('ack', (f) => f.seq === finalSeq),
      { timeout: 10_000 },
    );
    const after = await second.waitForMessages(gid, finalSeq - since, 10_000);
    await sleep(200);
    expect(dropped).toBe(true);
    const got = second.messages(gid);
    // Exactly the ones after `since`, in order, none doubled.
    expect(got.map((m) => m.seq)).toEqual(Array.from({ length: finalSeq - since }, (_, i) => since + 1 + i));
    expect(after).toHaveLength(finalSeq - since);
    // With what the first socket had, every message arrived exactly once.
    const all = [...seen, ...got].map((m) => m.seq);
    expect(all).toEqual(Array.from({ length: finalSeq }, (_, i) => i + 1));
    expect(second.events('synced').find((s) => s.gid === gid)).toBeDefined();
    second.close();
    agentSocket.close();
  });

  it('an admin reconnects with since=<gid>:<seq>, and catch_up sends only what this socket has not had', async () => {
    const { agent, buyerSocket, agentSocket, gid } = await conversation();
    for (let i = 1; i <= 3; i++) buyerSocket.send({ gid, content: `before ${i}` });
    await agentSocket.waitForMessages(gid, 5);
    agentSocket.close();
    await agentSocket.waitClosed();
    for (let i = 1; i <= 4; i++) buyerSocket.send({ gid, content: `while away ${i}` });
    await buyerSocket.waitFor(isEvent('ack', (f) => f.seq === 9));

    const back = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en', since: `${gid}:5` });
    const missed = await back.waitForMessages(gid, 4);
    expect(missed.map((m) => m.content)).toEqual(['while away 1', 'while away 2', 'while away 3', 'while away 4']);
    expect(back.frames.filter(Array.isArray)).toHaveLength(1);
    await back.waitFor(isEvent('synced', (f) => f.gid === gid && f.lastSeq === 9));

    // catch_up for older messages sends seq 3..5 only (6..9 were sent already), then synced.
    const mark = back.frames.length;
    back.send({ type: 'catch_up', gid, since: 2 });
    await back.waitFor(
      isEvent('synced', (f) => f.gid === gid),
      { after: mark },
    );
    const older = back.frames.slice(mark).filter(Array.isArray).flat();
    expect(older.map((m) => m.seq)).toEqual([3, 4, 5]);
    // Asking again sends nothing new.
    const mark2 = back.frames.length;
    back.send({ type: 'catch_up', gid, since: 0 });
    await back.waitFor(
      isEvent('synced', (f) => f.gid === gid),
      { after: mark2 },
    );
    expect(
      back.frames
        .slice(mark2)
        .filter(Array.isArray)
        .flat()
        .map((m) => m.seq),
    ).toEqual([1, 2]);
    expect(
      back
        .messages(gid)
        .map((m) => m.seq)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    back.close();
    buyerSocket.close();
  });

  it('answers bad frames with an error frame and changes nothing', async () => {
    const { buyerSocket, agentSocket, gid } = await conversation();
    const other = await conversation();
    const before = await lastSeq(gid);
    const errorAfter = async (frame: unknown, isBinary = false) => {
      const mark = buyerSocket.frames.length;
      if (isBinary) buyerSocket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
      else buyerSocket.send(frame);
      return buyerSocket.waitFor(isEvent('error'), { after: mark });
    };
    expect(await errorAfter('{"gid": nope')).toMatchObject({ code: 'bad_json', desc: 'The message is not valid JSON' });
    expect(await errorAfter('[1,2]')).toMatchObject({ code: 'bad_frame' });
    expect(await errorAfter(null, true)).toMatchObject({ code: 'bad_json' });
    expect(await errorAfter({ gid: 'not-a-uuid', content: 'x' })).toMatchObject({ code: 'bad_frame' });
    expect(await errorAfter({ type: 'dance', gid })).toMatchObject({ code: 'bad_frame' });
    expect(await errorAfter({ gid })).toMatchObject({ code: 'bad_frame', gid });
    const unknown = randomUUID();
    expect(await errorAfter({ gid: unknown, content: 'hi' })).toMatchObject({ code: 'unknown_gid', gid: unknown });
    expect(await errorAfter({ gid: other.gid, content: 'hi', id: randomUUID() })).toMatchObject({ code: 'forbidden_gid', gid: other.gid });
    const empty = randomUUID();
    expect(await errorAfter({ gid, content: '   \n ', id: empty })).toMatchObject({ code: 'empty_text', gid, id: empty });
    expect(await errorAfter({ gid, content: 'x'.repeat(2001) })).toMatchObject({
      code: 'text_too_long',
      desc: 'The message cannot be longer than 2000 characters',
    });
    // An image that is not one, whatever its data-URL prefix says.
    const fake = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(await errorAfter({ gid, image: fake })).toMatchObject({ code: 'not_image', desc: 'Only image files can be sent' });
    const text = `data:image/jpeg;base64,${Buffer.from('just some text, not a picture').toString('base64')}`;
    expect(await errorAfter({ gid, image: text })).toMatchObject({ code: 'not_image' });
    expect(await errorAfter({ gid, image: 'data:image/png,notbase64' })).toMatchObject({ code: 'not_image' });
    // Over 1 MiB decoded.
    const big = `data:image/png;base64,${Buffer.alloc(CHAT_IMAGE_MAX_BYTES + 1, 7).toString('base64')}`;
    expect(await errorAfter({ gid, image: big })).toMatchObject({ code: 'image_too_large', desc: 'The image cannot be larger than 1 MB' });
    // An agent may not act as the buyer.
    const mark = agentSocket.frames.length;
    agentSocket.send({ type: 'user_inactive', gid, reason: 'inactivity_timeout' });
    expect(await agentSocket.waitFor(isEvent('error'), { after: mark })).toMatchObject({ code: 'not_buyer' });

    await sleep(100);
    expect(await lastSeq(gid)).toBe(before);
    expect(await lastSeq(other.gid)).toBe(2);
    expect(agentSocket.messages(gid)).toHaveLength(2);
    // The socket still works.
    buyerSocket.send({ gid, content: 'ok now' });
    await agentSocket.waitFor((f) => isMessage(f) && f.content === 'ok now');
    for (const s of [buyerSocket, agentSocket, other.buyerSocket, other.agentSocket]) s.close();
  });

  it('errors are in the socket language', async () => {
    const { token } = await makeUser(app);
    const zh = await ChatTestClient.connect(app.wsUrl, { token, language: 'zh' });
    await zh.waitFor(isEvent('group'));
    zh.send('nope');
    expect(await zh.waitFor(isEvent('error'))).toMatchObject({ code: 'bad_json', desc: '消息不是有效的 JSON' });
    zh.close();
  });

  it('stores an image by content, re-encoded without metadata, and serves it to the conversation only, with a private cache', async () => {
    const { buyer, agent, buyerSocket, agentSocket, gid } = await conversation();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'someone' } })
      .toBuffer();
    expect(png.includes(Buffer.from('secret-exif-marker'))).toBe(true);
    const id = randomUUID();
    // The prefix lies (says gif); the content decides.
    buyerSocket.send({ id, gid, image: `data:image/gif;base64,${png.toString('base64')}` });
    await buyerSocket.waitFor(isEvent('ack', (f) => f.id === id));
    const message = (await agentSocket.waitFor((f) => isMessage(f) && f.id === id)) as TChatMessageFrame;
    expect(message).toMatchObject({ kind: 'image', content: '', language: null });
    expect(message.image).toMatch(new RegExp(`^/api/chat/images/${gid}/[0-9a-f]{64}\\.webp$`));

    const get = (token: string | undefined, url = message.image!, headers: Record<string, string> = {}) =>
      app.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    const res = await get(buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    // Kept by the browser that asked (private), never by a shared cache; a new picture has a new name.
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
    expect((await get(buyer.token, message.image!, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);

    // Staff who may read the conversation: its agent, and staff who read buyers' past conversations (customers.read).
    expect((await get(agent.token)).statusCode).toBe(200);
    const staffToken = async (role: 'sales' | 'service') =>
      app.services.authn.issueUserToken((await app.services.account.createUser({ account: `${role}_${randomUUID().slice(0, 8)}`, name: role, role })).id);
    expect((await get(await staffToken('sales'))).statusCode).toBe(200);
    // Anyone else: 404, the same answer as for a picture that does not exist (its existence is not told).
    const stranger = await makeUser(app);
    const anonymous = (await app.app.inject({ method: 'GET', url: '/api/authn/anonymous/token' })).json().token as string;
    const outsider = await staffToken('service'); // customer service, not in this conversation
    for (const [who, token] of [
      ['another buyer', stranger.token],
      ['an anonymous visitor', anonymous],
      ['no token', undefined],
      ['customer service not in it', outsider],
    ] as const) {
      const refused = await get(token);
      expect(refused.statusCode, who).toBe(404);
      expect(refused.headers['content-type'], who).toContain('application/json');
      expect(refused.rawPayload.includes(Buffer.from('RIFF')), who).toBe(false);
      // Not even a 304 tells it exists.
      expect((await get(token, message.image!, { 'if-none-match': res.headers.etag as string })).statusCode, who).toBe(404);
    }
    // Another buyer's own conversation does not open it either, nor does a made-up name.
    const name = message.image!.split('/').pop()!;
    const theirs = await ChatTestClient.connect(app.wsUrl, { token: stranger.token, language: 'en' });
    const theirGid = (await theirs.waitFor(isEvent('group'))).group.gid;
    expect((await get(stranger.token, `/api/chat/images/${theirGid}/${name}`)).statusCode).toBe(404);
    expect((await get(buyer.token, `/api/chat/images/${gid}/${'0'.repeat(64)}.webp`)).statusCode).toBe(404);
    expect((await get(buyer.token, `/api/chat/images/not-a-gid/${name}`)).statusCode).toBe(404);
    theirs.close();

    // The old public address serves nothing (a 404 JSON, not the web app), even to the buyer.
    for (const url of [`/uploads/chat/${name}`, `/uploads/chat/${'0'.repeat(64)}.webp`, '/uploads/chat/..%2F..%2Fetc%2Fpasswd']) {
      const old = await get(buyer.token, url);
      expect(old.statusCode, url).toBe(404);
      expect(old.headers['content-type'], url).toContain('application/json');
    }
    buyerSocket.close();
    agentSocket.close();
  });

  it('an image stored when pictures were public (/uploads/chat/<name>) is shown at its conversation’s private address', async () => {
    const { buyer, buyerSocket, agentSocket, gid } = await conversation();
    const id = randomUUID();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    buyerSocket.send({ id, gid, image: png.toString('base64') });
    await buyerSocket.waitFor(isEvent('ack', (f) => f.id === id));
    const name = ((await agentSocket.waitFor((f) => isMessage(f) && f.id === id)) as TChatMessageFrame).image!.split('/').pop()!;
    // As an earlier version stored it.
    await app.services.database.db
      .update(chatMessages)
      .set({ image: `/uploads/chat/${name}` })
      .where(eq(chatMessages.id, id));
    const history = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language: 'en', since: 0 });
    await history.waitForMessages(gid, 3);
    const again = history.messages(gid).find((m) => m.id === id)!;
    expect(again.image).toBe(`/api/chat/images/${gid}/${name}`);
    const res = await app.app.inject({ method: 'GET', url: again.image!, headers: { authorization: `Bearer ${buyer.token}` } });
    expect(res.statusCode).toBe(200);
    expect((await app.app.inject({ method: 'GET', url: again.image!, headers: { authorization: `Bearer ${(await makeUser(app)).token}` } })).statusCode).toBe(
      404,
    );
    for (const s of [history, buyerSocket, agentSocket]) s.close();
  });

  it('says translation is off when no provider is configured', async () => {
    const { buyerSocket, agentSocket, gid } = await conversation({ buyerLanguage: 'zh' });
    expect(buyerSocket.events('session')[0]).toMatchObject({ translation: 'off' });
    buyerSocket.send({ gid, content: '你好' });
    const m = (await agentSocket.waitFor((f) => isMessage(f) && f.content === '你好')) as TChatMessageFrame;
    expect(m).toMatchObject({ translation: 'off', translate: '你好', source: '你好', language: 'zh' });
    expect(m).not.toHaveProperty('translateError');
    // System messages are bilingual anyway, and each reader gets theirs as the text itself.
    expect(agentSocket.messages(gid)[0]).toMatchObject({ kind: 'system', language: 'en', content: expect.stringMatching(/welcome/i) });
    expect(buyerSocket.messages(gid)[0]).toMatchObject({ kind: 'system', language: 'zh', content: expect.stringContaining('欢迎') });
    buyerSocket.close();
    agentSocket.close();
  });

  it('with translation off, a Chinese-speaking admin reads the greeting and "now serving you" of an English buyer in Chinese', async () => {
    const buyer = await makeUser(app);
    const agent = await makeUser(app, { agent: true, name: '小李' });
    const buyerSocket = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language: 'en' });
    const gid = (await buyerSocket.waitFor(isEvent('group'))).group.gid;
    expect((await buyerSocket.waitForMessages(gid, 1))[0]!.content).toMatch(/welcome/i);
    const agentSocket = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'zh' });
    await agentSocket.waitFor(isEvent('session'));
    await app.app.inject({ method: 'POST', url: '/api/groups/join', headers: { authorization: `Bearer ${agent.token}` }, payload: { gid } });
    const [greeting, serving] = await agentSocket.waitForMessages(gid, 2);
    expect(greeting).toMatchObject({ kind: 'system', language: 'zh', translation: 'off', content: expect.stringContaining('欢迎') });
    expect(serving!.content).toBe('客服 小李 正在为您服务');
    expect((await buyerSocket.waitForMessages(gid, 2))[1]!.content).toBe('小李 from customer service is now serving you');
    buyerSocket.close();
    agentSocket.close();
  });

  it('answers pings and limits the frame rate', async () => {
    const { token } = await makeUser(app);
    const s = await ChatTestClient.connect(app.wsUrl, { token, language: 'en' });
    await s.waitFor(isEvent('group'));
    s.send({ type: 'ping' });
    await s.waitFor(isEvent('pong'));
    for (let i = 0; i < 60; i++) s.send({ type: 'ping' });
    expect(await s.waitFor(isEvent('error'))).toMatchObject({ code: 'rate_limited' });
    s.close();
  });
});

describe(`chat access (${TEST_DB_KIND})`, () => {
  it('refuses the upgrade for missing, short, unknown and anonymous tokens', async () => {
    const base = app.wsUrl;
    expect(await ChatTestClient.upgradeStatus(`${base}?language=zh`)).toBe(401);
    expect(await ChatTestClient.upgradeStatus(`${base}?token=abc123&language=zh`)).toBe(401);
    expect(await ChatTestClient.upgradeStatus(`${base}?token=${'x'.repeat(43)}`)).toBe(401);
    const anonymous = await app.services.authn.issueAnonymousToken();
    expect(await ChatTestClient.upgradeStatus(`${base}?token=${anonymous}`)).toBe(401);
    const { token } = await makeUser(app);
    expect(await ChatTestClient.upgradeStatus(`${base}?token=${token}&since=garbage`)).toBe(400);
    expect(await ChatTestClient.upgradeStatus(`${base}?token=${token}&language=en`)).toBe(101);
  });

  it('keeps the chat API for admins: 401 anonymous, 403 buyers', async () => {
    const { token } = await makeUser(app);
    const gid = randomUUID();
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/groups/waiting'],
      ['GET', '/api/groups/serving'],
      ['GET', '/api/groups/admin'],
      ['POST', '/api/groups/join', { gid }],
      ['POST', '/api/groups/leave', { gid }],
      ['POST', '/api/groups/invite', { gid, uid: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      const anon = await app.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      const buyer = await app.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      expect(buyer.statusCode, `${method} ${url} buyer`).toBe(403);
    }
    expect((await app.app.inject({ method: 'POST', url: '/api/groups/joined' })).statusCode).toBe(401);
    expect((await app.app.inject({ method: 'POST', url: '/api/groups/joined', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('answers admin calls on unknown or bad conversations with 404 and 400', async () => {
    const { token } = await makeUser(app, { agent: true });
    const headers = { authorization: `Bearer ${token}`, 'x-lang-type': 'en' };
    const unknown = await app.app.inject({ method: 'POST', url: '/api/groups/join', headers, payload: { gid: randomUUID() } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', desc: 'No such conversation' });
    expect((await app.app.inject({ method: 'POST', url: '/api/groups/leave', headers, payload: { gid: randomUUID() } })).statusCode).toBe(404);
    expect((await app.app.inject({ method: 'POST', url: '/api/groups/join', headers, payload: { gid: 'x' } })).statusCode).toBe(400);
    const notAdmin = await makeUser(app);
    const invite = await app.app.inject({ method: 'POST', url: '/api/groups/invite', headers, payload: { gid: randomUUID(), uid: notAdmin.user.id } });
    expect(invite.statusCode).toBe(400);
  });

  it('lists the chat API in the OpenAPI document', async () => {
    const doc = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/groups/waiting', '/api/groups/join', '/api/groups/joined']));
    expect(Object.keys(doc.paths)).not.toContain('/ws');
  });
});

describe(`chat shutdown (${TEST_DB_KIND})`, () => {
  it('closing the app closes chat sockets with 1012 so clients reconnect elsewhere', async () => {
    const own = await startCluster();
    const instance = own.instances[0]!;
    const { token } = await makeUser(instance);
    const s = await ChatTestClient.connect(instance.wsUrl, { token, language: 'en' });
    await s.waitFor(isEvent('synced'));
    const closing = s.waitClosed();
    await own.close();
    expect(await closing).toBe(1012);
  });
});
