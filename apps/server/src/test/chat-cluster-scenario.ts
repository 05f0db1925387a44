// The two-instance chat scenario, run on PGlite (one shared Database object) and on PostgreSQL
// (separate pools): a buyer on instance A, admins on instance B (and A), Redis in between.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TChatGroup, TChatMessageFrame } from '@cubeshop/shared';
import { ChatTestClient, isEvent, makeUser, sleep, type ChatCluster } from './chat-harness.js';

const isMessage = (f: unknown): f is TChatMessageFrame => typeof f === 'object' && f !== null && !Array.isArray(f) && !('type' in f);

function contiguous(seqs: number[]) {
  const sorted = [...seqs].sort((a, b) => a - b);
  expect(seqs).toEqual(sorted);
  expect(new Set(seqs).size).toBe(seqs.length);
  expect(sorted[0]).toBe(1);
  expect(sorted.at(-1)).toBe(seqs.length);
}

export async function twoInstanceScenario(cluster: ChatCluster) {
  const [a, b] = cluster.instances as [ChatCluster['instances'][number], ChatCluster['instances'][number]];
  const api = (instance: typeof a, method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
    instance.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  const buyer = await makeUser(a, { name: 'Lin' });
  const agent = await makeUser(b, { agent: true, name: 'Bea' });
  const helper = await makeUser(a, { agent: true, name: 'Al' });

  // The admin is on B; the buyer connects to A. The queue change reaches B.
  const agentSocket = await ChatTestClient.connect(b.wsUrl, { token: agent.token, language: 'en' });
  await agentSocket.waitFor(isEvent('session'));
  const helperSocket = await ChatTestClient.connect(a.wsUrl, { token: helper.token, language: 'zh' });
  // Presence crosses instances: B's admin hears that A's admin came online.
  await agentSocket.waitFor(isEvent('presence', (f) => f.uid === helper.user.id && f.online));
  const buyerSocket = await ChatTestClient.connect(a.wsUrl, { token: buyer.token, language: 'zh' });
  const gid = (await buyerSocket.waitFor(isEvent('group'))).group.gid;
  await buyerSocket.waitForMessages(gid, 1);
  await agentSocket.waitFor(isEvent('queue', (f) => f.change === 'waiting' && f.group.gid === gid));
  expect((await api(b, 'GET', '/api/groups/waiting', agent.token)).json<TChatGroup[]>().map((g) => g.gid)).toContain(gid);

  // Both admins are listed as online from either instance.
  for (const instance of [a, b]) {
    const online = (await api(instance, 'GET', '/api/groups/admin', agent.token)).json<{ uid: number }[]>().map((x) => x.uid);
    expect(online).toEqual(expect.arrayContaining([agent.user.id, helper.user.id]));
  }

  // The admin on B accepts; the buyer on A is told and greeted by name.
  expect((await api(b, 'POST', '/api/groups/join', agent.token, { gid })).statusCode).toBe(200);
  await buyerSocket.waitFor(isEvent('accepted', (f) => f.gid === gid && f.agent.uid === agent.user.id));
  await buyerSocket.waitForMessages(gid, 2);
  expect((await agentSocket.waitForMessages(gid, 2)).map((m) => m.seq)).toEqual([1, 2]);

  // Messages both ways across instances.
  const fromBuyer = randomUUID();
  buyerSocket.send({ id: fromBuyer, gid, content: '你好，有 GAN 12 吗？' });
  const atAgent = (await agentSocket.waitFor((f) => isMessage(f) && f.id === fromBuyer)) as TChatMessageFrame;
  expect(atAgent).toMatchObject({ seq: 3, uid: buyer.user.id, uname: 'Lin', language: 'zh' });
  const fromAgent = randomUUID();
  agentSocket.send({ id: fromAgent, gid, content: 'Yes, in stock!' });
  const atBuyer = (await buyerSocket.waitFor((f) => isMessage(f) && f.id === fromAgent)) as TChatMessageFrame;
  expect(atBuyer).toMatchObject({ seq: 4, uid: agent.user.id, uname: 'Bea' });

  // Both sides talk at once from different instances: every socket still gets every message
  // exactly once and in seq order.
  const burst = 10;
  await Promise.all([
    (async () => {
      for (let i = 0; i < burst; i++) {
        buyerSocket.send({ gid, content: `买家 ${i}` });
        await sleep(2);
      }
    })(),
    (async () => {
      for (let i = 0; i < burst; i++) {
        agentSocket.send({ gid, content: `agent ${i}` });
        await sleep(2);
      }
    })(),
  ]);
  const total = 4 + 2 * burst;
  // Each side gets every message of the other side once, in seq order; with its own (acked,
  // not sent back) that makes seq 1..total exactly.
  for (const [socket, uid] of [
    [buyerSocket, buyer.user.id],
    [agentSocket, agent.user.id],
  ] as const) {
    const until = Date.now() + 10_000;
    while (socket.messages(gid).filter((m) => m.uid !== uid).length < total - burst - 1 && Date.now() < until) await sleep(20);
    await sleep(100);
    const received = socket.messages(gid).map((m) => m.seq);
    expect(received).toEqual([...received].sort((x, y) => x - y));
    expect(new Set(received).size).toBe(received.length);
    const acked = socket.events('ack').map((f) => f.seq);
    contiguous([...received, ...acked].sort((x, y) => x - y));
  }
  const stored = await a.services.chat.service.history(gid, 0, 100);
  expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));

  // Invite the admin on A from B: A's socket subscribes and gets the whole history.
  expect((await api(b, 'POST', '/api/groups/invite', agent.token, { gid, uid: helper.user.id })).statusCode).toBe(200);
  const helperHistory = await helperSocket.waitForMessages(gid, total + 1, 10_000);
  expect(helperHistory.map((m) => m.seq)).toEqual(Array.from({ length: total + 1 }, (_, i) => i + 1));

  // The buyer's connection drops; it reconnects to the other instance with since and gets exactly what it missed.
  const seen = buyerSocket.messages(gid);
  const since = Math.max(...seen.map((m) => m.seq));
  buyerSocket.drop();
  await buyerSocket.waitClosed();
  agentSocket.send({ gid, content: 'did you see this?' });
  helperSocket.send({ gid, content: '我也在' });
  await helperSocket.waitFor(isEvent('ack'));
  await agentSocket.waitFor(isEvent('ack', (f) => f.seq > since));
  const back = await ChatTestClient.connect(b.wsUrl, { token: buyer.token, language: 'zh', since });
  const missed = await back.waitForMessages(gid, 2);
  await sleep(100);
  expect(back.messages(gid).map((m) => m.seq)).toEqual([since + 1, since + 2]);
  expect(missed.map((m) => m.content).sort()).toEqual(['did you see this?', '我也在'].sort());

  // Read cursors: the agent (on B) reads up to the newest message; the same agent's console on A
  // hears it through Redis; the helper's cursor is their own.
  const agentOnA = await ChatTestClient.connect(a.wsUrl, { token: agent.token, language: 'en' });
  await agentOnA.waitFor(isEvent('synced', (f) => f.gid === gid));
  const newest = (await a.services.chat.service.getGroup(gid))!.lastSeq;
  agentSocket.send({ type: 'read', gid, seq: newest });
  await agentOnA.waitFor(isEvent('read', (f) => f.gid === gid && f.seq === newest));
  expect(helperSocket.events('read').filter((f) => f.seq === newest)).toEqual([]);
  expect((await a.services.chat.service.readCursors(helper.user.id, [gid])).get(gid)).toBe(0);
  agentOnA.close();

  // Service ends from A (the last agent leaving is on B; the helper leaves first on A).
  expect((await api(a, 'POST', '/api/groups/leave', helper.token, { gid })).json()).toMatchObject({ status: 'serving' });
  expect((await api(a, 'POST', '/api/groups/leave', agent.token, { gid })).json()).toMatchObject({ status: 'ended', endReason: 'agent_ended' });
  await back.waitFor(isEvent('ended', (f) => f.gid === gid));
  await agentSocket.waitFor(isEvent('ended', (f) => f.gid === gid));

  // An admin going offline on A is seen as offline on B.
  helperSocket.close();
  await agentSocket.waitFor(isEvent('presence', (f) => f.uid === helper.user.id && !f.online));
  const online = (await api(b, 'GET', '/api/groups/admin', agent.token)).json<{ uid: number }[]>().map((x) => x.uid);
  expect(online).not.toContain(helper.user.id);

  back.close();
  agentSocket.close();
}
