import { z } from 'zod';
import { ZBankTransferDetails } from '@cubeshop/shared';
import { LoadingCache } from '../../lib/cache.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { SettingsRepository } from './settings.repository.js';

/** CNY per USD when no rate is stored (an empty database); the demo seed stores 7.1. */
export const FALLBACK_CNY_PER_USD = 7.1;

/**
 * The shop settings this server knows, each with the shape of its stored value. A stored value of
 * another shape reads as missing (the defaults below apply), never as a crash.
 */
export const ZSettingValues = {
  /** CNY per USD for x-price-type: USD (docs/catalog.md, Money). */
  exchangeRate: z.object({ cnyPerUsd: z.number().positive() }),
  /** Free shipping from this many USD cents of goods; null: no free shipping (docs/orders.md). */
  freeShipping: z.object({ thresholdUsdCents: z.number().int().min(0).nullable() }),
  /** Bank-transfer (T/T) details shown on T/T orders and their documents (docs/orders.md). */
  bankTransfer: ZBankTransferDetails,
} as const;

export type ShopSettings = { [K in keyof typeof ZSettingValues]: z.infer<(typeof ZSettingValues)[K]> };
export type SettingKey = keyof ShopSettings;

const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(ZSettingValues, key);

/** The stored settings of known keys whose values have the right shape. */
type Known = Map<SettingKey, ShopSettings[SettingKey]>;

export interface SettingsServiceDeps {
  /** Cluster events: a write on one instance drops the cached settings on every instance. */
  events?: Pick<ClusterEvents, 'publish' | 'on'> | undefined;
  /** Lifetime of the cached settings, ms (default 60 s): the safety net when an event is lost. */
  ttlMs?: number | undefined;
  now?: (() => number) | undefined;
}

/**
 * Shop-wide settings (exchange rate, free-shipping threshold; later bank details, carousel ...).
 * The table is small and read on hot paths, so all of it is kept in memory; a write here drops the
 * copy at once, on every instance through the cluster events (Redis), and tells the listeners
 * (the catalog empties its pages priced with the old rate). The only way to the `settings` table.
 */
export function createSettingsService(repo: SettingsRepository, deps: SettingsServiceDeps = {}) {
  const cache = new LoadingCache<Known>({ ttlMs: deps.ttlMs ?? 60_000, maxEntries: 1, now: deps.now });
  const listeners = new Set<(keys: SettingKey[]) => void>();

  const load = async (): Promise<Known> => {
    const known: Known = new Map();
    for (const [key, raw] of await repo.all()) {
      if (!isSettingKey(key)) continue;
      const parsed = ZSettingValues[key].safeParse(raw);
      if (parsed.success) known.set(key, parsed.data);
    }
    return known;
  };
  const stored = () => cache.get('all', load);

  /** Drops the cached copy and tells the listeners (this instance). */
  const changed = (keys: SettingKey[]) => {
    cache.clear();
    for (const listener of listeners) listener(keys);
  };
  deps.events?.on('settings.changed', ({ keys }) => changed(keys.filter(isSettingKey)));
  const announce = (keys: SettingKey[]) => (deps.events ? deps.events.publish('settings.changed', { keys }) : changed(keys));

  const service = {
    /** A setting's value, or undefined when it is not stored (or not of its shape). */
    async get<K extends SettingKey>(key: K): Promise<ShopSettings[K] | undefined> {
      return (await stored()).get(key) as ShopSettings[K] | undefined;
    },

    /** CNY per USD (FALLBACK_CNY_PER_USD when no rate is stored). */
    async cnyPerUsd(): Promise<number> {
      return (await service.get('exchangeRate'))?.cnyPerUsd ?? FALLBACK_CNY_PER_USD;
    },

    /** The free-shipping threshold in USD cents; null when the shop has none (or it is not set). */
    async freeShippingThresholdUsdCents(): Promise<number | null> {
      return (await service.get('freeShipping'))?.thresholdUsdCents ?? null;
    },

    /** Stores a setting (validated by its shape) and drops every cached copy. */
    async set<K extends SettingKey>(key: K, value: ShopSettings[K]): Promise<void> {
      await repo.put(key, ZSettingValues[key].parse(value));
      announce([key]);
    },

    /** Stores a setting only when it has no value yet (seeding); true when it was written. */
    async setIfMissing<K extends SettingKey>(key: K, value: ShopSettings[K]): Promise<boolean> {
      const written = await repo.putIfMissing(key, ZSettingValues[key].parse(value));
      if (written) announce([key]);
      return written;
    },

    /** Calls `listener` with the changed keys after every write, here or on another instance. */
    onChange(listener: (keys: SettingKey[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Drops this instance's cached copy (the next read goes to the database). */
    invalidate(): void {
      cache.clear();
    },
  };
  return service;
}
export type SettingsService = ReturnType<typeof createSettingsService>;
