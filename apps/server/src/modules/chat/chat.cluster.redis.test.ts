import { afterAll, beforeAll, describe, it } from 'vitest';
import { TEST_DB_KIND } from '../../test/harness.js';
import { redisAvailable, startCluster, type ChatCluster } from '../../test/chat-harness.js';
import { twoInstanceScenario } from '../../test/chat-cluster-scenario.js';

// Two app instances on one database object (PGlite in the normal pass) and a local Redis with a
// channel prefix of their own. *.redis.test.ts are collected only when TEST_REDIS_URL is set.
if (!(await redisAvailable())) throw new Error(`TEST_REDIS_URL=${process.env.TEST_REDIS_URL} does not answer`);

describe(`chat across two instances through Redis (${TEST_DB_KIND}, one database object)`, () => {
  let cluster: ChatCluster;
  beforeAll(async () => {
    cluster = await startCluster({ count: 2, redis: true });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('passes messages, queue changes, presence and catch-up between a buyer on one instance and admins on the other', async () => {
    await twoInstanceScenario(cluster);
  });
});
