import {
  ADMIN_SEARCH_KINDS,
  formatMoney,
  staffCan,
  type TStaffSearchHit,
  type TStaffSearchKind,
  type TStaffSearchResult,
  type TStaffSearchSection,
  type TLocale,
  type TStaffCapability,
  type TStaffRole,
} from '@cubeshop/shared';

/** A buyer as the search box shows one. */
interface FoundBuyer {
  id: number;
  account: string;
  name: string;
  email: string | null;
  mobile: string | null;
}
/** A product as the search box shows one. */
interface FoundProduct {
  id: number;
  nameZh: string;
  nameEn: string;
  barcode: string | null;
  priceFen: number;
}

/**
 * What the search box asks of the modules that own orders, buyers and products (wired in
 * services.ts): the top matches and whether there are more, found as each staff list finds them,
 * without the lists' counts and figures (the box answers on every keystroke).
 */
export interface LookupDeps {
  orders: { find(text: string, limit: number): Promise<{ orders: TStaffSearchHit[]; more: boolean }> };
  customers: { find(text: string, limit: number): Promise<{ rows: FoundBuyer[]; more: boolean }> };
  products: { find(text: string, limit: number): Promise<{ rows: FoundProduct[]; more: boolean }> };
}

/** The capability that lets a role read each kind (packages/shared staff/roles.ts). */
const NEEDS: Record<TStaffSearchKind, TStaffCapability> = { orders: 'orders.read', customers: 'customers.read', products: 'catalog.manage' };

const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

/**
 * The back office search box (docs/orders.md, Staff search): one text, the top `limit` matches of
 * each kind the caller's role may read, found as each staff list finds them (the order queue's
 * q, the customer list's q, the product list's keyword), asked of the owning modules at once.
 */
export function createLookupService(deps: LookupDeps, limit: number) {
  const find: Record<TStaffSearchKind, (text: string, locale: TLocale) => Promise<TStaffSearchSection>> = {
    async orders(text) {
      const { orders, more } = await deps.orders.find(text, limit);
      return { kind: 'orders', hits: orders, more, all: `/admin/orders?q=${encodeURIComponent(text)}` };
    },
    async customers(text) {
      const { rows, more } = await deps.customers.find(text, limit);
      return {
        kind: 'customers',
        hits: rows.map((c) => ({
          id: c.id,
          title: c.name || c.account,
          detail: joined(c.name && c.name !== c.account && c.account, c.email, c.mobile),
          link: `/admin/customers/${c.id}`,
        })),
        more,
        all: `/admin/customers?q=${encodeURIComponent(text)}`,
      };
    },
    async products(text, locale) {
      const { rows, more } = await deps.products.find(text, limit);
      return {
        kind: 'products',
        hits: rows.map((p) => ({
          id: p.id,
          title: (locale === 'zh' ? p.nameZh || p.nameEn : p.nameEn || p.nameZh) || String(p.id),
          detail: joined(`#${p.id}`, p.barcode, formatMoney(p.priceFen, 'CNY')),
          link: `/admin/items/${p.id}`,
        })),
        more,
        all: `/admin/items?keyword=${encodeURIComponent(text)}`,
      };
    },
  };

  return {
    /** GET /api/admin/search: a section per kind the role may read, in ADMIN_SEARCH_KINDS order. */
    async search(text: string, role: TStaffRole | null, locale: TLocale): Promise<TStaffSearchResult> {
      const kinds = ADMIN_SEARCH_KINDS.filter((kind) => staffCan(role, NEEDS[kind]));
      return { q: text, sections: await Promise.all(kinds.map((kind) => find[kind](text, locale))) };
    },
  };
}
export type LookupService = ReturnType<typeof createLookupService>;
