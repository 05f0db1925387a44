import {
  NEWEST_CAROUSEL_SIZE,
  UNPAID_ORDERS_OFF,
  ZProductListQuery,
  type TStaffSettings,
  type TStaffSettingsUpdate,
  type TExchangeRateHistory,
  type TProduct,
  type TShopPublicSettings,
} from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { CatalogQuery, View } from '../catalog/catalog.module.js';
import type { SettingsRepository } from './settings.repository.js';
import { DEFAULT_CAROUSEL, DEFAULT_CONTACT, FALLBACK_CNY_PER_USD, ZSettingValues, type SettingKey, type SettingsService } from './settings.service.js';

export interface SettingsStaffDeps {
  settings: SettingsService;
  audit: Pick<AuditService, 'record'>;
  /** The products of the home carousel (picked ones must exist; else the newest). */
  catalog: Pick<CatalogQuery, 'productsByIds' | 'list'>;
  /** Staff names (the rate history says who set each rate). */
  people: Pick<AccountService, 'contact'>;
}

const EDITABLE = [
  'exchangeRate',
  'freeShipping',
  'bankTransfer',
  'carousel',
  'contact',
  'documentSeller',
  'unpaidOrders',
] as const satisfies readonly (keyof TStaffSettings)[] satisfies readonly SettingKey[];

/**
 * The owner's side of the shop settings (GET|PUT /api/admin/settings): every editable setting with
 * its default filled in; a partial write stores the changed keys, appends a new exchange rate to
 * the history and audits before/after, in one transaction; then every instance drops its copy.
 */
export function createSettingsStaff(repo: SettingsRepository, deps: SettingsStaffDeps) {
  const { settings } = deps;

  /** Of these product ids, those that are not (listed) products. */
  async function unknownProducts(ids: number[]): Promise<number[]> {
    const found = new Set((await deps.catalog.productsByIds(ids, { locale: 'en', currency: 'CNY' })).map((p) => p.id));
    return ids.filter((id) => !found.has(id));
  }

  /** Staff names by user id ("#id" for an account that is gone). */
  async function staffNames(ids: number[]): Promise<Map<number, string>> {
    return new Map(await Promise.all(ids.map(async (id) => [id, (await deps.people.contact(id))?.name ?? `#${id}`] as const)));
  }

  async function current(): Promise<TStaffSettings> {
    const [exchangeRate, freeShipping, bankTransfer, carousel, contact, documentSeller, unpaidOrders] = await Promise.all([
      settings.get('exchangeRate'),
      settings.get('freeShipping'),
      settings.get('bankTransfer'),
      settings.get('carousel'),
      settings.get('contact'),
      settings.get('documentSeller'),
      settings.get('unpaidOrders'),
    ]);
    return {
      exchangeRate: exchangeRate ?? { cnyPerUsd: FALLBACK_CNY_PER_USD },
      freeShipping: freeShipping ?? { thresholdUsdCents: null },
      bankTransfer: bankTransfer ?? null,
      carousel: carousel ?? DEFAULT_CAROUSEL,
      contact: contact ?? DEFAULT_CONTACT,
      documentSeller: documentSeller ?? null,
      unpaidOrders: unpaidOrders ?? UNPAID_ORDERS_OFF,
    };
  }

  return {
    get: current,

    /** What the storefront shows (GET /api/shop/settings). */
    async publicSettings(): Promise<TShopPublicSettings> {
      const s = await current();
      return { contact: s.contact, carousel: { mode: s.carousel.mode }, freeShippingThresholdUsdCents: s.freeShipping.thresholdUsdCents };
    },

    /** The carousel setting (the storefront's carousel route). */
    async carousel() {
      return (await settings.get('carousel')) ?? DEFAULT_CAROUSEL;
    },

    /** The home carousel: the owner's picks in order, else the newest products. */
    async carouselProducts(view: View): Promise<TProduct[]> {
      const carousel = (await settings.get('carousel')) ?? DEFAULT_CAROUSEL;
      if (carousel.mode === 'picked') return deps.catalog.productsByIds(carousel.productIds, view);
      return (await deps.catalog.list('newest', ZProductListQuery.parse({ page: 1, recPerPage: NEWEST_CAROUSEL_SIZE }), view)).body.data;
    },

    /** Stores the given keys (validated by the route's schema); 400 for picked products that do not exist. */
    async update(actor: StaffActor, patch: TStaffSettingsUpdate): Promise<TStaffSettings> {
      const before = await current();
      if (patch.carousel?.mode === 'picked') {
        const unknown = await unknownProducts(patch.carousel.productIds);
        if (unknown.length > 0) throw badRequest('settingsProductUnknown', { ids: unknown.join(', ') }, { field: 'carousel.productIds', ids: unknown });
      }
      const changed = EDITABLE.filter((key) => patch[key] !== undefined && JSON.stringify(patch[key]) !== JSON.stringify(before[key]));
      if (changed.length === 0) return before;
      await repo.transaction(async (tx) => {
        for (const key of changed) {
          const value = patch[key];
          // null clears a setting back to its default (bank details, document seller)
          if (value === null) await repo.remove(key, tx);
          else await repo.put(key, ZSettingValues[key].parse(value), tx);
        }
        if (changed.includes('exchangeRate') && patch.exchangeRate) await repo.addRate(patch.exchangeRate.cnyPerUsd, actor.id, tx);
        await deps.audit.record(tx, actor, [
          {
            action: 'settings.update',
            entity: 'settings',
            entityId: 'shop',
            before: Object.fromEntries(changed.map((k) => [k, before[k]])),
            after: Object.fromEntries(changed.map((k) => [k, patch[k]])),
          },
        ]);
      });
      settings.announce(changed);
      return current();
    },

    /** The exchange rates the shop used, newest first, with who set each. */
    async rateHistory(limit = 200): Promise<TExchangeRateHistory> {
      const rows = await repo.rates(limit);
      const ids = [...new Set(rows.flatMap((r) => (r.setBy === null ? [] : [r.setBy])))];
      const names = ids.length ? await staffNames(ids) : new Map<number, string>();
      return {
        data: rows.map((r) => ({
          id: r.id,
          cnyPerUsd: r.cnyPerUsd,
          setBy: r.setBy === null ? null : { id: r.setBy, name: names.get(r.setBy) ?? `#${r.setBy}` },
          time: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type SettingsStaff = ReturnType<typeof createSettingsStaff>;
