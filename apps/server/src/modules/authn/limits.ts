import type { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error.js';
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
  /** Failed sign-ins (and wrong current passwords) per account. */
  signinAccount: { points: 5, seconds: 900 },
  /** Failed sign-ins per IP address (shared offices and carrier NAT sit behind one address). */
  signinIp: { points: 50, seconds: 900 },
} as const;
export type LimitName = keyof typeof LIMITS;

export interface Limiter {
  readonly points: number;
  /** Counts one event; returns 0 when it was within the limit, else the seconds until the key is free again. */
  hit(key: string): Promise<number>;
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
 * One limiter per rule. The Redis ones fall back to memory while Redis is unreachable, so an
 * outage weakens the limits on that instance instead of failing every sign-in.
 */
export function createLimits(redis?: Redis, prefix = 'cubeshop:rl'): Record<LimitName, Limiter> {
  const entries = Object.entries(LIMITS).map(([name, { points, seconds: duration }]) => {
    const keyPrefix = `${prefix}:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    const limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: memory })
      : memory;
    return [name, wrap(limiter, points)] as const;
  });
  return Object.fromEntries(entries) as Record<LimitName, Limiter>;
}
export type Limits = ReturnType<typeof createLimits>;

/** 429 with the minutes in desc and `retryAfter` (seconds) in details and in the Retry-After header. */
export function limitedError(key: 'codeTargetLimited' | 'codeIpLimited' | 'signinLocked', retryAfter: number): AppError {
  return new AppError(429, 'TOO_MANY_REQUESTS', key, { minutes: Math.ceil(retryAfter / 60) }, { retryAfter });
}
