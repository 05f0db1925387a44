import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { advanceClock, apiClient, randomIp, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';

// Two app instances on one database and one Redis share the rate limits. Redis is TEST_REDIS_URL;
// *.redis.test.ts files are collected only when it is set (npm test sets it when a local Redis answers).
// Every run uses its own key prefix (ioredis keyPrefix in the URL), removed afterwards.
const base = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `cubeshop-test:${randomBytes(6).toString('hex')}:`;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(base, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
if (!(await redisAnswers())) throw new Error(`TEST_REDIS_URL=${base} does not answer`);

let a: TestApp;
let b: App;

beforeAll(async () => {
  const url = new URL(base);
  url.searchParams.set('keyPrefix', prefix);
  a = await createTestApp({ REDIS_URL: url.toString() });
  b = await buildApp({ config: a.config, database: a.services.database, logger: false });
  await b.app.ready();
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
  const cleaner = new Redis(base);
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length) await cleaner.del(...keys);
  cleaner.disconnect();
});

describe(`rate limits shared through Redis by two instances (${TEST_DB_KIND})`, () => {
  it('counts codes for one address across both instances (10 an hour)', async () => {
    const onA = apiClient(a);
    const onB = apiClient(b);
    const email = uniqueEmail('shared');
    for (let i = 0; i < 10; i++) {
      const res = await (i % 2 === 0 ? onA : onB)('GET', '/api/authn/signup/code', { query: { email }, ip: randomIp() });
      expect(res.status).toBe(200);
      // Past the resend interval on both instances (they share the database, so the interval too).
      advanceClock(a, 61_000);
      advanceClock(b, 61_000);
    }
    for (const api of [onA, onB]) {
      const refused = await api('GET', '/api/authn/signup/code', { query: { email }, ip: randomIp() });
      expect(refused.status).toBe(429);
      expect(refused.body.desc).toMatch(/^Too many codes were requested for this address/);
    }
    // The counter lives in Redis under this run's prefix: 10 codes and the 2 refused requests.
    const redis = a.services.redis;
    expect(redis).toBeDefined();
    expect(await redis?.get(`cubeshop:rl:codeTarget:${email}`)).toBe('12');
  });

  it('shares the per-pair count: 5 failures from one address over both instances lock that pair on both', async () => {
    const user = await a.services.account.createUser({ account: 'shared_lock', password: 'Right123' });
    const onA = apiClient(a);
    const onB = apiClient(b);
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await (i < 3 ? onA : onB)('POST', '/api/authn/signin', { body: { account: user.account, password: 'Wrong123' }, ip: stranger });
      expect(res.status).toBe(400);
    }
    for (const api of [onA, onB]) {
      const locked = await api('POST', '/api/authn/signin', { body: { account: user.account, password: 'Right123' }, ip: stranger });
      expect(locked.status).toBe(429);
      expect(locked.body.desc).toMatch(/^Too many failed sign-in attempts/);
    }
    // The count lives in Redis under this run's prefix, per account and address.
    expect(await a.services.redis?.get(`cubeshop:rl:signinPair:user:${user.id}@${stranger}`)).toBe('5');
    // Only that address is locked.
    expect((await onB('POST', '/api/authn/signin', { body: { account: user.account, password: 'Right123' }, ip: randomIp() })).status).toBe(200);
  });

  it('shares the slowdown of a distributed guess and the known addresses', async () => {
    const user = await a.services.account.createUser({ account: 'shared_slow', password: 'Right123' });
    const onA = apiClient(a);
    const onB = apiClient(b);
    const signin = (api: typeof onA, password: string, ip: string) => api('POST', '/api/authn/signin', { body: { account: user.account, password }, ip });
    const home = randomIp();
    expect((await signin(onA, 'Right123', home)).status).toBe(200);
    // 16 failures from new addresses over both instances; a slowed answer moves both clocks past the pause.
    for (let failed = 0, i = 0; failed < 16; i++) {
      const res = await signin(i % 2 ? onB : onA, 'Wrong123', randomIp());
      if (res.status === 400) {
        failed++;
      } else {
        expect(res.status).toBe(429);
        advanceClock(a, 61_000);
        advanceClock(b, 61_000);
      }
    }
    for (const api of [onA, onB]) {
      const slowed = await signin(api, 'Right123', randomIp());
      expect(slowed.status).toBe(429);
      expect(slowed.body.desc).toMatch(/^This account is seeing many failed sign-ins; please try again in \d+ s or sign in with a one-time code$/);
      expect((slowed.body.details as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(60);
    }
    // The lane is one Redis key holding the time it opens (on the apps' clock).
    expect(Number(await a.services.redis?.get(`cubeshop:rl:signinSlow:user:${user.id}`))).toBeGreaterThan(a.services.clock.now().getTime());
    // The address that signed in on A is known on B too.
    expect((await signin(onB, 'Right123', home)).status).toBe(200);
  });
});
