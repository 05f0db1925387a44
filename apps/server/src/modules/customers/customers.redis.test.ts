import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_CODES } from '@cubeshop/shared';
import { ChatTestClient, isEvent, makeUser, redisAvailable, sleep, startCluster, type ChatCluster } from '../../test/chat-harness.js';
import { TEST_DB_KIND } from '../../test/harness.js';

// Staff disable a buyer on one instance: the buyer's chat sockets on every other instance close at
// once (the 'sessions.revoked' event through Redis). Collected only when TEST_REDIS_URL is set.
if (!(await redisAvailable())) throw new Error(`TEST_REDIS_URL=${process.env.TEST_REDIS_URL} does not answer`);

describe(`disabling a buyer closes their sockets on every instance (${TEST_DB_KIND}, Redis)`, () => {
  let cluster: ChatCluster;
  beforeAll(async () => {
    cluster = await startCluster({ count: 2, redis: true });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('disable on A closes the socket on B within 2 s', async () => {
    const [a, b] = cluster.instances as [ChatCluster['instances'][number], ChatCluster['instances'][number]];
    const buyer = await makeUser(a);
    const owner = await makeUser(a, { agent: true });
    const onB = await ChatTestClient.connect(b.wsUrl, { token: buyer.token });
    await onB.waitFor(isEvent('session'));
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${buyer.user.id}/disable`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { reason: 'test' },
    });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 2_000;
    while (onB.closeCode === null && Date.now() < deadline) await sleep(20);
    expect(onB.closeCode).toBe(CHAT_CLOSE_CODES.sessionEnded);
  });
});
