import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { NewOutboxRow, OutboxRepository, OutboxRow } from './outbox.repository.js';

/** Delivers one kind of message; throws when it could not (the worker retries later). */
export type Deliverer = (payload: Record<string, unknown>, row: OutboxRow) => Promise<void>;

export interface OutboxDeps {
  log: FastifyBaseLogger;
  /** This process among the instances (its claims carry it). */
  instanceId: string;
  /** How often the worker looks for due messages (ms). */
  intervalMs?: number;
  /** First retry after this (ms), doubling per attempt up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How long a claim holds unless renewed (ms): what a message claimed by an instance that died waits. */
  leaseMs?: number;
  /** Messages this instance delivers at once. */
  concurrency?: number;
}

const LEASE_MS = 30_000;
const CONCURRENCY = 4;

/**
 * The transactional outbox (docs/architecture.md). `enqueue` writes messages in the caller's transaction;
 * every instance's worker claims due messages a few at a time (per row, on the database's clock:
 * `claimed_by`, `claimed_until`), so instances deliver in parallel and each message is delivered by
 * the one that claimed it. While it delivers, the worker renews its claims every third of the lease
 * and does not start a message whose claim may have lapsed; the claims of an instance that died
 * expire and another instance takes the rows. A failure is tried again later with exponential
 * back-off: an SMTP outage delays mail and loses none. A crash between the SMTP server's
 * acceptance and the mark (or a claim lapsing during one send) can send one message twice (at
 * least once), never zero times.
 */
export function createOutboxService(repo: OutboxRepository, deps: OutboxDeps) {
  const deliverers = new Map<string, Deliverer>();
  const intervalMs = deps.intervalMs ?? 2_000;
  const retryBaseMs = deps.retryBaseMs ?? 5_000;
  const maxRetryMs = deps.maxRetryMs ?? 15 * 60_000;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const concurrency = Math.max(1, deps.concurrency ?? CONCURRENCY);
  const batch = concurrency * 2;
  const holder = deps.instanceId;
  const counts = { sent: 0, failed: 0 };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let again = false;

  /** Delivers one claimed row and records the outcome; never throws. */
  async function deliverOne(row: OutboxRow): Promise<void> {
    try {
      const deliver = deliverers.get(row.kind);
      if (!deliver) throw new Error(`no deliverer for ${row.kind}`);
      await deliver(row.payload, row);
    } catch (err) {
      counts.failed++;
      const wait = Math.min(maxRetryMs, retryBaseMs * 2 ** row.attempts);
      deps.log.warn({ err, outboxId: row.id, kind: row.kind, attempts: row.attempts + 1, retryInMs: wait }, 'outbox: delivery failed, will retry');
      await repo.markFailed(row.id, holder, err instanceof Error ? err.message : String(err), wait).catch((e: unknown) => {
        deps.log.warn({ err: e, outboxId: row.id }, 'outbox: could not record a failed delivery (its claim expires and it is tried again)');
      });
      return;
    }
    counts.sent++;
    // It left: a failure to record it must not count as a failed delivery (that would send it again soon).
    await repo.markSent(row.id).catch((err: unknown) => {
      deps.log.warn({ err, outboxId: row.id }, 'outbox: sent but not recorded; it may be sent again when its claim expires');
    });
  }

  /** Delivers a claimed batch, `concurrency` at a time, renewing the claims still held meanwhile. */
  async function deliverBatch(rows: OutboxRow[], claimedAt: number): Promise<void> {
    // Local deadlines are conservative: measured from before the claim or renewal was asked for.
    const held = new Map(rows.map((r) => [r.id, claimedAt + leaseMs]));
    let renewing = false;
    const renew = async () => {
      if (renewing || !held.size) return;
      renewing = true;
      const at = Date.now();
      const ids = [...held.keys()];
      try {
        const kept = new Set(await repo.renew(holder, ids, leaseMs));
        for (const id of ids) {
          if (!kept.has(id)) held.delete(id);
          else if (held.has(id)) held.set(id, at + leaseMs);
        }
      } catch (err) {
        deps.log.warn({ err }, 'outbox: could not renew claims');
      } finally {
        renewing = false;
      }
    };
    const heartbeat = setInterval(() => void renew(), Math.max(10, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    const queue = [...rows];
    const lane = async () => {
      for (let row = queue.shift(); row && !stopped; row = queue.shift()) {
        const until = held.get(row.id);
        // Not started with less than a third of the lease left: the claim could lapse mid-send and
        // another instance take the row. Left claimed, it is delivered once the claim expires.
        if (until !== undefined && Date.now() < until - leaseMs / 3) await deliverOne(row);
        held.delete(row.id);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function tick(): Promise<void> {
    while (!stopped) {
      const claimedAt = Date.now();
      const rows = await repo.claim(holder, batch, leaseMs);
      if (rows.length) await deliverBatch(rows, claimedAt);
      if (rows.length < batch) return;
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
    /** Stops claiming, lets the messages being sent finish, and gives the other claims back. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      await repo.releaseClaims(holder).catch(() => undefined);
    },
    /** Runs one pass now (tests, the CLI). */
    flush: () => run(),
    pending: () => repo.pending(),
    /** Unsent, due, failing, oldest due (metrics read it at scrape time). */
    backlog: () => repo.backlog(),
    /** Deliveries by this instance since it started: sent and failed attempts (metrics). */
    deliveries: (): Readonly<typeof counts> => counts,
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
