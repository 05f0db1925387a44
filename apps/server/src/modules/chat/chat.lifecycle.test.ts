import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatGroup, TChatMessageFrame } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, makeUser, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';

/** A LibreTranslate look-alike: "translates" by tagging the text with the target language. */
function fakeLibreTranslate() {
  const requests: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const json = JSON.parse(body) as { q: string | string[]; source: string; target: string };
      requests.push(json);
      res.setHeader('content-type', 'application/json');
      const one = (q: string) => `<${json.target}> ${q}`;
      res.end(JSON.stringify({ translatedText: Array.isArray(json.q) ? json.q.map(one) : one(json.q) }));
    });
  });
  return {
    requests,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let cluster: ChatCluster;
let app: ChatInstance;
const translator = fakeLibreTranslate();

beforeAll(async () => {
  const url = await translator.start();
  cluster = await startCluster({ env: { TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: url, TRANSLATE_API_KEY: 'k-123' } });
  app = cluster.instances[0]!;
});
afterAll(async () => {
  await cluster?.close();
  await translator.close();
});

async function api(method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  return app.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-lang-type': 'en' },
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });
}

describe(`chat lifecycle (${TEST_DB_KIND})`, () => {
  it('runs a whole conversation: greeting, waiting list, accept, messages both ways translated, leave, ended', async () => {
    const { user: buyer, token: buyerToken } = await makeUser(app, { name: '小明' });
    const { user: agent, token: agentToken } = await makeUser(app, { agent: true, name: 'Alice' });

    const agentSocket = await ChatTestClient.connect(app.wsUrl, { token: agentToken, language: 'en' });
    const session = await agentSocket.waitFor(isEvent('session'));
    expect(session).toMatchObject({ uid: agent.id, admin: true, language: 'en', translation: 'on' });

    // The buyer connects: the conversation begins with a greeting in the buyer's language.
    const buyerSocket = await ChatTestClient.connect(app.wsUrl, { token: buyerToken, language: 'zh' });
    const [greeting] = await buyerSocket.waitForMessages(await gidOf(buyerSocket), 1);
    expect(greeting).toMatchObject({ seq: 1, kind: 'system', uid: 0, language: 'zh', translation: 'on' });
    expect(greeting!.content).toContain('欢迎');
    expect(greeting!.translate).toBe(greeting!.content);
    const gid = greeting!.gid;
    expect(buyerSocket.events('waiting')[0]).toMatchObject({ gid });

    // Agents hear about it and see it in the waiting list.
    const queued = await agentSocket.waitFor(isEvent('queue', (f) => f.group.gid === gid));
    expect(queued).toMatchObject({ change: 'waiting', group: { gid, uid: buyer.id, uname: '小明', status: 'waiting' } });
    const waiting = await api('GET', '/api/groups/waiting', agentToken);
    expect(waiting.statusCode).toBe(200);
    const listed = waiting.json<TChatGroup[]>().find((g) => g.gid === gid);
    expect(listed).toMatchObject({ uid: buyer.id, uname: '小明', status: 'waiting', lastSeq: 1, agents: [] });
    expect(listed!.waitingMs).toBeGreaterThanOrEqual(0);

    // The agent accepts: the buyer is told, the agent's socket gets the history.
    const joined = await api('POST', '/api/groups/join', agentToken, { gid });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ gid, status: 'serving', agents: [{ uid: agent.id, uname: 'Alice' }] });
    await buyerSocket.waitFor(isEvent('accepted', (f) => f.gid === gid && f.agent.uid === agent.id));
    const agentHistory = await agentSocket.waitForMessages(gid, 2);
    expect(agentHistory.map((m) => m.seq)).toEqual([1, 2]);
    // The shop's own words reach each reader in their language: the agent reads English.
    expect(agentHistory[1]).toMatchObject({ kind: 'system', language: 'en' });
    expect(agentHistory[1]!.content).toContain('Alice');
    expect(agentHistory[1]!.content).toMatch(/serving you/);
    expect(agentHistory[1]!.translate).toBe(agentHistory[1]!.content);
    expect((await api('GET', '/api/groups/serving', agentToken)).json<TChatGroup[]>().map((g) => g.gid)).toContain(gid);
    expect((await api('GET', '/api/groups/waiting', agentToken)).json<TChatGroup[]>().map((g) => g.gid)).not.toContain(gid);

    // Buyer -> agent, in Chinese: the agent gets the original at once, then the English
    // translation as an update of the same message, numbers and emoji untouched.
    const id1 = randomUUID();
    buyerSocket.send({ id: id1, gid, content: '我想买 3 个 GAN356 👍' });
    const ack1 = await buyerSocket.waitFor(isEvent('ack', (f) => f.id === id1));
    expect(ack1).toMatchObject({ gid, seq: 3, duplicate: false });
    const atAgent = (await agentSocket.waitForMessages(gid, 3))[2]!;
    expect(atAgent).toMatchObject({
      id: id1,
      seq: 3,
      kind: 'text',
      uid: buyer.id,
      uname: '小明',
      content: '我想买 3 个 GAN356 👍',
      source: '我想买 3 个 GAN356 👍',
      language: 'zh',
      translation: 'on',
    });
    expect(atAgent).toMatchObject({ translate: '我想买 3 个 GAN356 👍', translatePending: true });
    expect(atAgent).not.toHaveProperty('translateError');
    const update1 = await agentSocket.waitFor(isEvent('translated', (f) => f.id === id1));
    expect(update1).toEqual({ type: 'translated', gid, id: id1, seq: 3, language: 'en', translate: '<en> 我想买 3 个 GAN356 👍' });
    // The buyer reads Chinese: no update for them.
    expect(buyerSocket.events('translated')).toEqual([]);
    const sent = translator.requests.find((r) => r.source === 'zh');
    expect(sent).toEqual({ q: '我想买 [[0]] 个 [[1]] [[2]]', source: 'zh', target: 'en', format: 'text', api_key: 'k-123' });

    // Admin -> buyer, in English: the buyer gets Chinese.
    const id2 = randomUUID();
    agentSocket.send({ id: id2, gid, content: 'Sure, 3 cubes at $12.50 each: https://shop.example/p/356' });
    await agentSocket.waitFor(isEvent('ack', (f) => f.id === id2 && f.seq === 4));
    const atBuyer = (await buyerSocket.waitFor((f) => !Array.isArray(f) && !('type' in f) && f.id === id2)) as TChatMessageFrame;
    expect(atBuyer).toMatchObject({ id: id2, seq: 4, uid: agent.id, uname: 'Alice', language: 'en', translatePending: true });
    const update2 = await buyerSocket.waitFor(isEvent('translated', (f) => f.id === id2));
    expect(update2.translate).toBe('<zh> Sure, 3 cubes at $12.50 each: https://shop.example/p/356');
    // The sending socket gets the ack, not its own message back; the other side gets it once.
    expect(agentSocket.messages(gid).filter((m) => m.id === id2)).toHaveLength(0);
    expect(buyerSocket.messages(gid).filter((m) => m.id === id1)).toHaveLength(0);
    expect(buyerSocket.messages(gid).filter((m) => m.id === id2)).toHaveLength(1);
    expect(agentSocket.messages(gid).filter((m) => m.id === id1)).toHaveLength(1);

    // Both are stored with their translation.
    const stored = await app.services.chat.service.history(gid, 0, 10);
    expect(stored.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(stored[2]!.translations).toEqual({ en: '<en> 我想买 3 个 GAN356 👍' });

    // The buyer's joined list shows the open conversation.
    const mine = await api('POST', '/api/groups/joined', buyerToken);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<TChatGroup[]>().map((g) => g.gid)).toEqual([gid]);

    // The agent ends service: a last system message, then ended.
    const left = await api('POST', '/api/groups/leave', agentToken, { gid });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ gid, status: 'ended', endReason: 'agent_ended' });
    const ended = await buyerSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    expect(ended.reason).toBe('agent_ended');
    const last = buyerSocket.messages(gid).at(-1)!;
    expect(last).toMatchObject({ seq: 5, kind: 'system' });
    // The last message arrives before the ended event.
    const lastIndex = buyerSocket.frames.findIndex((f) => !Array.isArray(f) && !('type' in f) && f.seq === 5);
    expect(lastIndex).toBeLessThan(buyerSocket.frames.indexOf(ended));
    await agentSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    await agentSocket.waitFor(isEvent('queue', (f) => f.change === 'ended' && f.group.gid === gid));

    // Sending into an ended conversation changes nothing.
    buyerSocket.send({ gid, content: 'hello?' });
    expect(await buyerSocket.waitFor(isEvent('error', (f) => f.gid === gid))).toMatchObject({ code: 'ended' });

    // "start" opens a new conversation with a new greeting.
    buyerSocket.send({ type: 'start' });
    const next = await buyerSocket.waitFor(isEvent('group', (f) => f.group.gid !== gid));
    expect(next.group).toMatchObject({ status: 'waiting', uid: buyer.id });
    await buyerSocket.waitForMessages(next.group.gid, 1);

    buyerSocket.close();
    agentSocket.close();
  });

  it('a buyer reconnecting during an open conversation rejoins it', async () => {
    const { token } = await makeUser(app);
    const first = await ChatTestClient.connect(app.wsUrl, { token, language: 'en' });
    const gid = await gidOf(first);
    first.close();
    await first.waitClosed();
    const second = await ChatTestClient.connect(app.wsUrl, { token, language: 'en' });
    expect(await gidOf(second)).toBe(gid);
    // Without since it gets the whole history again (one array), then synced.
    const history = await second.waitForMessages(gid, 1);
    expect(history[0]).toMatchObject({ seq: 1, kind: 'system', language: 'en' });
    expect((await second.waitFor(isEvent('synced'))).lastSeq).toBe(1);
    second.close();
  });

  it('invites another online admin, who receives the history; the conversation continues when one agent leaves', async () => {
    const { token: buyerToken } = await makeUser(app);
    const { user: a1, token: t1 } = await makeUser(app, { agent: true, name: 'Ann' });
    const { user: a2, token: t2 } = await makeUser(app, { agent: true, name: 'Bob' });
    const { user: offline } = await makeUser(app, { agent: true, name: 'Zed' });
    const s1 = await ChatTestClient.connect(app.wsUrl, { token: t1, language: 'en' });
    const s2 = await ChatTestClient.connect(app.wsUrl, { token: t2, language: 'zh' });
    await s1.waitFor(isEvent('presence', (f) => f.uid === a2.id && f.online));
    const buyer = await ChatTestClient.connect(app.wsUrl, { token: buyerToken, language: 'en' });
    const gid = await gidOf(buyer);

    const admins = await api('GET', '/api/groups/admin', t1);
    expect(admins.json<{ uid: number }[]>().map((a) => a.uid)).toEqual(expect.arrayContaining([a1.id, a2.id]));
    expect(admins.json<{ uid: number }[]>().map((a) => a.uid)).not.toContain(offline.id);

    expect((await api('POST', '/api/groups/invite', t1, { gid, uid: a2.id })).statusCode).toBe(403);
    expect((await api('POST', '/api/groups/join', t1, { gid })).statusCode).toBe(200);
    expect((await api('POST', '/api/groups/join', t2, { gid })).statusCode).toBe(409);
    const notOnline = await api('POST', '/api/groups/invite', t1, { gid, uid: offline.id });
    expect(notOnline.statusCode).toBe(409);
    expect(notOnline.json()).toEqual({ code: 'CONFLICT', desc: 'This agent is not online' });
    const invited = await api('POST', '/api/groups/invite', t1, { gid, uid: a2.id });
    expect(invited.statusCode).toBe(200);
    expect(invited.json<TChatGroup>().agents.map((a) => a.uid)).toEqual([a1.id, a2.id]);
    const history = await s2.waitForMessages(gid, 3);
    expect(history.map((m) => m.seq)).toEqual([1, 2, 3]);
    await s2.waitFor(isEvent('member_joined', (f) => f.gid === gid && f.member.uid === a2.id && f.invitedBy?.uid === a1.id));
    expect((await api('POST', '/api/groups/invite', t1, { gid, uid: a2.id })).statusCode).toBe(409);

    // Ann leaves; Bob stays and can still talk to the buyer.
    const afterLeave = await api('POST', '/api/groups/leave', t1, { gid });
    expect(afterLeave.json()).toMatchObject({ status: 'serving', agents: [{ uid: a2.id }] });
    await buyer.waitFor(isEvent('member_left', (f) => f.member.uid === a1.id));
    s2.send({ gid, content: '你好' });
    await buyer.waitFor((f) => !Array.isArray(f) && !('type' in f) && f.content === '你好');
    s1.send({ gid, content: 'still here?' });
    expect(await s1.waitFor(isEvent('error', (f) => f.gid === gid))).toMatchObject({ code: 'forbidden_gid' });
    expect((await api('POST', '/api/groups/leave', t2, { gid })).json()).toMatchObject({ status: 'ended' });
    await buyer.waitFor(isEvent('ended', (f) => f.gid === gid));
    for (const s of [s1, s2, buyer]) s.close();
  });
});

async function gidOf(client: ChatTestClient): Promise<string> {
  const group = await client.waitFor(isEvent('group'));
  return group.group.gid;
}
