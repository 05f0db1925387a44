import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { CHAT_CLOSE_CODES, type TUser } from '@cubeshop/shared';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CacheStats } from '../../lib/cache.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { ObjectStorage } from '../../lib/object-storage.js';
import { createLocalBus, createRedisBus } from './chat.bus.js';
import { createConnectionRegistry } from './chat.connections.js';
import { createSwitchableClock, type ChatClock } from './chat.context.js';
import { createConversations } from './chat.conversations.js';
import { createFanout } from './chat.fanout.js';
import { createChatGateway } from './chat.gateway.js';
import { createChatGroups } from './chat.groups.js';
import { createChatHub } from './chat.hub.js';
import { createIdleRule, createIdleSweeper } from './chat.idle.js';
import { createChatImageStore } from './chat.images.js';
import { createMessaging } from './chat.messaging.js';
import { createLocalPresence, createPresenceAnnouncer, createRedisPresence } from './chat.presence.js';
import { createReadCursors } from './chat.read-cursors.js';
import { createChatBuyerHistory } from './chat.buyers.js';
import { createChatBuyersRepository } from './chat.buyers.repository.js';
import { createChatRepository } from './chat.repository.js';
import { createSerialQueue } from './chat.serial.js';
import { createChatService } from './chat.service.js';
import { createSessionWatch, type ChatSessions } from './chat.sessions.js';
import { createTranslationProvider } from './chat.translate.js';
import { createTranslator } from './chat.translator.js';

export interface ChatDeps {
  config: TConfig;
  db: Db;
  redis?: Redis | undefined;
  account: { getUser(id: number): Promise<TUser | undefined> };
  /** Sessions (authn): open sockets close when theirs ends. */
  sessions: ChatSessions;
  /** Cluster events: where ended sessions are announced. */
  events: Pick<ClusterEvents, 'on' | 'ready'>;
  /** This process among the instances (services.ts). */
  instanceId?: string;
  /** Where chat images are stored: the shop's object storage seen under `chat/` (lib/object-storage.ts). */
  pictures: ObjectStorage;
  log: FastifyBaseLogger;
  /** Hit and miss counts of the translation cache (metrics). */
  cacheStats?: CacheStats | undefined;
}

/** Calls fn at most once per intervalMs, telling it how many calls it swallowed meanwhile. */
function throttled(fn: (err: unknown, suppressed: number) => void, intervalMs = 10_000) {
  let last = 0;
  let suppressed = 0;
  return (err: unknown) => {
    const at = Date.now();
    if (at - last < intervalMs) {
      suppressed++;
      return;
    }
    fn(err, suppressed);
    last = at;
    suppressed = 0;
  };
}

/** How often each instance looks for idle conversations (warning at 4.5 min, end at 5 min). */
export const CHAT_SWEEP_MS = 1_000;

/** Redis key and channel prefix, one per deployment sharing a Redis (REDIS_PREFIX, default "cubeshop"). */
export function chatPrefix(config: TConfig): string {
  return config.REDIS_PREFIX;
}

/**
 * The customer-service chat of one server instance, composed of its units:
 * - rules (no sockets): groups, conversations (lifecycle), messaging, read cursors, the idle
 *   rule, behind one service; steps on one conversation queued one after another;
 * - this instance's sockets: the connection registry, fan-out (ordered delivery, each socket's
 *   sequencer), presence events, behind the hub; the gateway (one connection's frames);
 * - shared: bus and presence store (in-process, or Redis when REDIS_URL is set), translator,
 *   image store, repository, the session watch.
 * Nothing runs until start(): a CLI process that builds the services opens no sockets, timers or
 * Redis subscriptions.
 */
