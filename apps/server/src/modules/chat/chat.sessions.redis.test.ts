import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_CODES } from '@cubeshop/shared';
import { ChatTestClient, isEvent, makeUser, redisAvailable, sleep, startCluster, type ChatCluster } from '../../test/chat-harness.js';
import { TEST_DB_KIND } from '../../test/harness.js';

// Sign-out on one instance closes the sockets of that token on every instance: the revocation
// travels through Redis (lib/cluster-events.ts). Collected only when TEST_REDIS_URL is set.
if (!(await redisAvailable())) throw new Error(`TEST_REDIS_URL=${process.env.TEST_REDIS_URL} does not answer`);

describe(`ended sessions close sockets on every instance (${TEST_DB_KIND}, Redis)`, () => {
  let cluster: ChatCluster;
  beforeAll(async () => {
    cluster = await startCluster({ count: 2, redis: true });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  async function closedWithin(socket: ChatTestClient, ms: number) {
    const deadline = Date.now() + ms;
    while (socket.closeCode === null && Date.now() < deadline) await sleep(20);
    return socket.closeCode;
  }

  it('sign-out on A closes the socket on B within 2 s; a password change on B closes the other sessions on A', async () => {
    const [a, b] = cluster.instances as [ChatCluster['instances'][number], ChatCluster['instances'][number]];
    const buyer = await makeUser(a);
    const onB = await ChatTestClient.connect(b.wsUrl, { token: buyer.token });
    await onB.waitFor(isEvent('session'));
    const signout = await a.app.inject({ method: 'POST', url: '/api/authn/signout', headers: { authorization: `Bearer ${buyer.token}` } });
    expect(signout.statusCode).toBe(200);
    expect(await closedWithin(onB, 2_000)).toBe(CHAT_CLOSE_CODES.sessionEnded);

    const user = await makeUser(a);
    const tablet = await a.services.authn.issueUserToken(user.user.id);
    const onA = await ChatTestClient.connect(a.wsUrl, { token: tablet });
    const ownOnB = await ChatTestClient.connect(b.wsUrl, { token: user.token });
    await Promise.all([onA.waitFor(isEvent('session')), ownOnB.waitFor(isEvent('session'))]);
    const change = await b.app.inject({
      method: 'PUT',
      url: '/api/user/reset-pwd',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { oldPassword: 'Secret12', newPassword: 'Changed34' },
    });
    expect(change.statusCode).toBe(200);
    expect(await closedWithin(onA, 2_000)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    await sleep(200);
    expect(ownOnB.closeCode).toBeNull();
    ownOnB.ws.close();
  });
});
