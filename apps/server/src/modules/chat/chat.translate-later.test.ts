import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessageFrame } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, openConversation, startCluster, type ChatCluster } from '../../test/chat-harness.js';
import { gatedTranslator } from '../../test/gated-translator.js';

// Translation never delays the original: the message goes out at once with translatePending,
// and its translation follows as a `translated` event and is stored on the message.

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

const isMessage = (id: string) => (f: unknown) =>
  typeof f === 'object' && f !== null && !Array.isArray(f) && !('type' in f) && (f as TChatMessageFrame).id === id;

describe(`chat translation after delivery (${TEST_DB_KIND})`, () => {
  let cluster: ChatCluster;
  let provider: Awaited<ReturnType<typeof gatedTranslator>>;
  beforeAll(async () => {
    provider = await gatedTranslator();
    cluster = await startCluster({ env: { TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: provider.url } });
  });
  afterAll(async () => {
    provider.release();
    await cluster?.close();
    await provider?.close();
  });

  async function conversation() {
    const app = cluster.instances[0]!;
    return { app, ...(await openConversation(app)) };
  }

  it('delivers the original while the provider has not answered; the translation follows, is stored, and a reconnect has it', async () => {
    provider.hold();
    const { app, agent, gid, agentSocket, buyerSocket } = await conversation();
    const id = randomUUID();
    const before = provider.requests.length;
    buyerSocket.send({ id, gid, content: '这个魔方还有货吗？' });
    const ack = await buyerSocket.waitFor(isEvent('ack', (f) => f.id === id));
    const original = (await agentSocket.waitFor(isMessage(id))) as TChatMessageFrame;
    // The provider answers nothing until released: the message went out all the same.
    await until(() => provider.held === 1);
    expect(provider.requests.length).toBe(before + 1);
    expect(original).toMatchObject({ seq: ack.seq, content: '这个魔方还有货吗？', translate: '这个魔方还有货吗？', translatePending: true, translation: 'on' });
    expect(original).not.toHaveProperty('translateError');
    // The next message does not wait behind the pending translation either.
    const next = randomUUID();
    buyerSocket.send({ id: next, gid, content: '谢谢' });
    await agentSocket.waitFor(isMessage(next));
    await until(() => provider.held === 2);
    expect(agentSocket.events('translated')).toEqual([]);

    provider.release();
    const update = await agentSocket.waitFor(isEvent('translated', (f) => f.id === id));
    expect(update).toEqual({ type: 'translated', gid, id, seq: ack.seq, language: 'en', translate: '<en> 这个魔方还有货吗？' });
    await agentSocket.waitFor(isEvent('translated', (f) => f.id === next));
    // Once per message for this socket, none for the Chinese-reading buyer.
    expect(agentSocket.events('translated').filter((f) => f.id === id)).toHaveLength(1);
    expect(buyerSocket.events('translated')).toEqual([]);

    // Stored: a reconnect after the message gets it translated, with no pending flag.
    agentSocket.close();
    const again = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en', since: `${gid}:${ack.seq - 1}` });
    await again.waitFor(isEvent('synced', (f) => f.gid === gid));
    const caught = again.messages(gid).find((m) => m.id === id)!;
    expect(caught).toMatchObject({ translate: '<en> 这个魔方还有货吗？' });
    expect(caught).not.toHaveProperty('translatePending');
    expect(caught).not.toHaveProperty('translateError');
    again.close();
    buyerSocket.close();
  });

  it('translates a repeated text from the cache: no second provider call', async () => {
    provider.release();
    const { gid, agentSocket, buyerSocket } = await conversation();
    const first = randomUUID();
    buyerSocket.send({ id: first, gid, content: '请问什么时候发货？订单 1001' });
    await agentSocket.waitFor(isEvent('translated', (f) => f.id === first));
    const calls = provider.requests.length;
    const second = randomUUID();
    buyerSocket.send({ id: second, gid, content: '请问什么时候发货？订单 2002' });
    const update = await agentSocket.waitFor(isEvent('translated', (f) => f.id === second));
    expect(update.translate).toBe('<en> 请问什么时候发货？订单 2002');
    expect(provider.requests.length).toBe(calls);
    agentSocket.close();
    buyerSocket.close();
  });
});
