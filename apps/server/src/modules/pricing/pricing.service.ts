import type {
  TCustomerGroup,
  TCustomerGroupInput,
  TCustomerGroupList,
  TCustomerGroupOfBuyer,
  TGroupPriceList,
  TGroupPricesChange,
  TLocale,
} from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { LoadingCache } from '../../lib/cache.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { BuyerTerms, CatalogQuery } from '../catalog/catalog.module.js';
import type { GroupRow, PricingRepository } from './pricing.repository.js';

/** What pricing needs from the other modules (wired in services.ts). */
export interface PricingDeps {
  /** Product names and current prices (own prices are checked against real products). */
  catalog: Pick<CatalogQuery, 'itemsForPricing'>;
  /** Staff may only put buyers (not staff accounts) in a group. */
  account: { buyer(id: number): Promise<unknown> };
  audit: AuditService;
  /** Lifetime of the cached group list in ms (other instances see a change within it); default 2 s. */
  groupsTtlMs?: number | undefined;
}

const ENTITY = 'customer_group';
const fenOf = (yuan: number) => Math.round(yuan * 100);
const yuanOf = (fen: number) => fen / 100;
type GroupFacts = GroupRow & { memberCount: number; priceCount: number };

const toGroup = (g: GroupFacts): TCustomerGroup => ({
  id: g.id,
  code: g.code,
  nameZh: g.nameZh,
  nameEn: g.nameEn,
  discountPercent: g.discountPercent,
  position: g.position,
  isDefault: g.isDefault,
  memberCount: g.memberCount,
  priceCount: g.priceCount,
});
const auditShape = (g: GroupRow) => ({
  code: g.code,
  nameZh: g.nameZh,
  nameEn: g.nameEn,
  discountPercent: g.discountPercent,
  position: g.position,
  isDefault: g.isDefault,
});

/**
 * Customer groups (docs/catalog.md, Prices: tiers and customer groups). Staff keep the groups,
 * their own per-product prices and who is in them; the catalog and the cart ask `termsOf` what a
 * signed-in buyer's group takes off (what the terms do to a price is the shared rule, buyerPriceFen
 * in packages/shared/src/catalog/price.ts). The small group list is cached (a short lifetime, emptied
 * on every change here); a buyer's membership and own prices are read per answer, in one query.
 */
