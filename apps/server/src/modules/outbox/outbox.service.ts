import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { NewOutboxRow, OutboxRepository, OutboxRow } from './outbox.repository.js';

/** Delivers one kind of message; throws when it could not (the worker retries later). */
export type Deliverer = (payload: Record<string, unknown>, row: OutboxRow) => Promise<void>;

export interface OutboxDeps {
  log: FastifyBaseLogger;
  /** This process among the instances (the worker lease names it). */
  instanceId: string;
  /** How often the worker looks for due messages (ms). */
  intervalMs?: number;
  /** First retry after this (ms), doubling per attempt up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
}

const LEASE = 'outbox';
const LEASE_MS = 30_000;
const BATCH = 20;

/**
 * The transactional outbox (DESIGN.md). `enqueue` writes messages in the caller's transaction;
 * the worker, one at a time across instances (a lease row renewed while it runs), delivers what
 * is due, oldest first, and on failure tries again later with exponential back-off. An SMTP outage
 * delays mail and loses none; a crash between sending and marking can send one message twice
 * (at least once), never zero times.
 */
export function createOutboxService(repo: OutboxRepository, deps: OutboxDeps) {
  const deliverers = new Map<string, Deliverer>();
  const intervalMs = deps.intervalMs ?? 2_000;
  const retryBaseMs = deps.retryBaseMs ?? 5_000;
  const maxRetryMs = deps.maxRetryMs ?? 15 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let again = false;

  async function tick(): Promise<void> {
    if (!(await repo.lease(LEASE, deps.instanceId, new Date(Date.now() + LEASE_MS)))) return;
    for (;;) {
      const rows = await repo.due(BATCH);
      for (const row of rows) {
        if (stopped) return;
        const deliver = deliverers.get(row.kind);
        try {
          if (!deliver) throw new Error(`no deliverer for ${row.kind}`);
          await deliver(row.payload, row);
          await repo.markSent(row.id);
        } catch (err) {
          const wait = Math.min(maxRetryMs, retryBaseMs * 2 ** row.attempts);
          deps.log.warn({ err, outboxId: row.id, kind: row.kind, attempts: row.attempts + 1, retryInMs: wait }, 'outbox: delivery failed, will retry');
          await repo.markFailed(row.id, err instanceof Error ? err.message : String(err), new Date(Date.now() + wait));
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  /** One pass at a time; a nudge during a pass runs another right after. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = tick()
      .catch((err: unknown) => deps.log.warn({ err }, 'outbox: pass failed'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    /** How messages of `kind` leave (the notifications module registers 'mail'). */
    register(kind: string, deliver: Deliverer): void {
      deliverers.set(kind, deliver);
    },
    /** Writes messages in the caller's transaction (pass its handle). */
    async enqueue(tx: Db, rows: readonly NewOutboxRow[]): Promise<void> {
      await repo.enqueue(tx, rows);
    },
    /** After the change committed: deliver soon rather than at the next interval. */
    nudge(): void {
      if (!stopped) setTimeout(() => void run(), 0).unref();
    },
    start(): void {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      void run();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      await repo.release(LEASE, deps.instanceId).catch(() => undefined);
    },
    /** Runs one pass now (tests, the CLI). */
    flush: () => run(),
    pending: () => repo.pending(),
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
