import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { TChatPerson } from '@cubeshop/shared';
import type { ChatBus } from './chat.bus.js';
import type { ChatActor } from './chat.context.js';

/**
 * Which agents have an open chat connection (GET /api/groups/admin, invite). Each instance knows
 * its own sockets; with Redis the instances share a sorted set of `<uid>|<instance>` scored by an
 * expiry time that every instance refreshes every 10 s, so a crashed instance's agents drop out
 * within 30 s on their own.
 */
export interface PresenceStore {
  /** An agent's first socket on this instance opened (online) or the last one closed. */
  set(person: TChatPerson, online: boolean): Promise<void>;
  onlineAgents(): Promise<TChatPerson[]>;
  isOnline(uid: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Presence of one process alone: the agents with sockets here. */
export function createLocalPresence(): PresenceStore {
  const online = new Map<number, string>();
  return {
    set(person, isOnline) {
      if (isOnline) online.set(person.uid, person.uname);
      else online.delete(person.uid);
      return Promise.resolve();
    },
    onlineAgents: () => Promise.resolve([...online].map(([uid, uname]) => ({ uid, uname }))),
    isOnline: (uid) => Promise.resolve(online.has(uid)),
    close: () => Promise.resolve(),
  };
}

export interface RedisPresenceOptions {
  redis: Redis;
  prefix: string;
  instanceId: string;
  ttlMs?: number;
  beatMs?: number;
  onError: (err: unknown) => void;
}

export function createRedisPresence({ redis, prefix, instanceId, ttlMs = 30_000, beatMs = 10_000, onError }: RedisPresenceOptions): PresenceStore {
  // The key keeps its first name: instances of two versions share it during a rolling deploy.
  const key = `${prefix}:chat:presence:admins`;
  const names = `${prefix}:chat:presence:names`;
  const local = new Map<number, string>();
  const member = (uid: number) => `${uid}|${instanceId}`;

  const beat = async () => {
    const now = Date.now();
    const pipeline = redis.pipeline();
    for (const [uid, uname] of local) {
      pipeline.zadd(key, now + ttlMs, member(uid));
      pipeline.hset(names, String(uid), uname);
    }
    pipeline.zremrangebyscore(key, 0, now);
    await pipeline.exec();
  };
  let timer: NodeJS.Timeout | undefined;
  const startBeat = () => {
    if (timer) return;
    timer = setInterval(() => void beat().catch(onError), beatMs);
    timer.unref();
  };

  const onlineUids = async (): Promise<number[]> => {
    const members = await redis.zrangebyscore(key, Date.now(), '+inf');
    return [...new Set(members.map((m) => Number(m.split('|')[0])))].filter((n) => Number.isSafeInteger(n));
  };

  return {
    async set(person, online) {
      if (online) {
        startBeat();
        local.set(person.uid, person.uname);
        await redis
          .multi()
          .zadd(key, Date.now() + ttlMs, member(person.uid))
          .hset(names, String(person.uid), person.uname)
          .exec();
      } else {
        local.delete(person.uid);
        await redis.zrem(key, member(person.uid));
      }
    },
    async onlineAgents() {
      const uids = await onlineUids();
      if (!uids.length) return [];
      const unames = await redis.hmget(names, ...uids.map(String));
      return uids.map((uid, i) => ({ uid, uname: unames[i] ?? '' }));
    },
    async isOnline(uid) {
      return (await onlineUids()).includes(uid);
    },
    async close() {
      if (timer) clearInterval(timer);
      if (local.size) await redis.zrem(key, ...[...local.keys()].map(member)).catch(onError);
      local.clear();
    },
  };
}

export interface PresenceAnnouncerOptions {
  presence: Pick<PresenceStore, 'set' | 'isOnline'>;
  bus: Pick<ChatBus, 'publish'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Presence events as sockets come and go on this instance: an agent's first socket here makes
 * them online (store, then `presence` to every agent); their last one here makes them offline
 * unless another instance still has them. A buyer is announced to their conversation when they
 * connect, and their last socket here going away announces them offline there.
 */
export function createPresenceAnnouncer({ presence, bus, log }: PresenceAnnouncerOptions) {
  const warn = (err: unknown) => log.warn({ err }, 'chat presence update failed');
  return {
    /** A socket opened; first: its user's first socket on this instance. */
    opened(actor: ChatActor, first: boolean) {
      if (!actor.agent || !first) return;
      const person = { uid: actor.uid, uname: actor.uname };
      presence
        .set(person, true)
        .catch(warn)
        .finally(() => bus.publish({ k: 'agents', frame: { type: 'presence', ...person, admin: true, online: true } }));
    },

    /** A socket closed; last: it was its user's last socket here; gids: the conversations it was in. */
    closed(actor: ChatActor, gids: readonly string[], last: boolean) {
      if (!last) return;
      const person = { uid: actor.uid, uname: actor.uname };
      if (actor.agent) {
        presence
          .set(person, false)
          .then(() => presence.isOnline(person.uid))
          .then((elsewhere) => {
            if (!elsewhere) bus.publish({ k: 'agents', frame: { type: 'presence', ...person, admin: true, online: false } });
          })
          .catch(warn);
      } else {
        for (const gid of gids) bus.publish({ k: 'gid', gid, frame: { type: 'presence', ...person, admin: false, online: false } });
      }
    },

    /** The buyer is here: tells their conversation. */
    buyerOnline(actor: ChatActor, gid: string) {
      bus.publish({ k: 'gid', gid, frame: { type: 'presence', uid: actor.uid, uname: actor.uname, admin: false, online: true } });
    },
  };
}
export type PresenceAnnouncer = ReturnType<typeof createPresenceAnnouncer>;
