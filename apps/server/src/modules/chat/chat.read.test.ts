import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessageFrame } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, makeUser, sleep, startCluster, type AnyFrame, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';

// Read cursors (docs/chat.md, "Read cursors"): per staff user and conversation, in the database,
// so a reloaded console (on any instance) knows what its agent has read.

let cluster: ChatCluster;
let app: ChatInstance;
/** A second instance on the same database, without Redis: only the database connects the two. */
let other: ChatInstance;

beforeAll(async () => {
  cluster = await startCluster({ count: 2 });
  [app, other] = cluster.instances as [ChatInstance, ChatInstance];
});
afterAll(async () => {
  await cluster?.close();
});

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
  app.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** A buyer served by an agent, both connected to the first instance; seq 1 greeting, 2 accepted. */
async function conversation() {
  const buyer = await makeUser(app, { name: 'Mei' });
  const agent = await makeUser(app, { agent: true, name: 'Ann' });
  const agentSocket = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en' });
  await agentSocket.waitFor(isEvent('session'));
  const buyerSocket = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language: 'en' });
  const gid = (await buyerSocket.waitFor(isEvent('group'))).group.gid;
  await buyerSocket.waitForMessages(gid, 1);
  expect((await api('POST', '/api/groups/join', agent.token, { gid })).statusCode).toBe(200);
  await agentSocket.waitForMessages(gid, 2);
  await buyerSocket.waitForMessages(gid, 2);
  return { buyer, agent, agentSocket, buyerSocket, gid };
}

/** The buyer writes; resolves with the stored seq once the agent's socket has it. */
async function buyerSays(buyerSocket: ChatTestClient, agentSocket: ChatTestClient | null, gid: string, content: string): Promise<number> {
  const id = randomUUID();
  buyerSocket.send({ id, gid, content });
  const ack = await buyerSocket.waitFor(isEvent('ack', (f) => f.id === id));
  if (agentSocket) await agentSocket.waitFor((f) => isMessage(f) && f.id === id);
  return ack.seq;
}

const isMessage = (f: unknown): f is TChatMessageFrame => typeof f === 'object' && f !== null && !Array.isArray(f) && !('type' in f);
const isHistory = (gid: string) => (f: AnyFrame) => Array.isArray(f) && f.some((m) => m.gid === gid);

/**
 * What a console shows as unread for gid after connecting: messages from others above the read
 * cursor the server sent before the history. Also checks that the cursor came first.
 */
async function unreadAfterConnect(client: ChatTestClient, gid: string, uid: number): Promise<{ cursor: number; unread: number[] }> {
  await client.waitFor(isEvent('synced', (f) => f.gid === gid));
  const readAt = client.frames.findIndex(isEvent('read', (f) => f.gid === gid));
  const historyAt = client.frames.findIndex(isHistory(gid));
  expect(readAt, 'a read event for the conversation').toBeGreaterThanOrEqual(0);
  expect(readAt, 'the cursor comes before the history').toBeLessThan(historyAt);
  const cursor = client.events('read').filter((f) => f.gid === gid)[0]!.seq;
  const unread = client
    .messages(gid)
    .filter((m) => m.uid !== uid && m.seq > cursor)
    .map((m) => m.seq);
  return { cursor, unread };
}

async function cursorOf(uid: number, gid: string): Promise<number> {
  return (await app.services.chat.service.readCursors(uid, [gid])).get(gid)!;
}

