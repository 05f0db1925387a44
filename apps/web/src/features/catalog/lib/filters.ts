/**
 * Limits of GET /api/items (KEYWORD_MAX_LENGTH and MAX_PAGE of @cubeshop/shared, catalog/product.ts).
 * Copied, not imported: that module builds zod schemas at its top level, and importing a value
 * from it would bring zod into the home page's bundle. A test keeps them equal.
 */
export const KEYWORD_MAX_LENGTH = 100;
export const MAX_PAGE = 10_000;

/** Sort of the product panel (spec section 2): newest (default), price ascending, price descending. */
export type TItemSort = 'newest' | 'priceAsc' | 'priceDesc';
export const ITEM_SORTS: readonly TItemSort[] = ['newest', 'priceAsc', 'priceDesc'];

/** The panel's filters, as the list call and the URL carry them. */
export interface TItemFilters {
  keyword?: string | undefined;
  supplierId?: number | undefined;
  /** Price bounds as typed, in major units of the display currency ("10", "10.5"): the server converts them exactly. */
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  sort: TItemSort;
  page: number;
}

export const DEFAULT_FILTERS: TItemFilters = { sort: 'newest', page: 1 };

/**
 * URL search parameter names. Readable, so a shared or reloaded link keeps the view:
 * /search?keyword=gan&brand=1&min=10&max=50&sort=price-asc&page=2 (the keyword under the API's
 * own name). Links from before, with the keyword as `q`, still read.
 */
export const FILTER_PARAMS = { keyword: 'keyword', supplier: 'brand', min: 'min', max: 'max', sort: 'sort', page: 'page' } as const;
const LEGACY_KEYWORD_PARAM = 'q';

const SORT_TO_URL: Record<TItemSort, string | undefined> = { newest: undefined, priceAsc: 'price-asc', priceDesc: 'price-desc' };
const URL_TO_SORT: Record<string, TItemSort> = { newest: 'newest', 'price-asc': 'priceAsc', 'price-desc': 'priceDesc' };

/** A typed price bound: a plain decimal ("10", "10.5") or nothing. */
export function priceBound(value: string | null | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(text)) return undefined;
  // "010" and "10.50" mean 10 and 10.5: keep the text the server reads exactly, minus noise.
  return text.replace(/^0+(?=\d)/, '');
}

/** Both bounds of a price range; swapped when the buyer typed them the wrong way round. */
export function priceRange(min: string | null | undefined, max: string | null | undefined): { minPrice: string | undefined; maxPrice: string | undefined } {
  const minPrice = priceBound(min);
  const maxPrice = priceBound(max);
  if (minPrice !== undefined && maxPrice !== undefined && Number(minPrice) > Number(maxPrice)) return { minPrice: maxPrice, maxPrice: minPrice };
  return { minPrice, maxPrice };
}

function positiveInt(value: string | null, max: number): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : undefined;
}

/** Reads the filters from the URL; anything unreadable falls back to the default. */
export function filtersFromSearch(search: URLSearchParams): TItemFilters {
  const keyword = (search.get(FILTER_PARAMS.keyword) ?? search.get(LEGACY_KEYWORD_PARAM))?.trim().slice(0, KEYWORD_MAX_LENGTH) || undefined;
  const { minPrice, maxPrice } = priceRange(search.get(FILTER_PARAMS.min), search.get(FILTER_PARAMS.max));
  return {
    keyword,
    supplierId: positiveInt(search.get(FILTER_PARAMS.supplier), 2_147_483_647),
    minPrice,
    maxPrice,
    sort: URL_TO_SORT[search.get(FILTER_PARAMS.sort) ?? ''] ?? 'newest',
    page: positiveInt(search.get(FILTER_PARAMS.page), MAX_PAGE) ?? 1,
  };
}

/**
 * Writes the filters into URL parameters, leaving out defaults (newest, page 1) so the plain
 * page keeps a plain URL. Parameters that are not filters (for example a campaign tag) stay.
 */
export function searchFromFilters(filters: TItemFilters, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const name of [...Object.values(FILTER_PARAMS), LEGACY_KEYWORD_PARAM]) out.delete(name);
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') out.set(name, String(value));
  };
  set(FILTER_PARAMS.keyword, filters.keyword?.trim() || undefined);
  set(FILTER_PARAMS.supplier, filters.supplierId);
  set(FILTER_PARAMS.min, filters.minPrice);
  set(FILTER_PARAMS.max, filters.maxPrice);
  set(FILTER_PARAMS.sort, SORT_TO_URL[filters.sort]);
  set(FILTER_PARAMS.page, filters.page > 1 ? filters.page : undefined);
  return out;
}

/** Keyword, brand or price set: the empty state then offers to clear them. Sort and page are not filters. */
export function hasActiveFilters(filters: TItemFilters): boolean {
  return Boolean(filters.keyword?.trim()) || filters.supplierId !== undefined || filters.minPrice !== undefined || filters.maxPrice !== undefined;
}

/** A change of filters or sort starts again at page 1 (spec section 2). */
export function withChange(filters: TItemFilters, patch: Partial<Omit<TItemFilters, 'page'>>): TItemFilters {
  return { ...filters, ...patch, page: 1 };
}

/** The filters without keyword, brand and price; the sort stays. */
export function clearedFilters(filters: TItemFilters): TItemFilters {
  return { sort: filters.sort, page: 1 };
}
