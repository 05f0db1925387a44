import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { CHAT_CLOSE_CODES, type TUser } from '@cubeshop/shared';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { createLocalBus, createRedisBus } from './chat.bus.js';
import { createChatGateway } from './chat.gateway.js';
import { createChatHub } from './chat.hub.js';
import { createChatImageStore } from './chat.images.js';
import { createLocalPresence, createRedisPresence } from './chat.presence.js';
import { createChatRepository } from './chat.repository.js';
import { createChatService, type ChatClock } from './chat.service.js';
import { createSessionWatch, type ChatSessions } from './chat.sessions.js';
import { createTranslationProvider, createTranslator } from './chat.translate.js';

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
  log: FastifyBaseLogger;
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
 * The customer-service chat of one server instance: service (rules and storage), hub (this
 * instance's sockets), gateway (one connection's frames), bus and presence (in-process, or
 * Redis when REDIS_URL is set). Nothing runs until start(): a CLI process that builds the
 * services opens no sockets, timers or Redis subscriptions.
 */
export function createChat({ config, db, redis, account, sessions, events, log, ...deps }: ChatDeps) {
  const prefix = chatPrefix(config);
  const instanceId = deps.instanceId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const onRedisError = (err: unknown) => log.warn({ err }, 'chat: redis');
  const bus = redis ? createRedisBus({ redis, prefix, instanceId, onError: onRedisError }) : createLocalBus((err) => log.error({ err }, 'chat: delivery failed'));
  const presence = redis ? createRedisPresence({ redis, prefix, instanceId, onError: onRedisError }) : createLocalPresence();
  const translator = createTranslator(
    createTranslationProvider({
      provider: config.TRANSLATE_PROVIDER,
      url: config.TRANSLATE_URL,
      apiKey: config.TRANSLATE_API_KEY,
      model: config.TRANSLATE_MODEL,
    }),
    { onError: throttled((err, suppressed) => log.warn({ err, suppressed }, 'chat: translation failed; sending the original')) },
  );
  const images = createChatImageStore(config.DATA_DIR);
  const service = createChatService({ repo: createChatRepository(db), bus, presence, translator, images, account, log });
  const hub = createChatHub({ service, bus, presence, log });
  const gateway = createChatGateway({
    service,
    hub,
    log,
    maxSockets: { buyer: config.CHAT_MAX_SOCKETS_BUYER, staff: config.CHAT_MAX_SOCKETS_STAFF },
  });
  const sessionWatch = createSessionWatch({ hub, sessions, events, log });

  let started = false;
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweeping.then(() => service.sweep()).catch((err: unknown) => log.error({ err }, 'chat: inactivity sweep failed'));
    return sweeping;
  };

  return {
    service,
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
      sweeper = setInterval(() => void sweep(), CHAT_SWEEP_MS);
      sweeper.unref();
    },
    /** One inactivity pass now (tests drive it with setClock). */
    async sweep() {
      await sweep();
    },
    setClock(clock: ChatClock) {
      service.setClock(clock);
    },
    /** Tells every socket of this instance to reconnect (1012) and stops sweeping. */
    closeSockets() {
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      sessionWatch.stop();
      hub.closeAll(CHAT_CLOSE_CODES.restart, 'server restart');
    },
    async close() {
      this.closeSockets();
      await service.drain();
      await sweeping;
      await presence.close().catch(onRedisError);
      await bus.close().catch(onRedisError);
    },
  };
}
export type Chat = ReturnType<typeof createChat>;
