import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createOutboxRepository } from './outbox.repository.js';
import { createOutboxService } from './outbox.service.js';

// The outbox worker (DESIGN.md: a side effect that must not be lost): one worker at a time across
// instances, retries with back-off, each message delivered once.
let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  await t.services.outbox.stop(); // the app's own worker stays out of the way
});
afterAll(async () => {
  await t.close();
});

function worker(instanceId: string, deliver: (payload: Record<string, unknown>) => Promise<void>) {
  const service = createOutboxService(createOutboxRepository(t.services.database.db), { log, instanceId, intervalMs: 50, retryBaseMs: 20, maxRetryMs: 100 });
  service.register('test', deliver);
  return service;
}

describe('outbox worker', () => {
  it('runs on one instance at a time and delivers every message once, retrying failures', async () => {
    const db = t.services.database.db;
    const seen: string[] = [];
    const by = new Map<string, number>();
    let failFirst = 3;
    const deliver = (name: string) => async (payload: Record<string, unknown>) => {
      if (payload.n === 7 && failFirst-- > 0) throw new Error('provider down');
      seen.push(String(payload.n));
      by.set(name, (by.get(name) ?? 0) + 1);
    };
    const one = worker('instance-one', deliver('one'));
    const two = worker('instance-two', deliver('two'));
    await db.transaction(async (tx) => {
      await one.enqueue(tx as never, Array.from({ length: 30 }, (_, n) => ({ kind: 'test', dedupeKey: `test:${n}`, payload: { n } })));
      // The same key again (a retried change) adds nothing.
      await one.enqueue(tx as never, [{ kind: 'test', dedupeKey: 'test:3', payload: { n: 3 } }]);
    });
    one.start();
    two.start();
    await expect.poll(() => seen.length, { timeout: 10_000, interval: 50 }).toBe(30);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.length).toBe(30);
    expect(new Set(seen).size).toBe(30);
    expect(by.size).toBe(1); // one instance held the lease throughout
    const result = (await db.execute(sql`select attempts, last_error from outbox where dedupe_key = 'test:7'`)) as unknown as { rows: { attempts: number; last_error: string | null }[] };
    const [row] = result.rows;
    expect(row).toEqual({ attempts: 4, last_error: null });
    // When the holder stops, the other takes over.
    const holder = by.has('one') ? one : two;
    const other = holder === one ? 'two' : 'one';
    await holder.stop();
    await db.transaction(async (tx) => one.enqueue(tx as never, [{ kind: 'test', dedupeKey: 'test:after', payload: { n: 'after' } }]));
    await expect.poll(() => by.get(other) ?? 0, { timeout: 10_000, interval: 50 }).toBe(1);
    await (holder === one ? two : one).stop();
  });
});