export function createChat({ config, db, redis, account, sessions, events, log, pictures, ...deps }: ChatDeps) {
  const prefix = chatPrefix(config);
  const instanceId = deps.instanceId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const onRedisError = (err: unknown) => log.warn({ err }, 'chat: redis');
  const bus = redis
    ? createRedisBus({ redis, prefix, instanceId, onError: onRedisError })
    : createLocalBus((err) => log.error({ err }, 'chat: delivery failed'));
  const presence = redis ? createRedisPresence({ redis, prefix, instanceId, onError: onRedisError }) : createLocalPresence();
  const translator = createTranslator(
    createTranslationProvider({
      provider: config.TRANSLATE_PROVIDER,
      url: config.TRANSLATE_URL,
      apiKey: config.TRANSLATE_API_KEY,
      model: config.TRANSLATE_MODEL,
      connections: config.TRANSLATE_CONCURRENCY,
    }),
    {
      concurrency: config.TRANSLATE_CONCURRENCY,
      cacheStats: deps.cacheStats,
      onError: throttled((err, suppressed) => log.warn({ err, suppressed }, 'chat: translation failed (the original went out; receivers are told)')),
    },
  );
  const repo = createChatRepository(db);
  const images = createChatImageStore({ storage: pictures, repo });

  // the rules
  const clock = createSwitchableClock();
  const queue = createSerialQueue();
  const groups = createChatGroups({ repo, presence, clock });
  const conversations = createConversations({ repo, bus, presence, account, groups, queue, clock });
  const messaging = createMessaging({
    repo,
    bus,
    translator,
    images,
    groups,
    queue,
    clock,
    onError: (err) => log.error({ err }, 'chat: storing a translation failed'),
  });
  const reads = createReadCursors({ repo, bus, groups, clock });
  const idle = createIdleRule({ repo, bus, conversations, groups, clock, log });
  const service = createChatService({ clock, translationMode: translator.mode, groups, conversations, messaging, reads, idle, queue });

  // this instance's sockets
  const connections = createConnectionRegistry({ log });
  const fanout = createFanout({ connections, history: (...args) => messaging.history(...args), mode: translator.mode, log });
  const hub = createChatHub({ connections, fanout, presence: createPresenceAnnouncer({ presence, bus, log }), bus, log });
  const gateway = createChatGateway({
    service,
    hub,
    log,
    maxSockets: { buyer: config.CHAT_MAX_SOCKETS_BUYER, staff: config.CHAT_MAX_SOCKETS_STAFF },
  });
  const sessionWatch = createSessionWatch({ hub, sessions, events, log });
  const sweeper = createIdleSweeper({ sweep: () => service.sweep(), intervalMs: CHAT_SWEEP_MS, log });

  let started = false;

  return {
    service,
    /** A buyer's past conversations for staff (the customers page). */
    buyerHistory: createChatBuyerHistory(createChatBuyersRepository(db)),
    hub,
    gateway,
    sessionWatch,
    images,
    bus,
    instanceId,
    prefix,
    /** Subscribes the bus, starts the heartbeat and the inactivity sweep. */
    async start() {
      if (started) return;
      started = true;
      await bus.ready();
      await events.ready();
      hub.startHeartbeat();
      sessionWatch.start();
      sweeper.start();
    },
    /**
     * What the metrics show of the chat on this instance: open sockets, bytes waiting in them,
     * conversations with steps queued or running, and the translator's counts (absent: no provider).
     */
    metrics() {
      return { sockets: hub.stats().sockets, sendQueueBytes: hub.bufferedBytes(), queuedConversations: queue.busy, translation: translator.stats?.() };
    },
    /** One inactivity pass now (tests drive it with setClock). */
    async sweep() {
      await sweeper.runNow();
    },
    setClock(next: ChatClock) {
      service.setClock(next);
    },
    /** Tells every socket of this instance to reconnect (1012) and stops sweeping. */
    closeSockets() {
      sweeper.stop();
      sessionWatch.stop();
      hub.closeAll(CHAT_CLOSE_CODES.restart, 'server restart');
    },
    async close() {
      this.closeSockets();
      await service.drain();
      await messaging.settled(5_000);
      await sweeper.settled();
      await translator.close().catch((err: unknown) => log.warn({ err }, 'chat: closing the translation provider failed'));
      await presence.close().catch(onRedisError);
      await bus.close().catch(onRedisError);
    },
  };
}
export type Chat = ReturnType<typeof createChat>;
