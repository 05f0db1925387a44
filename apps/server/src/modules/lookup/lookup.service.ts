import {
  ADMIN_SEARCH_KINDS,
  formatMoney,
  staffCan,
  ZAdminItemQuery,
  type TAdminItemList,
  type TAdminItemQuery,
  type TAdminSearchHit,
  type TAdminSearchKind,
  type TAdminSearchResult,
  type TAdminSearchSection,
  type TCustomerList,
  type TCustomerQuery,
  type TLocale,
  type TStaffCapability,
  type TStaffRole,
} from '@cubeshop/shared';

/** What the search box asks of the modules that own orders, buyers and products (wired in services.ts). */
export interface LookupDeps {
  orders: { find(text: string, limit: number): Promise<{ orders: TAdminSearchHit[]; more: boolean }> };
  customers: { list(q: TCustomerQuery): Promise<TCustomerList> };
  products: { list(q: TAdminItemQuery): Promise<TAdminItemList> };
}

/** The capability that lets a role read each kind (packages/shared staff/roles.ts). */
const NEEDS: Record<TAdminSearchKind, TStaffCapability> = { orders: 'orders.read', customers: 'customers.read', products: 'catalog.manage' };

const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

/**
 * The back office search box (docs/orders.md, Staff search): one text, the top `limit` matches of
 * each kind the caller's role may read, found as each staff list finds them (the order queue's
 * q, the customer list's q, the product list's keyword), asked of the owning modules at once.
 */
export function createLookupService(deps: LookupDeps, limit: number) {
  const find: Record<TAdminSearchKind, (text: string, locale: TLocale) => Promise<TAdminSearchSection>> = {
    async orders(text) {
      const { orders, more } = await deps.orders.find(text, limit);
      return { kind: 'orders', hits: orders, more, all: `/admin/orders?q=${encodeURIComponent(text)}` };
    },
    async customers(text) {
      const list = await deps.customers.list({ q: text, page: 1, recPerPage: limit });
      return {
        kind: 'customers',
        hits: list.data.map((c) => ({
          id: c.id,
          title: c.name || c.account,
          detail: joined(c.name && c.name !== c.account && c.account, c.email, c.mobile),
          link: `/admin/customers/${c.id}`,
        })),
        more: list.pager.recTotal > list.data.length,
        all: `/admin/customers?q=${encodeURIComponent(text)}`,
      };
    },
    async products(text, locale) {
      const list = await deps.products.list(ZAdminItemQuery.parse({ keyword: text, archived: 'all', recPerPage: limit }));
      return {
        kind: 'products',
        hits: list.data.map((p) => ({
          id: p.id,
          title: (locale === 'zh' ? p.nameZh || p.nameEn : p.nameEn || p.nameZh) || String(p.id),
          detail: joined(`#${p.id}`, p.barcode, formatMoney(Math.round(p.price * 100), 'CNY')),
          link: `/admin/items/${p.id}`,
        })),
        more: list.pager.recTotal > list.data.length,
        all: `/admin/items?keyword=${encodeURIComponent(text)}`,
      };
    },
  };

  return {
    /** GET /api/admin/search: a section per kind the role may read, in ADMIN_SEARCH_KINDS order. */
    async search(text: string, role: TStaffRole | null, locale: TLocale): Promise<TAdminSearchResult> {
      const kinds = ADMIN_SEARCH_KINDS.filter((kind) => staffCan(role, NEEDS[kind]));
      return { q: text, sections: await Promise.all(kinds.map((kind) => find[kind](text, locale))) };
    },
  };
}
export type LookupService = ReturnType<typeof createLookupService>;
