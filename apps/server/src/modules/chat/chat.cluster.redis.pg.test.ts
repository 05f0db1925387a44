import { afterAll, beforeAll, describe, it } from 'vitest';
import { startCluster, type ChatCluster } from '../../test/chat-harness.js';
import { twoInstanceScenario } from '../../test/chat-cluster-scenario.js';

// PostgreSQL pass only (TEST_DB=postgres): two instances, each with its own connection pool on
// the same PostgreSQL database, like two server processes, and the local Redis
// (TEST_REDIS_URL, default redis://127.0.0.1:6379) with a channel prefix unique to this run.
describe('chat across two instances on PostgreSQL and Redis', () => {
  let cluster: ChatCluster;
  beforeAll(async () => {
    cluster = await startCluster({ count: 2, redis: true, separatePools: true });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('passes messages, queue changes, presence and catch-up between a buyer on one instance and agents on the other', async () => {
    await twoInstanceScenario(cluster);
  });
});
