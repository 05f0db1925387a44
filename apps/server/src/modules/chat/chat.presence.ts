import type { Redis } from 'ioredis';
import type { TChatPerson } from '@cubeshop/shared';

/**
 * Which admins have an open chat connection (GET /api/groups/admin, invite). Each instance knows
 * its own sockets; with Redis the instances share a sorted set of `<uid>|<instance>` scored by an
 * expiry time that every instance refreshes every 10 s, so a crashed instance's admins drop out
 * within 30 s on their own.
 */
export interface PresenceStore {
  /** An admin's first socket on this instance opened (online) or the last one closed. */
  set(person: TChatPerson, online: boolean): Promise<void>;
  onlineAdmins(): Promise<TChatPerson[]>;
  isOnline(uid: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Presence of one process alone: the admins with sockets here. */
export function createLocalPresence(): PresenceStore {
  const online = new Map<number, string>();
  return {
    async set(person, isOnline) {
      if (isOnline) online.set(person.uid, person.uname);
      else online.delete(person.uid);
    },
    async onlineAdmins() {
      return [...online].map(([uid, uname]) => ({ uid, uname }));
    },
    async isOnline(uid) {
      return online.has(uid);
    },
    close: async () => undefined,
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
    timer = setInterval(() => beat().catch(onError), beatMs);
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
    async onlineAdmins() {
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
