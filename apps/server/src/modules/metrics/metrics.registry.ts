import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheStats } from '../../lib/cache.js';

/**
 * The shop's Prometheus metrics (docs/deploy.md, Metrics and alerts). One registry per app
 * instance (tests build many apps in one process; prom-client's global registry would see the
 * same names twice), plus one per process for Node's own metrics (event-loop lag, heap, GC, CPU),
 * which belong to the process whatever number of apps it runs.
 *
 * Nothing here runs on a request except `observe` of the HTTP histogram: everything else is read
 * at scrape time from plain counts the modules keep (caches, outbox, chat, translator, pool).
 */

/** What the modules tell the metrics, each read when Prometheus scrapes. */
export interface MetricsSources {
  database: {
    kind: 'pglite' | 'postgres';
    pool?(): { max: number; total: number; idle: number; waiting: number; waits: number } | undefined;
  };
  outbox: {
    /** One cheap query: unsent, due, failing and the oldest due message's wait (s). */
    backlog(): Promise<{ waiting: number; due: number; failing: number; oldestDueAgeSeconds: number }>;
    deliveries(): { sent: number; failed: number };
  };
  chat: {
    metrics(): {
      sockets: number;
      sendQueueBytes: number;
      queuedConversations: number;
      translation?: { calls: number; callFailures: number; failed: number; waiting: number; shed: number } | undefined;
    };
  };
  caches: CacheStats;
}

/** Observes one request of a route: its method, status and duration (seconds). */
export type RouteObserver = (method: string, status: number, seconds: number) => void;

export interface Metrics {
  /** The observer of a route pattern (made once per route; requests then find their series without allocating). */
  route(pattern: string): RouteObserver;
  /** The text exposition of this app's and the process's metrics. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

let processRegistry: Registry | undefined;
/** Node's default metrics, once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds; from a cached answer (a millisecond) to a slow render or export. */
const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): Metrics {
  const node = processMetrics();
  const registry = new Registry();
  const registers = [registry];

  const http = new Histogram({
    name: 'cubeshop_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: duration in seconds (_count: requests).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  // --- database pool; PGlite has no pool (one connection in this process): only its size, 1.
  const kind = sources.database.kind;
  new Gauge({
    name: 'cubeshop_db_pool_size',
    help: 'Connections the database pool may open (1: the embedded PGlite).',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.set({ kind }, sources.database.pool?.()?.max ?? 1);
    },
  });
  new Gauge({
    name: 'cubeshop_db_pool_connections',
    help: 'Open connections of the PostgreSQL pool: total and idle.',
    labelNames: ['kind', 'state'] as const,
    registers,
    collect() {
      const pool = sources.database.pool?.();
      if (!pool) return;
      this.set({ kind, state: 'total' }, pool.total);
      this.set({ kind, state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'cubeshop_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL connection now.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const pool = sources.database.pool?.();
      if (pool) this.set({ kind }, pool.waiting);
    },
  });
  new Counter({
    name: 'cubeshop_db_pool_waits_total',
    help: 'Times a query found every PostgreSQL connection busy and waited.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const pool = sources.database.pool?.();
      this.reset();
      if (pool) this.inc({ kind }, pool.waits);
    },
  });

  // --- outbox (order mail)
  // Read once per scrape; when the database does not answer, no figures rather than stale ones.
  let backlogNow: Promise<Awaited<ReturnType<MetricsSources['outbox']['backlog']>> | undefined> | undefined;
  const backlog = () => (backlogNow ??= sources.outbox.backlog().catch(() => undefined));
  new Gauge({
    name: 'cubeshop_outbox_messages',
    help: 'Unsent outbox messages: all waiting, due now, and those that failed at least once.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const b = await backlog();
      this.reset();
      if (!b) return;
      this.set({ state: 'waiting' }, b.waiting);
      this.set({ state: 'due' }, b.due);
      this.set({ state: 'failing' }, b.failing);
    },
  });
  new Gauge({
    name: 'cubeshop_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due outbox message has waited past its time (0: none due).',
    registers,
    async collect() {
      this.set((await backlog())?.oldestDueAgeSeconds ?? NaN);
    },
  });
  new Counter({
    name: 'cubeshop_outbox_deliveries_total',
    help: 'Outbox deliveries by this instance: sent, and failed attempts (retried later).',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const d = sources.outbox.deliveries();
      this.reset();
      this.inc({ result: 'sent' }, d.sent);
      this.inc({ result: 'failed' }, d.failed);
    },
  });

  // --- chat and translation (the chat is read once per scrape)
  let chatNow: ReturnType<MetricsSources['chat']['metrics']> | undefined;
  const chat = () => (chatNow ??= sources.chat.metrics());
  new Gauge({
    name: 'cubeshop_chat_sockets_open',
    help: 'Chat WebSockets open on this instance.',
    registers,
    collect() {
      this.set(chat().sockets);
    },
  });
  new Gauge({
    name: 'cubeshop_chat_send_queue_bytes',
    help: "Bytes written to this instance's chat sockets and not yet sent.",
    registers,
    collect() {
      this.set(chat().sendQueueBytes);
    },
  });
  new Gauge({
    name: 'cubeshop_chat_conversations_queued',
    help: 'Conversations with messages or steps queued or being stored on this instance.',
    registers,
    collect() {
      this.set(chat().queuedConversations);
    },
  });
  new Counter({
    name: 'cubeshop_translation_calls_total',
    help: 'Calls to the translation provider (a batch is one call), by result.',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const t = chat().translation;
      this.reset();
      if (!t) return;
      this.inc({ result: 'ok' }, t.calls - t.callFailures);
      this.inc({ result: 'failed' }, t.callFailures);
    },
  });
  new Counter({
    name: 'cubeshop_translation_failures_total',
    help: 'Chat messages that went out untranslated (provider failure, deadline, provider skipped after failures).',
    registers,
    collect() {
      this.reset();
      this.inc(chat().translation?.failed ?? 0);
    },
  });
  new Counter({
    name: 'cubeshop_translation_shed_total',
    help: "Chat messages sent flagged untranslated at once because the provider's queue was full (shed load).",
    registers,
    collect() {
      this.reset();
      this.inc(chat().translation?.shed ?? 0);
    },
  });
  new Gauge({
    name: 'cubeshop_translation_waiting',
    help: 'Texts waiting for a free call to the translation provider.',
    registers,
    collect() {
      this.set(chat().translation?.waiting ?? 0);
    },
  });

  // --- caches
  new Counter({
    name: 'cubeshop_cache_requests_total',
    help: 'Cache reads by cache and result: hit (answered from memory) or miss (loaded).',
    labelNames: ['cache', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const [cache, counts] of sources.caches.entries()) {
        this.inc({ cache, result: 'hit' }, counts.hits);
        this.inc({ cache, result: 'miss' }, counts.misses);
      }
    },
  });

  return {
    route(pattern) {
      const byMethod = new Map<string, Map<number, { observe(value: number): void }>>();
      return (method, status, seconds) => {
        let byStatus = byMethod.get(method);
        if (!byStatus) byMethod.set(method, (byStatus = new Map<number, { observe(value: number): void }>()));
        let series = byStatus.get(status);
        if (!series) byStatus.set(status, (series = http.labels({ method, route: pattern, status_code: String(status) })));
        series.observe(seconds);
      };
    },
    async scrape() {
      chatNow = undefined;
      backlogNow = undefined;
      return (await node.metrics()) + (await registry.metrics());
    },
    contentType: registry.contentType,
  };
}