describe(`chat read cursors (${TEST_DB_KIND})`, () => {
  it('an agent who read up to N reconnects (on another instance too) with 0 unread there and the newer messages unread', async () => {
    const { agent, agentSocket, buyerSocket, gid } = await conversation();
    // Accepting sends the agent's cursor (nothing read yet) before the history.
    expect((await unreadAfterConnect(agentSocket, gid, agent.user.id)).cursor).toBe(0);
    await buyerSays(buyerSocket, agentSocket, gid, 'one');
    await buyerSays(buyerSocket, agentSocket, gid, 'two');
    const n = await buyerSays(buyerSocket, agentSocket, gid, 'three');
    expect(n).toBe(5);

    // The console shows everything up to N: it reports once, and the cursor moves.
    agentSocket.send({ type: 'read', gid, seq: n });
    expect(await agentSocket.waitFor(isEvent('read', (f) => f.gid === gid && f.seq === n))).toEqual({ type: 'read', gid, seq: n });
    expect(await cursorOf(agent.user.id, gid)).toBe(n);
    agentSocket.close();

    // Reload: nothing new yet, so nothing is unread.
    const reloaded = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en' });
    expect(await unreadAfterConnect(reloaded, gid, agent.user.id)).toEqual({ cursor: n, unread: [] });
    expect(reloaded.messages(gid).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    reloaded.close();

    // Two messages while the console is closed: exactly those are unread after the next reload,
    // on the other instance as well (the cursor lives in the database).
    const six = await buyerSays(buyerSocket, null, gid, 'four');
    const seven = await buyerSays(buyerSocket, null, gid, 'five');
    for (const instance of [app, other]) {
      const again = await ChatTestClient.connect(instance.wsUrl, { token: agent.token, language: 'en' });
      expect(await unreadAfterConnect(again, gid, agent.user.id)).toEqual({ cursor: n, unread: [six, seven] });
      again.close();
    }
    buyerSocket.close();
  });

  it('a cursor never moves backward nor past the last message; a stale report is answered with where it stands', async () => {
    const { agent, agentSocket, buyerSocket, gid } = await conversation();
    await buyerSays(buyerSocket, agentSocket, gid, 'a');
    await buyerSays(buyerSocket, agentSocket, gid, 'b');
    agentSocket.send({ type: 'read', gid, seq: 4 });
    await agentSocket.waitFor(isEvent('read', (f) => f.gid === gid && f.seq === 4));

    // An older report (a slow tab): the cursor stays, the sender is told.
    let mark = agentSocket.frames.length;
    agentSocket.send({ type: 'read', gid, seq: 2 });
    expect(
      await agentSocket.waitFor(
        isEvent('read', (f) => f.gid === gid),
        { after: mark },
      ),
    ).toMatchObject({ seq: 4 });
    expect(await cursorOf(agent.user.id, gid)).toBe(4);

    // Beyond the conversation's last message: capped at it.
    mark = agentSocket.frames.length;
    agentSocket.send({ type: 'read', gid, seq: 1_000_000 });
    expect(
      await agentSocket.waitFor(
        isEvent('read', (f) => f.gid === gid),
        { after: mark },
      ),
    ).toMatchObject({ seq: 4 });
    const five = await buyerSays(buyerSocket, agentSocket, gid, 'c');
    mark = agentSocket.frames.length;
    agentSocket.send({ type: 'read', gid, seq: 1_000_000 });
    expect(
      await agentSocket.waitFor(
        isEvent('read', (f) => f.gid === gid),
        { after: mark },
      ),
    ).toMatchObject({ seq: five });

    // Reports racing from two devices keep the highest.
    const second = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en' });
    await second.waitFor(isEvent('synced', (f) => f.gid === gid));
    await buyerSays(buyerSocket, agentSocket, gid, 'd');
    const seven = await buyerSays(buyerSocket, agentSocket, gid, 'e');
    agentSocket.send({ type: 'read', gid, seq: seven });
    second.send({ type: 'read', gid, seq: seven - 1 });
    await agentSocket.waitFor(isEvent('read', (f) => f.gid === gid && f.seq === seven));
    // The other device hears about it (its badge clears too).
    await second.waitFor(isEvent('read', (f) => f.gid === gid && f.seq === seven));
    await sleep(100);
    expect(await cursorOf(agent.user.id, gid)).toBe(seven);

    // Bad cursors are refused at the edge.
    mark = agentSocket.frames.length;
    agentSocket.send({ type: 'read', gid, seq: -1 });
    expect(await agentSocket.waitFor(isEvent('error'), { after: mark })).toMatchObject({ code: 'bad_frame', gid });
    expect(await cursorOf(agent.user.id, gid)).toBe(seven);
    second.close();
    agentSocket.close();
    buyerSocket.close();
  });

  it("another agent's cursor is their own", async () => {
    const { agent, agentSocket, buyerSocket, gid } = await conversation();
    const helper = await makeUser(app, { agent: true, name: 'Bo' });
    const helperSocket = await ChatTestClient.connect(app.wsUrl, { token: helper.token, language: 'zh' });
    await helperSocket.waitFor(isEvent('session'));
    expect((await api('POST', '/api/groups/invite', agent.token, { gid, uid: helper.user.id })).statusCode).toBe(200);
    await helperSocket.waitFor(isEvent('synced', (f) => f.gid === gid));
    const four = await buyerSays(buyerSocket, agentSocket, gid, 'hello both');
    await helperSocket.waitFor((f) => isMessage(f) && f.seq === four);

    agentSocket.send({ type: 'read', gid, seq: four });
    await agentSocket.waitFor(isEvent('read', (f) => f.gid === gid && f.seq === four));
    await sleep(100);
    // The helper's sockets hear nothing of it, and the helper's cursor did not move.
    expect(
      helperSocket
        .events('read')
        .filter((f) => f.gid === gid)
        .map((f) => f.seq),
    ).toEqual([0]);
    expect(await cursorOf(helper.user.id, gid)).toBe(0);

    helperSocket.send({ type: 'read', gid, seq: 2 });
    await helperSocket.waitFor(isEvent('read', (f) => f.gid === gid && f.seq === 2));
    expect(await cursorOf(agent.user.id, gid)).toBe(four);
    expect(await cursorOf(helper.user.id, gid)).toBe(2);

    // Each reloads with their own.
    helperSocket.close();
    agentSocket.close();
    const helperAgain = await ChatTestClient.connect(app.wsUrl, { token: helper.token, language: 'zh' });
    expect(await unreadAfterConnect(helperAgain, gid, helper.user.id)).toMatchObject({ cursor: 2, unread: [3, 4] });
    const agentAgain = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en' });
    expect(await unreadAfterConnect(agentAgain, gid, agent.user.id)).toMatchObject({ cursor: four, unread: [] });
    helperAgain.close();
    agentAgain.close();
    buyerSocket.close();
  });

  it('a buyer cannot set a cursor, nor can an admin who does not serve the conversation; an ended one is ignored', async () => {
    const { buyer, agent, agentSocket, buyerSocket, gid } = await conversation();
    let mark = buyerSocket.frames.length;
    buyerSocket.send({ type: 'read', gid, seq: 2 });
    expect(await buyerSocket.waitFor(isEvent('error'), { after: mark })).toMatchObject({ code: 'not_admin', gid });
    expect(await cursorOf(buyer.user.id, gid)).toBe(0);
    // Buyers never get read events.
    expect(buyerSocket.events('read')).toEqual([]);

    const stranger = await makeUser(app, { agent: true });
    const strangerSocket = await ChatTestClient.connect(app.wsUrl, { token: stranger.token, language: 'en' });
    await strangerSocket.waitFor(isEvent('session'));
    mark = strangerSocket.frames.length;
    strangerSocket.send({ type: 'read', gid, seq: 2 });
    expect(await strangerSocket.waitFor(isEvent('error'), { after: mark })).toMatchObject({ code: 'forbidden_gid', gid });
    expect(await cursorOf(stranger.user.id, gid)).toBe(0);

    // End of service: a late report from the console changes nothing and is not an error.
    expect((await api('POST', '/api/groups/leave', agent.token, { gid })).statusCode).toBe(200);
    await agentSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    mark = agentSocket.frames.length;
    agentSocket.send({ type: 'read', gid, seq: 3 });
    agentSocket.send({ type: 'ping' });
    await agentSocket.waitFor(isEvent('pong'), { after: mark });
    expect(agentSocket.frames.slice(mark).filter((f) => isEvent('error')(f) || isEvent('read')(f))).toEqual([]);
    expect(await cursorOf(agent.user.id, gid)).toBe(0);
    strangerSocket.close();
    agentSocket.close();
    buyerSocket.close();
  });
});
