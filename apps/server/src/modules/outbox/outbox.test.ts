import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createOutboxRepository } from './outbox.repository.js';
import { createOutboxService } from './outbox.service.js';

// The outbox worker (docs/architecture.md: a side effect that must not be lost): every instance's worker
// claims rows one by one, so each message is delivered once by one of them; failures are retried
// with back-off; claims given back or expired are taken by the others. Two instances against
// PostgreSQL: outbox.instances.pg.test.ts.
let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  await t.services.outbox.stop(); // the app's own worker stays out of the way
});
afterAll(async () => {
  await t.close();
});

function worker(instanceId: string, deliver: (payload: Record<string, unknown>) => Promise<void>, concurrency?: number) {
  const service = createOutboxService(createOutboxRepository(t.services.database.db), {
    log,
    instanceId,
    intervalMs: 50,
    retryBaseMs: 20,
    maxRetryMs: 100,
    concurrency,
  });
  service.register('test', deliver);
  return service;
}

async function enqueue(keys: (string | number)[]) {
  const db = t.services.database.db;
  await db.transaction(async (tx) => {
    await createOutboxRepository(db).enqueue(
      tx,
      keys.map((n) => ({ kind: 'test', dedupeKey: `test:${n}`, payload: { n } })),
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('outbox worker', () => {
  it('two workers share the messages, deliver each once and retry failures', async () => {
    const db = t.services.database.db;
    const seen: string[] = [];
    const by = new Map<string, number>();
    let failFirst = 3;
    const deliver = (name: string) => async (payload: Record<string, unknown>) => {
      if (payload.n === 7 && failFirst-- > 0) throw new Error('provider down');
      await sleep(5); // a delivery takes a moment: both workers get their share
      seen.push(String(payload.n));
      by.set(name, (by.get(name) ?? 0) + 1);
    };
    const one = worker('instance-one', deliver('one'));
    const two = worker('instance-two', deliver('two'));
    await enqueue(Array.from({ length: 30 }, (_, n) => n));
    // The same key again (a retried change) adds nothing.
    await enqueue([3]);
    one.start();
    two.start();
    await expect.poll(() => seen.length, { timeout: 10_000, interval: 50 }).toBe(30);
    await sleep(300);
    expect(seen.length).toBe(30);
    expect(new Set(seen).size).toBe(30);
    expect(by.get('one')).toBeGreaterThan(0);
    expect(by.get('two')).toBeGreaterThan(0);
    expect(one.deliveries().sent + two.deliveries().sent).toBe(30);
    expect(one.deliveries().failed + two.deliveries().failed).toBe(3);
    const result = (await db.execute(sql`select attempts, last_error, claimed_by from outbox where dedupe_key = 'test:7'`)) as {
      rows: { attempts: number; last_error: string | null; claimed_by: string | null }[];
    };
    expect(result.rows[0]).toEqual({ attempts: 4, last_error: null, claimed_by: null });
    await one.stop();
    await two.stop();
  });

  it('a worker that stops gives its claims back; a dead worker’s claims are taken when they expire', async () => {
    // "Stopped": a worker claims a message whose delivery hangs, then stops; the one in flight
    // finishes, the rest are given back and delivered by the other at once.
    const seen: string[] = [];
    let hang: (() => void) | undefined;
    const slow = worker(
      'instance-slow',
      async (p) => {
        if (p.n === 'stop-0') await new Promise<void>((r) => (hang = r));
        seen.push(`slow:${String(p.n)}`);
      },
      1,
    );
    const other = worker('instance-other', async (p) => void seen.push(`other:${String(p.n)}`));
    await enqueue(['stop-0', 'stop-1', 'stop-2']);
    slow.start();
    await expect.poll(() => hang !== undefined, { timeout: 5_000 }).toBe(true);
    const stopping = slow.stop();
    hang!();
    await stopping;
    other.start();
    await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(3);
    expect(seen.sort()).toEqual(['other:stop-1', 'other:stop-2', 'slow:stop-0']);

    // "Dead": rows claimed (database time) by an instance that never comes back stay with it
    // until the claim expires, then the living worker delivers them, once.
    const repo = createOutboxRepository(t.services.database.db);
    await other.stop();
    await enqueue(['dead-0', 'dead-1']);
    const claimed = await repo.claim('instance-dead', 10, 1_500);
    expect(claimed.map((r) => r.payload.n)).toEqual(['dead-0', 'dead-1']);
    other.start();
    await sleep(700);
    expect(seen.filter((s) => s.includes('dead'))).toEqual([]);
    await expect.poll(() => seen.filter((s) => s.includes('dead')).length, { timeout: 5_000, interval: 50 }).toBe(2);
    expect(seen.filter((s) => s.includes('dead')).sort()).toEqual(['other:dead-0', 'other:dead-1']);
    await other.stop();
    expect(await repo.pending()).toEqual({ waiting: 0, failing: 0 });
  });

  it('the backlog counts unsent, due and failing messages and the oldest due one’s wait', async () => {
    const repo = createOutboxRepository(t.services.database.db);
    expect(await repo.backlog()).toEqual({ waiting: 0, due: 0, failing: 0, oldestDueAgeSeconds: 0 });
    await enqueue(['backlog-0', 'backlog-1']);
    await sleep(1_100);
    const backlog = await repo.backlog();
    expect(backlog).toMatchObject({ waiting: 2, due: 2, failing: 0 });
    expect(backlog.oldestDueAgeSeconds).toBeGreaterThanOrEqual(1);
    const [row] = await repo.claim('instance-x', 1, 60_000);
    await repo.markFailed(row!.id, 'instance-x', 'down', 60_000);
    expect(await repo.backlog()).toMatchObject({ waiting: 2, due: 1, failing: 1 });
  });
});
