import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessageFrame } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, makeUser, redisAvailable, startCluster, type ChatCluster } from '../../test/chat-harness.js';
import { gatedTranslator } from '../../test/gated-translator.js';

// A message translated after delivery on instance A reaches a reader on instance B as an update
// through Redis. *.redis.test.ts are collected only when TEST_REDIS_URL is set.
if (!(await redisAvailable())) throw new Error(`TEST_REDIS_URL=${process.env.TEST_REDIS_URL} does not answer`);

describe(`chat translation updates across two instances through Redis (${TEST_DB_KIND})`, () => {
  let cluster: ChatCluster;
  let provider: Awaited<ReturnType<typeof gatedTranslator>>;
  beforeAll(async () => {
    provider = await gatedTranslator();
    cluster = await startCluster({ count: 2, redis: true, env: { TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: provider.url } });
  });
  afterAll(async () => {
    provider?.release();
    await cluster?.close();
    await provider?.close();
  });

  it('the agent on B gets the original at once and the translation made on A as an update, once', async () => {
    const [a, b] = cluster.instances as [ChatCluster['instances'][number], ChatCluster['instances'][number]];
    const buyer = await makeUser(a);
    const agent = await makeUser(b, { agent: true });
    const agentSocket = await ChatTestClient.connect(b.wsUrl, { token: agent.token, language: 'en' });
    await agentSocket.waitFor(isEvent('session'));
    const buyerSocket = await ChatTestClient.connect(a.wsUrl, { token: buyer.token, language: 'zh' });
    const gid = (await buyerSocket.waitFor(isEvent('group'))).group.gid;
    await buyerSocket.waitForMessages(gid, 1);
    expect(
      (await b.app.inject({ method: 'POST', url: '/api/groups/join', headers: { authorization: `Bearer ${agent.token}` }, payload: { gid } })).statusCode,
    ).toBe(200);
    await agentSocket.waitForMessages(gid, 2);

    provider.hold();
    const id = randomUUID();
    buyerSocket.send({ id, gid, content: '魔方有三阶的吗？' });
    const original = (await agentSocket.waitFor((f) => !Array.isArray(f) && !('type' in f) && f.id === id)) as TChatMessageFrame;
    expect(original).toMatchObject({ content: '魔方有三阶的吗？', translatePending: true });
    expect(agentSocket.events('translated')).toEqual([]);

    provider.release();
    const update = await agentSocket.waitFor(isEvent('translated', (f) => f.id === id));
    expect(update).toEqual({ type: 'translated', gid, id, seq: original.seq, language: 'en', translate: '<en> 魔方有三阶的吗？' });
    // A later message proves nothing else was on its way: the update came once.
    const later = randomUUID();
    buyerSocket.send({ id: later, gid, content: '谢谢' });
    await agentSocket.waitFor(isEvent('translated', (f) => f.id === later));
    expect(agentSocket.events('translated').filter((f) => f.id === id)).toHaveLength(1);
    expect(agentSocket.messages(gid).filter((m) => m.id === id)).toHaveLength(1);
    agentSocket.close();
    buyerSocket.close();
  });
});
