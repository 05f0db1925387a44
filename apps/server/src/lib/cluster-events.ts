import type { Redis } from 'ioredis';

/**
 * Events every server instance must hear at once: a session that ended, a setting or a cache
 * that changed. In one process they are function calls; with REDIS_URL they are also published
 * on one pub/sub channel per deployment (`<prefix>:events`) and every other instance runs its
 * handlers too. Redis pub/sub delivers at most once, so each consumer keeps a slower safety net
 * of its own (the chat re-checks its sockets' sessions every minute, caches expire).
 */
export interface ClusterEventMap {
  /**
   * Sessions ended: these tokens (sign-out), or every token of a user except one (password
   * changed or reset: the caller's own token stays).
   */
  'sessions.revoked': { tokenHashes: string[] } | { userId: number; exceptTokenHash?: string | undefined };
  /** Shop settings were written (modules/settings): every instance drops its cached copies of them. */
  'settings.changed': { keys: string[] };
  /** Shipping methods, zones, rates or payment methods were changed by staff: every instance drops its cached tables. */
  'shipping.changed': Record<string, never>;
  /**
   * Products, categories or brands were written (coalesced): every instance drops its catalog
   * caches and rendered pages; with `items`, only those products were written (their kept
   * fragments go, with the lists, pages and search index, not the other products' fragments);
   * with `stock`, only those products' stock changed (their states, pages and details go; names,
   * prices and the search index stay); `pages: false` with it: an order moved that stock (only
   * the states and those products' details go).
   */
  'catalog.changed': { at: number; items?: number[]; stock?: number[]; pages?: false };
  /** Orders were placed or changed by staff: every instance drops what it keeps about the staff queue (counts per status). */
  'orders.changed': { count: number };
  /** A user's staff role was given or taken: every instance reads that user's sessions again. */
  'users.changed': { userId: number };
}
export type ClusterEventName = keyof ClusterEventMap;

export interface ClusterEvents {
  readonly kind: 'local' | 'redis';
  /** Runs this instance's handlers now and, with Redis, every other instance's. Never throws. */
  publish<K extends ClusterEventName>(name: K, payload: ClusterEventMap[K]): void;
  on<K extends ClusterEventName>(name: K, handler: (payload: ClusterEventMap[K]) => void): void;
  /** Resolves once events from other instances arrive (Redis: subscribed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  /** Publishing instance. */
  o: string;
  n: ClusterEventName;
  p: unknown;
}

export interface ClusterEventsOptions {
  redis?: Redis | undefined;
  prefix: string;
  instanceId: string;
  onError: (err: unknown) => void;
}

export function createClusterEvents({ redis, prefix, instanceId, onError }: ClusterEventsOptions): ClusterEvents {
  const handlers = new Map<ClusterEventName, ((payload: never) => void)[]>();
  const deliver = (name: ClusterEventName, payload: unknown) => {
    for (const handler of handlers.get(name) ?? []) {
      try {
        (handler as (p: unknown) => void)(payload);
      } catch (err) {
        onError(err);
      }
    }
  };
  const channel = `${prefix}:events`;
  let sub: Redis | undefined;
  let subscribed: Promise<void> | undefined;
  let closed = false;

  const subscribe = async () => {
    if (!redis) return;
    const connection = redis.duplicate();
    sub = connection;
    connection.on('error', onError);
    connection.on('message', (ch: string, raw: string) => {
      if (ch !== channel) return;
      try {
        const envelope = JSON.parse(raw) as Envelope;
        if (envelope.o !== instanceId && handlers.has(envelope.n)) deliver(envelope.n, envelope.p);
      } catch (err) {
        onError(err);
      }
    });
    await connection.subscribe(channel);
  };

  return {
    kind: redis ? 'redis' : 'local',
    publish(name, payload) {
      deliver(name, payload);
      if (!redis || closed) return;
      redis.publish(channel, JSON.stringify({ o: instanceId, n: name, p: payload } satisfies Envelope)).catch(onError);
    },
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler);
      handlers.set(name, list);
    },
    ready: () => (subscribed ??= subscribe()),
    async close() {
      closed = true;
      const connection = sub;
      if (connection) await connection.quit().catch(() => connection.disconnect());
    },
  };
}
