import { isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { tooManyRequests, type DomainError } from '../../lib/app-error.js';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Abuse limits of the account flows (docs/accounts.md). With Redis (REDIS_URL) every instance
 * counts in the same Redis keys; otherwise each process counts in memory.
 */
export const LIMITS = {
  /** Codes sent to one e-mail or mobile, whatever the purpose. */
  codeTarget: { points: 10, seconds: 3600 },
  /** Code requests from one IP address. */
  codeIp: { points: 30, seconds: 3600 },
  /** Codes one signed-in account asks for an address of its choosing (the newsletter's), per hour. */
  codeAccount: { points: 5, seconds: 3600 },
  /** Different addresses one signed-in account may have codes sent to in a day. */
  codeAccountTargets: { points: 3, seconds: 86_400 },
  /** Marks an (account, address) pair seen today, so codeAccountTargets counts each address once. */
  codeAccountPair: { points: 1, seconds: 86_400 },
  /** Failed sign-ins (and wrong current passwords) per account and source: the pair is locked after 5. */
  signinPair: { points: 5, seconds: 900 },
  /** Failed sign-ins per source (shared offices and carrier NAT sit behind one address). */
  signinIp: { points: 50, seconds: 900 },
  /**
   * Failed sign-ins per account from all sources. Counted, never a lock: once the account has this
   * many, attempts from sources it does not know are slowed down (SIGNIN_SLOWDOWN).
   */
  signinAccount: { points: 10, seconds: 900 },
} as const;
export type LimitName = keyof typeof LIMITS;

/**
 * The slowdown of an account under attack: attempts from unknown sources pass its lane one at a time
 * (a pass holds the lane at most `holdSeconds`, longer than a password check), and each failure closes
 * the lane for 2^(failures - 10) s, at most `maxSeconds`.
 */
export const SIGNIN_SLOWDOWN = { holdSeconds: 10, maxSeconds: 60 } as const;
export function slowdownSeconds(accountFailures: number): number {
  return Math.min(SIGNIN_SLOWDOWN.maxSeconds, 2 ** Math.max(0, accountFailures - LIMITS.signinAccount.points));
}

export interface Limiter {
  readonly points: number;
  /** Counts one event; returns 0 when it was within the limit, else the seconds until the key is free again. */
  hit(key: string): Promise<number>;
  /** Counts one event and returns how many the key has in the current window, this one included (beyond the limit too). */
  count(key: string): Promise<number>;
  /** Seconds until the key may act again; 0 when it has points left. Counts nothing. */
  blockedFor(key: string): Promise<number>;
  /** Gives one point back (an event that did not happen after all). */
  refund(key: string): Promise<void>;
  /** Forgets the key (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function wrap(limiter: RateLimiterAbstract, points: number): Limiter {
  return {
    points,
    async hit(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return seconds(rejection.msBeforeNext);
        throw rejection;
      }
    },
    async count(key) {
      try {
        return (await limiter.consume(key)).consumedPoints;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return rejection.consumedPoints;
        throw rejection;
      }
    },
    async blockedFor(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= points ? seconds(res.msBeforeNext) : 0;
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/**
 * A lane per key that is open or closed until a time. Times come from the caller (the app's clock,
 * so tests can move it); with Redis every instance sees the same lanes.
 */
export interface Gate {
  /** Takes an open lane for `holdMs` and answers 0; a closed one answers the seconds until it opens and is left as it is. */
  claim(key: string, nowMs: number, holdMs: number): Promise<number>;
  /** Closes the lane until `nowMs + ms`. */
  close(key: string, nowMs: number, ms: number): Promise<void>;
  /** Opens the lane. */
  open(key: string): Promise<void>;
}

function memoryGate(): Gate {
  const closedUntil = new Map<string, number>();
  const sweep = (nowMs: number) => {
    if (closedUntil.size < 10_000) return;
    for (const [key, until] of closedUntil) if (until <= nowMs) closedUntil.delete(key);
  };
  return {
    claim(key, nowMs, holdMs) {
      const until = closedUntil.get(key) ?? 0;
      if (until > nowMs) return Promise.resolve(seconds(until - nowMs));
      sweep(nowMs);
      closedUntil.set(key, nowMs + holdMs);
      return Promise.resolve(0);
    },
    close(key, nowMs, ms) {
      sweep(nowMs);
      closedUntil.set(key, nowMs + ms);
      return Promise.resolve();
    },
    open(key) {
      closedUntil.delete(key);
      return Promise.resolve();
    },
  };
}

// KEYS[1] lane; ARGV now (ms), hold (ms). The key holds the time it opens; its TTL only tidies up.
const CLAIM_SCRIPT = `local untilMs = tonumber(redis.call('get', KEYS[1]) or '0')
local nowMs = tonumber(ARGV[1])
if untilMs > nowMs then return untilMs - nowMs end
redis.call('set', KEYS[1], nowMs + tonumber(ARGV[2]), 'PX', ARGV[2])
return 0`;

/** A gate in Redis that falls back to memory while Redis is unreachable (like the limiters' insurance). */
function redisGate(redis: Redis, keyPrefix: string, fallback: Gate): Gate {
  const k = (key: string) => `${keyPrefix}:${key}`;
  return {
    async claim(key, nowMs, holdMs) {
      try {
        const left = Number(await redis.eval(CLAIM_SCRIPT, 1, k(key), Math.round(nowMs), Math.max(1, Math.round(holdMs))));
        return left > 0 ? seconds(left) : 0;
      } catch {
        return fallback.claim(key, nowMs, holdMs);
      }
    },
    async close(key, nowMs, ms) {
      const px = Math.max(1, Math.round(ms));
      try {
        await redis.set(k(key), String(Math.round(nowMs) + px), 'PX', px);
      } catch {
        await fallback.close(key, nowMs, ms);
      }
    },
    async open(key) {
      try {
        await redis.del(k(key));
      } catch {
        await fallback.open(key);
      }
    },
  };
}

/**
 * One limiter per rule, and the slowdown lanes. The Redis ones fall back to memory while Redis is
 * unreachable, so an outage weakens the limits on that instance instead of failing every sign-in.
 */
export function createLimits(redis?: Redis, prefix = 'cubeshop:rl') {
  const entries = Object.entries(LIMITS).map(([name, { points, seconds: duration }]) => {
    const keyPrefix = `${prefix}:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    const limiter = redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: memory }) : memory;
    return [name, wrap(limiter, points)] as const;
  });
  const limiters = Object.fromEntries(entries) as Record<LimitName, Limiter>;
  /** Per account: the lane of sign-in attempts from unknown sources (SIGNIN_SLOWDOWN). */
  const signinSlow = redis ? redisGate(redis, `${prefix}:signinSlow`, memoryGate()) : memoryGate();
  return { ...limiters, signinSlow };
}
export type Limits = ReturnType<typeof createLimits>;

/** 429 with the minutes (or seconds) in desc and `retryAfter` (seconds) in details and in the Retry-After header. */
export function limitedError(
  key: 'codeTargetLimited' | 'codeIpLimited' | 'codeAccountLimited' | 'signinLocked' | 'signinSlowed',
  retryAfter: number,
): DomainError {
  return tooManyRequests(key, retryAfter, { minutes: Math.ceil(retryAfter / 60) });
}

/** The 16-bit groups of an IPv6 address (with `::`, an IPv4 tail or a zone), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split('%')[0] ?? '';
  if (!isIPv6(bare)) return undefined;
  const parse = (part: string) => {
    if (!part) return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else groups.push(parseInt(piece, 16));
    }
    return groups;
  };
  const [head = '', tail] = bare.split('::');
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The source of a request for the sign-in limits: an IPv4 address as it is (also when it comes
 * IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address as its /64, because one host usually holds a whole
 * /64 and could otherwise rotate through it (`2001:db8:1:2::/64`, `2001:db8:0:0::/64`).
 */
export function sourceOf(ip: string): string {
  const address = ip.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address.toLowerCase();
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
