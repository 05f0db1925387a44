import type { z } from 'zod';
import {
  UNPAID_ORDERS_OFF,
  ZBankTransferDetails,
  ZCarouselSetting,
  ZDocumentSeller,
  ZExchangeRateSetting,
  ZFreeShippingSetting,
  ZShopContact,
  ZUnpaidOrdersSetting,
  type TCarouselSetting,
  type TShopContact,
  type TUnpaidOrdersSetting,
} from '@cubeshop/shared';
import { LoadingCache, type CacheStats } from '../../lib/cache.js';
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
  exchangeRate: ZExchangeRateSetting,
  /** Free shipping from this many USD cents of goods; null: no free shipping (docs/orders.md). */
  freeShipping: ZFreeShippingSetting,
  /** Bank-transfer (T/T) details shown on T/T orders and their documents (docs/orders.md). */
  bankTransfer: ZBankTransferDetails,
  /** The home carousel: the newest products, or products picked by the owner. */
  carousel: ZCarouselSetting,
  /** The storefront footer's contact details. */
  contact: ZShopContact,
  /** The seller on order documents (else the bank account's holder). */
  documentSeller: ZDocumentSeller,
  /** When to remind buyers of unpaid orders and when to cancel them (docs/orders.md, Unpaid orders). */
  unpaidOrders: ZUnpaidOrdersSetting,
} as const;

/** The home carousel when the owner picked nothing. */
export const DEFAULT_CAROUSEL: TCarouselSetting = { mode: 'newest', productIds: [] };

/** The contact details the storefront showed before they were a setting (the demo shop's). */
export const DEFAULT_CONTACT: TShopContact = {
  email: 'service@cubeshop.example',
  phone: '+86 755 8888 6688',
  wechat: 'cubeshop_service',
  whatsapp: '+86 138 2345 6789',
  addressZh: '广东省深圳市龙岗区坂田街道五和大道 168 号魔方产业园 3 栋 5 楼',
  addressEn: '5F, Building 3, Cube Industrial Park, 168 Wuhe Avenue, Bantian, Longgang District, Shenzhen, Guangdong, China',
  hoursZh: '周一至周六 9:00-18:00（北京时间）',
  hoursEn: 'Mon-Sat 9:00-18:00 (Beijing time)',
};

export type ShopSettings = { [K in keyof typeof ZSettingValues]: z.infer<(typeof ZSettingValues)[K]> };
export type SettingKey = keyof ShopSettings;

const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(ZSettingValues, key);

/** The stored settings of known keys whose values have the right shape. */
type Known = Map<SettingKey, ShopSettings[SettingKey]>;

export interface SettingsServiceDeps {
  /** Cluster events: a write on one instance drops the cached settings on every instance. */
  events: Pick<ClusterEvents, 'publish' | 'on'>;
  /** Lifetime of the cached settings, ms (default 60 s): the safety net when an event is lost. */
  ttlMs?: number | undefined;
  now?: (() => number) | undefined;
  /** Hit and miss counts (metrics), as 'settings'. */
  cacheStats?: CacheStats | undefined;
}

/**
 * Shop-wide settings (exchange rate, free-shipping threshold; later bank details, carousel ...).
 * The table is small and read on hot paths, so all of it is kept in memory; a write here drops the
 * copy at once, on every instance through the cluster events (Redis), and tells the listeners
 * (the catalog empties its pages priced with the old rate). The only way to the `settings` table.
 */
export function createSettingsService(repo: SettingsRepository, deps: SettingsServiceDeps) {
  const cache = new LoadingCache<Known>({ ttlMs: deps.ttlMs ?? 60_000, maxEntries: 1, now: deps.now, name: 'settings', stats: deps.cacheStats });
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
  deps.events.on('settings.changed', ({ keys }) => changed(keys.filter(isSettingKey)));
  const announce = (keys: SettingKey[]) => deps.events.publish('settings.changed', { keys });

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

    /** The unpaid-order follow-up's days, 0 read as off (null); both off when not set. */
    async unpaidOrders(): Promise<TUnpaidOrdersSetting> {
      const u = (await service.get('unpaidOrders')) ?? UNPAID_ORDERS_OFF;
      return { remindAfterDays: u.remindAfterDays || null, cancelAfterDays: u.cancelAfterDays || null };
    },

    /** Stores a setting (validated by its shape) and drops every cached copy. */
    async set<K extends SettingKey>(key: K, value: ShopSettings[K]): Promise<void> {
      const parsed = ZSettingValues[key].parse(value);
      await repo.put(key, parsed);
      // the seed and the command line keep the rate history too (who: nobody)
      if (key === 'exchangeRate') await repo.addRate((parsed as ShopSettings['exchangeRate']).cnyPerUsd, null);
      announce([key]);
    },

    /** Stores a setting only when it has no value yet (seeding); true when it was written. */
    async setIfMissing<K extends SettingKey>(key: K, value: ShopSettings[K]): Promise<boolean> {
      const parsed = ZSettingValues[key].parse(value);
      const written = await repo.putIfMissing(key, parsed);
      if (written && key === 'exchangeRate') await repo.addRate((parsed as ShopSettings['exchangeRate']).cnyPerUsd, null);
      if (written) announce([key]);
      return written;
    },

    /** Drops every instance's cached copy after keys were written elsewhere (the settings staff service's transaction). */
    announce(keys: SettingKey[]): void {
      announce(keys);
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