export function createPricingService(repo: PricingRepository, deps: PricingDeps) {
  const { audit } = deps;
  const groupsCache = new LoadingCache<GroupFacts[]>({ ttlMs: deps.groupsTtlMs ?? 2_000, maxEntries: 1 });
  const allGroups = () => groupsCache.get('all', () => repo.groups());
  const changed = () => groupsCache.clear();

  async function mustGroup(tx: Db, id: number): Promise<GroupRow> {
    const row = await repo.group(id, tx);
    if (!row) throw notFound('customerGroupNotFound');
    return row;
  }

  async function assertCodeFree(tx: Db, code: string, id?: number): Promise<void> {
    const other = await repo.byCode(tx, code);
    if (other && other.id !== id) throw conflict('customerGroupCodeTaken', { code });
  }

  async function groupFacts(id: number): Promise<TCustomerGroup> {
    changed();
    const found = (await allGroups()).find((g) => g.id === id);
    if (!found) throw notFound('customerGroupNotFound');
    return toGroup(found);
  }

  async function prices(id: number, locale: TLocale): Promise<TGroupPriceList> {
    if (!(await repo.group(id))) throw notFound('customerGroupNotFound');
    const rows = await repo.prices(id);
    const items = await deps.catalog.itemsForPricing(rows.map((r) => r.itemId));
    return {
      data: rows.map((r) => {
        const item = items.get(r.itemId);
        return {
          itemId: r.itemId,
          name: item ? (locale === 'zh' ? item.nameZh || item.nameEn : item.nameEn || item.nameZh) : '',
          price: yuanOf(r.priceFen),
          shopPrice: item ? yuanOf(item.unitPriceFen) : 0,
        };
      }),
    };
  }

  async function buyerGroup(userId: number): Promise<TCustomerGroupOfBuyer> {
    if (!(await deps.account.buyer(userId))) throw notFound('customerNotFound');
    changed();
    const [groupId, groups] = await Promise.all([repo.memberGroup(userId), allGroups()]);
    const effective = groupId !== undefined ? groups.find((g) => g.id === groupId) : groups.find((g) => g.isDefault);
    return { groupId: groupId ?? null, effective: effective ? toGroup(effective) : null, groups: groups.map(toGroup) };
  }

  return {
    /**
     * A signed-in buyer's terms for these products: their group (or the default group), its
     * percentage and its own prices among `itemIds`; null when no group changes their prices.
     */
    async termsOf(userId: number, itemIds: readonly number[]): Promise<BuyerTerms | null> {
      const [member, groups] = await Promise.all([repo.buyerPrices(userId, itemIds), allGroups()]);
      let group: GroupFacts | undefined;
      let prices: Map<number, number>;
      if (member) {
        group = groups.find((g) => g.id === member.groupId);
        prices = member.prices;
      } else {
        group = groups.find((g) => g.isDefault);
        if (!group) return null;
        prices = group.priceCount > 0 ? await repo.pricesIn(group.id, itemIds) : new Map<number, number>();
      }
      if (!group || (group.discountPercent === 0 && prices.size === 0)) return null;
      return { groupId: group.id, discountPercent: group.discountPercent, ownPriceFen: prices };
    },

    async list(): Promise<TCustomerGroupList> {
      changed();
      return { data: (await allGroups()).map(toGroup) };
    },

    async create(actor: StaffActor, input: TCustomerGroupInput): Promise<TCustomerGroup> {
      const row = await repo.transaction(async (tx) => {
        await assertCodeFree(tx, input.code);
        const created = await repo.insert(tx, input);
        if (created.isDefault) await repo.clearOtherDefaults(tx, created.id);
        await audit.record(tx, actor, [{ action: 'group.create', entity: ENTITY, entityId: created.id, after: auditShape(created) }]);
        return created;
      });
      return groupFacts(row.id);
    },

    async update(actor: StaffActor, id: number, input: TCustomerGroupInput): Promise<TCustomerGroup> {
      await repo.transaction(async (tx) => {
        const before = await mustGroup(tx, id);
        await assertCodeFree(tx, input.code, id);
        const after = (await repo.update(tx, id, input))!;
        if (after.isDefault) await repo.clearOtherDefaults(tx, id);
        await audit.record(tx, actor, [{ action: 'group.update', entity: ENTITY, entityId: id, before: auditShape(before), after: auditShape(after) }]);
      });
      return groupFacts(id);
    },

    /** A group with buyers in it, or the default group, stays (409 with a clear message). */
    async remove(actor: StaffActor, id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const before = await mustGroup(tx, id);
        const members = await repo.memberCount(tx, id);
        if (members > 0 || before.isDefault) throw conflict('customerGroupInUse', { count: members });
        await repo.remove(tx, id);
        await audit.record(tx, actor, [{ action: 'group.delete', entity: ENTITY, entityId: id, before: auditShape(before) }]);
      });
      changed();
    },

    /** A group's own prices with the products' names and shop prices (yuan). */
    prices,

    /** Sets and removes own prices by product id (unknown products: 400 naming them). */
    async changePrices(actor: StaffActor, id: number, change: TGroupPricesChange, locale: TLocale): Promise<TGroupPriceList> {
      const setIds = change.set.map((s) => s.itemId);
      const known = await deps.catalog.itemsForPricing(setIds);
      const missing = [...new Set(setIds.filter((i) => !known.has(i)))];
      if (missing.length > 0) throw badRequest('customerGroupItemsMissing', { ids: missing.join(', ') });
      const set = change.set.map((s) => ({ itemId: s.itemId, priceFen: fenOf(s.price) }));
      await repo.transaction(async (tx) => {
        await mustGroup(tx, id);
        const touched = [...new Set([...setIds, ...change.remove])];
        const before = await repo.pricesIn(id, touched, tx);
        await repo.removePrices(tx, id, change.remove);
        await repo.setPrices(tx, id, set);
        if (set.length + change.remove.length > 0) {
          await audit.record(tx, actor, [
            {
              action: 'group.prices',
              entity: ENTITY,
              entityId: id,
              before: { prices: Object.fromEntries([...before].map(([k, v]) => [k, yuanOf(v)])) },
              after: { set: Object.fromEntries(set.map((s) => [s.itemId, yuanOf(s.priceFen)])), remove: change.remove },
            },
          ]);
        }
      });
      changed();
      return prices(id, locale);
    },

    /** The group a buyer is in and the one whose prices they see. */
    buyerGroup,

    /** PUT /api/admin/customers/{id}/group: puts a buyer in a group, or in none (null). */
    async assign(actor: StaffActor, userId: number, groupId: number | null): Promise<TCustomerGroupOfBuyer> {
      if (!(await deps.account.buyer(userId))) throw notFound('customerNotFound');
      await repo.transaction(async (tx) => {
        if (groupId !== null) await mustGroup(tx, groupId);
        const before = (await repo.memberGroup(userId, tx)) ?? null;
        if (before === groupId) return;
        await repo.setMember(tx, userId, groupId);
        await audit.record(tx, actor, [{ action: 'customer.group', entity: 'customer', entityId: userId, before: { groupId: before }, after: { groupId } }]);
      });
      changed();
      return buyerGroup(userId);
    },
  };
}
export type PricingService = ReturnType<typeof createPricingService>;
