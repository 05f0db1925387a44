// Order mail across instances (PostgreSQL): two app instances, each on its own connection pool as
// two processes would be, deliver the outbox through a real SMTP server that takes 300 ms to accept
// each message. Every message arrives exactly once, both instances share the work, and messages
// claimed by an instance that died are delivered by the living ones once the claims expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createOutboxRepository } from './outbox.repository.js';

const SMTP_DELAY_MS = 300;
let testDb: TestDatabase;
let mailbox: Mailbox;
const pools: Database[] = [];
const apps: App[] = [];

async function instance(): Promise<App> {
  const database = await openDatabase({ url: testDb.url!, poolSize: 4 });
  pools.push(database);
  const config = testConfig({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100' });
  const built = await buildApp({ config, database, logger: false });
  await built.app.ready(); // starts its outbox worker
  apps.push(built);
  return built;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailbox = await startMailbox(0, { delayMs: SMTP_DELAY_MS });
  await instance();
  await instance();
});
afterAll(async () => {
  for (const a of apps) await a.app.close();
  for (const p of pools) await p.close().catch(() => undefined);
  await testDb?.drop();
  await mailbox?.close();
});

const mail = (tag: string, n: number) => ({
  kind: 'mail',
  dedupeKey: `${tag}:${n}`,
  payload: { to: `${tag}-${n}@example.com`, subject: `${tag} ${n}`, text: `message ${n}`, html: `<p>message ${n}</p>` },
});

/** Recipients of the messages received so far with this tag, with how often each arrived. */
function arrivals(tag: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of mailbox.messages) for (const to of m.rcptTo) if (to.startsWith(`${tag}-`)) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}
const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

describe('the outbox on two instances (PostgreSQL)', { timeout: 120_000 }, () => {
  it('140 messages through a slow SMTP server arrive 140 times, each once, sent by both instances', async () => {
    const [one, two] = apps as [App, App];
    const started = Date.now();
    await testDb.database.db.transaction(async (tx) =>
      one.services.outbox.enqueue(
        tx as never,
        Array.from({ length: 140 }, (_, n) => mail('order', n)),
      ),
    );
    one.services.outbox.nudge();
    two.services.outbox.nudge();
    await expect.poll(async () => (await one.services.outbox.pending()).waiting, { timeout: 100_000, interval: 200 }).toBe(0);
    const elapsed = Date.now() - started;
    await new Promise((r) => setTimeout(r, 1_000)); // a send still in flight would arrive now
    const counts = arrivals('order');
    const twice = [...counts.entries()].filter(([, n]) => n > 1);
    expect({ received: total(counts), distinct: counts.size, twice: twice.length }).toEqual({ received: 140, distinct: 140, twice: 0 });
    // Both instances worked, side by side: one worker sending one at a time would need 140 x 300 ms = 42 s.
    const sent = apps.map((a) => a.services.outbox.deliveries().sent);
    expect(sent[0]! + sent[1]!).toBe(140);
    expect(Math.min(...sent)).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(21_000);
  });

  it('messages claimed by an instance that died are delivered once by the others after the claims expire', async () => {
    // What a killed instance leaves behind: rows it claimed (for 2 s, database time) and never sent.
    // Written and claimed in one transaction, so the living workers never see them unclaimed.
    const dead = await openDatabase({ url: testDb.url!, poolSize: 1 });
    const claimed = await dead.db.transaction(async (tx) => {
      const repo = createOutboxRepository(tx);
      await repo.enqueue(
        tx,
        Array.from({ length: 5 }, (_, n) => mail('orphan', n)),
      );
      return repo.claim('dead-instance', 10, 2_000);
    });
    await dead.close();
    expect(claimed).toHaveLength(5);
    apps.forEach((a) => a.services.outbox.nudge());
    await new Promise((r) => setTimeout(r, 1_000));
    expect(total(arrivals('orphan'))).toBe(0); // still claimed by the dead instance
    await expect.poll(() => total(arrivals('orphan')), { timeout: 15_000, interval: 100 }).toBe(5);
    await new Promise((r) => setTimeout(r, 1_000));
    const counts = arrivals('orphan');
    expect({ received: total(counts), distinct: counts.size }).toEqual({ received: 5, distinct: 5 });
    expect(await apps[0]!.services.outbox.pending()).toEqual({ waiting: 0, failing: 0 });
  });
});
