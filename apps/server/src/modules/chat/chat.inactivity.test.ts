import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_COUNTDOWN_S, CHAT_END_MS, CHAT_WARNING_MS } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, makeUser, manualClock, sleep, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';

// The server enforces the 5-minute rule with its own clock; here the test moves that clock and
// runs the sweep itself (the automatic one runs too, against the same clock).
const clock = manualClock();
let cluster: ChatCluster;
let app: ChatInstance;

beforeAll(async () => {
  cluster = await startCluster({ clock });
  app = cluster.instances[0]!;
});
afterAll(async () => {
  await cluster?.close();
});

async function servedConversation(language = 'en') {
  const buyer = await makeUser(app);
  const agent = await makeUser(app, { agent: true });
  const agentSocket = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en' });
  const buyerSocket = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language });
  const gid = (await buyerSocket.waitFor(isEvent('group'))).group.gid;
  await app.app.inject({ method: 'POST', url: '/api/groups/join', headers: { authorization: `Bearer ${agent.token}` }, payload: { gid } });
  await buyerSocket.waitFor(isEvent('accepted'));
  await agentSocket.waitForMessages(gid, 2);
  return { buyerSocket, agentSocket, gid, started: clock.now() };
}

const sweep = () => app.services.chat.sweep();
const status = async (gid: string) => (await app.services.chat.service.getGroup(gid))!;

describe(`chat inactivity (${TEST_DB_KIND})`, () => {
  it('warns at 4.5 minutes of buyer silence and ends the conversation at 5 with a system message', async () => {
    const { buyerSocket, agentSocket, gid, started } = await servedConversation('zh');
    clock.set(started + CHAT_WARNING_MS - 1);
    await sweep();
    expect(buyerSocket.events('inactivity_warning')).toHaveLength(0);

    clock.set(started + CHAT_WARNING_MS);
    await sweep();
    const warning = await buyerSocket.waitFor(isEvent('inactivity_warning', (f) => f.gid === gid));
    expect(warning).toEqual({ type: 'inactivity_warning', gid, countdownS: CHAT_COUNTDOWN_S, endsAt: started + CHAT_END_MS });
    await agentSocket.waitFor(isEvent('inactivity_warning', (f) => f.gid === gid));
    // Once per idle period.
    await sweep();
    await sleep(50);
    expect(buyerSocket.events('inactivity_warning')).toHaveLength(1);

    // The agent talking does not count as the buyer's activity.
    agentSocket.send({ gid, content: 'Are you still there?' });
    await agentSocket.waitFor(isEvent('ack'));

    clock.set(started + CHAT_END_MS);
    await sweep();
    const ended = await buyerSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    expect(ended).toMatchObject({ reason: 'inactivity_timeout', at: started + CHAT_END_MS });
    const last = buyerSocket.messages(gid).at(-1)!;
    expect(last).toMatchObject({ kind: 'system', language: 'zh', seq: 4 });
    expect(last.content).toContain('长时间未操作');
    expect(last.translate).toBe(last.content);
    const atAgent = await agentSocket.waitFor((f) => !Array.isArray(f) && !('type' in f) && f.seq === 4);
    expect((atAgent as { translate: string }).translate).toMatch(/no activity/);
    await agentSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    expect(await status(gid)).toMatchObject({ status: 'ended', endReason: 'inactivity_timeout', lastSeq: 4 });

    // Nothing more happens on later sweeps.
    clock.advance(CHAT_END_MS);
    await sweep();
    await sleep(50);
    expect(buyerSocket.events('ended')).toHaveLength(1);
    buyerSocket.close();
    agentSocket.close();
  });

  it('accepts the client ending the chat with user_inactive after the warning', async () => {
    const { buyerSocket, agentSocket, gid, started } = await servedConversation();
    clock.set(started + CHAT_WARNING_MS + 5_000);
    await sweep();
    await buyerSocket.waitFor(isEvent('inactivity_warning', (f) => f.gid === gid));
    // The client's countdown ran out first.
    clock.set(started + CHAT_WARNING_MS + CHAT_COUNTDOWN_S * 1000 - 10);
    buyerSocket.send({ type: 'user_inactive', gid, reason: 'inactivity_timeout' });
    const ended = await buyerSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    expect(ended.reason).toBe('inactivity_timeout');
    await agentSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    const last = buyerSocket.messages(gid).at(-1)!;
    expect(last).toMatchObject({ kind: 'system', seq: 3 });
    expect(last.content).toMatch(/no activity/);
    expect(await status(gid)).toMatchObject({ status: 'ended', endReason: 'inactivity_timeout' });
    // The server's own sweep does not end it a second time, and a repeated frame is quietly accepted.
    clock.set(started + CHAT_END_MS + 1);
    await sweep();
    buyerSocket.send({ type: 'user_inactive', gid, reason: 'inactivity_timeout' });
    await sleep(100);
    expect(buyerSocket.events('ended')).toHaveLength(1);
    expect(buyerSocket.events('error')).toHaveLength(0);
    expect((await status(gid)).lastSeq).toBe(3);
    buyerSocket.close();
    agentSocket.close();
  });

  it('"continue" (user_active) and buyer messages restart the idle clock', async () => {
    const { buyerSocket, agentSocket, gid, started } = await servedConversation();
    clock.set(started + CHAT_WARNING_MS);
    await sweep();
    await buyerSocket.waitFor(isEvent('inactivity_warning', (f) => f.gid === gid));
    const resumed = started + CHAT_WARNING_MS + 10_000;
    clock.set(resumed);
    buyerSocket.send({ type: 'user_active', gid });
    await sleep(100);
    clock.set(started + CHAT_END_MS + 1);
    await sweep();
    await sleep(50);
    expect(buyerSocket.events('ended')).toHaveLength(0);
    expect((await status(gid)).status).toBe('serving');

    // A new idle period gets a new warning, 4.5 minutes after the "continue".
    clock.set(resumed + CHAT_WARNING_MS);
    await sweep();
    await buyerSocket.waitFor(isEvent('inactivity_warning', (f) => f.gid === gid && f.endsAt === resumed + CHAT_END_MS));
    // A message is activity too.
    const typed = resumed + CHAT_WARNING_MS + 1_000;
    clock.set(typed);
    buyerSocket.send({ gid, content: 'still deciding' });
    await buyerSocket.waitFor(isEvent('ack'));
    clock.set(resumed + CHAT_END_MS + 1);
    await sweep();
    await sleep(50);
    expect((await status(gid)).status).toBe('serving');
    clock.set(typed + CHAT_END_MS);
    await sweep();
    await buyerSocket.waitFor(isEvent('ended', (f) => f.gid === gid));
    buyerSocket.close();
    agentSocket.close();
  });

  it('ends a waiting conversation whose buyer went away', async () => {
    const buyer = await makeUser(app);
    const socket = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language: 'en' });
    const gid = (await socket.waitFor(isEvent('group'))).group.gid;
    const started = clock.now();
    socket.close();
    await socket.waitClosed();
    clock.set(started + CHAT_END_MS);
    await sweep();
    expect(await status(gid)).toMatchObject({ status: 'ended', endReason: 'inactivity_timeout' });
    // The buyer coming back later starts a new conversation.
    const again = await ChatTestClient.connect(app.wsUrl, { token: buyer.token, language: 'en' });
    const next = (await again.waitFor(isEvent('group'))).group;
    expect(next.gid).not.toBe(gid);
    expect(next.status).toBe('waiting');
    again.close();
  });
});
