import { getCurrency } from './currency';
import { getLocale } from './locale';

/**
 * Every TanStack Query key of the app, in one place, so a feature can refresh what another one
 * shows without knowing its key strings (adding to the cart from a product card refreshes the
 * cart; placing an order refreshes the order lists; a favourite changes the catalogue's flags).
 *
 * - The first element is the domain; `all` is that prefix, for invalidating everything under it.
 * - Keys of answers in the page's language carry the locale; keys of answers with money carry the
 *   display currency too. Both are read when the key is built (they only change with a full page
 *   load, see lib/locale.ts and lib/currency.ts).
 * - Keys are plain arrays: no zod and nothing heavy, the home page's first load imports this file.
 */
export const queryKeys = {
  /** The signed-in buyer's cart (features/cart). */
  cart: {
    all: ['cart'] as const,
    /** GET /api/cart/info: totals (the header badge and the checkout summary share it). */
    info: () => ['cart', 'info', getLocale(), getCurrency()] as const,
    /** GET /api/cart/items?keyword= */
    items: (keyword: string) => ['cart', 'items', getLocale(), getCurrency(), keyword.trim()] as const,
    /** GET /api/cart/info/express-fee for one method; `totals` changes with the cart. */
    expressFee: (request: object | null, totals: string) => ['cart', 'express-fee', getLocale(), getCurrency(), request, totals] as const,
    /** GET /api/cart/info/express-fees: every method at once. */
    expressFees: (request: object | null, totals: string) => ['cart', 'express-fees', getLocale(), getCurrency(), request, totals] as const,
  },

  /** The buyer's delivery addresses (features/addresses). */
  addresses: {
    all: ['addresses'] as const,
    /** GET /api/address */
    list: () => ['addresses'] as const,
  },

  /** The buyer's orders (features/orders). */
  orders: {
    all: ['orders'] as const,
    /** GET /api/orders?page&status */
    list: (page: number, status: string) => ['orders', 'list', getLocale(), page, status] as const,
    /** GET /api/orders/{id} */
    detail: (id: string) => ['orders', 'detail', getLocale(), id] as const,
  },

  /** The staff app (features/staff-orders, features/staff-activity). Staff read it in their own language. */
  admin: {
    all: ['admin'] as const,
    /** GET /api/admin/orders?<filters>: the query string as it stands in the URL. */
    orders: (search: string) => ['admin', 'orders', getLocale(), search] as const,
    /** GET /api/admin/orders/{id} */
    order: (id: string) => ['admin', 'order', getLocale(), id] as const,
    /** GET /api/admin/audit?<page, entity ...>: the query string (ZAuditQuery, defaults left out). */
    audit: (search: string) => ['admin', 'audit', search] as const,
    /** GET /api/admin/customers?q&page&recPerPage (features/staff-customers) */
    customers: (search: string) => ['admin', 'customers', search] as const,
    /** GET /api/admin/customers/{id}: chat translations are in the reader's language. */
    customer: (id: string) => ['admin', 'customer', getLocale(), id] as const,
    /** GET /api/admin/search?q: the back office search box (features/staff-lookup); products are named in the reader's language. */
    lookup: (q: string) => ['admin', 'lookup', getLocale(), q] as const,
    /** GET /api/admin/search/terms?kind&days&page (features/staff-search) */
    searchTerms: (search: string) => ['admin', 'search-terms', search] as const,
    /** GET /api/admin/search/synonyms */
    synonyms: () => ['admin', 'search-synonyms'] as const,
    /** GET /api/admin/staff (features/staff-accounts): the staff accounts, owner only. */
    staff: () => ['admin', 'staff'] as const,
  },

  /** Online payment (features/orders, PayPalPay). */
  payments: {
    /** GET /api/paypal/config */
    paypalConfig: () => ['payments', 'paypal-config'] as const,
  },

  /** The buyer's favourites (features/favorites). */
  favorites: {
    all: ['favorites'] as const,
    /** The header's count (recTotal of GET /api/favorites). */
    count: () => ['favorites', 'count', getLocale()] as const,
    /** GET /api/favorites?page */
    list: (page: number) => ['favorites', 'list', getLocale(), getCurrency(), page] as const,
  },

  /** Product lists and products (features/catalog). Lists and single products carry the favourite flag. */
  catalog: {
    /** Every product list (the list pages and the home carousel). */
    lists: ['items'] as const,
    /** GET /api/items, /api/items/{tag}, by category: `source` and `filters` as the list asks. */
    list: (source: object, filters: object) => ['items', getLocale(), getCurrency(), source, filters] as const,
    /** GET /api/items/newest: the home carousel. */
    newest: () => ['items', 'newest-carousel', getLocale(), getCurrency()] as const,
    /** Every single product. */
    products: ['item'] as const,
    /** GET /api/items/{id} */
    product: (id: string | number) => ['item', String(id), getLocale(), getCurrency()] as const,
    /** GET /api/categories */
    categories: () => ['categories', getLocale()] as const,
    /** GET /api/suppliers?categoryId= */
    suppliers: (categoryId: string | number | null) => ['suppliers', getLocale(), categoryId] as const,
    /** GET /api/items/suggest?keyword=: the header search box's suggestions (no prices). */
    suggest: (keyword: string) => ['suggest', getLocale(), keyword] as const,
    /** GET /api/items/alternatives: what a search with few results may try instead (closest products carry prices). */
    alternatives: (filters: object) => ['items', 'alternatives', getLocale(), getCurrency(), filters] as const,
  },

  /** Choice lists (GET /api/selector/*), shared by every form that offers them. */
  selectors: {
    /** Countries and regions: lib/regions.ts. */
    regions: () => ['selector', 'region', getLocale()] as const,
    /** Payment methods with their surcharge. */
    payments: () => ['selector', 'payment', getLocale()] as const,
    /** Shipping methods serving a region. */
    expressMethods: (regionId: string) => ['selector', 'express', getLocale(), regionId] as const,
  },
} as const;
