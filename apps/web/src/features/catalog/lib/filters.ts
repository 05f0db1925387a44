/**
 * Limits of GET /api/items (KEYWORD_MAX_LENGTH and MAX_PAGE of @cubeshop/shared, catalog/product.ts).
 * Copied, not imported: that module builds zod schemas at its top level, and importing a value
 * from it would bring zod into the home page's bundle. A test keeps them equal.
 */
export const KEYWORD_MAX_LENGTH = 100;
export const MAX_PAGE = 10_000;

/**
 * Sort of the product panel (docs/requirements.md, Screens; docs/catalog.md, Search): best match (the default with
 * a keyword, offered only then), newest (the default without), price ascending, price descending.
 */
export type TItemSort = 'relevance' | 'newest' | 'priceAsc' | 'priceDesc';
export const ITEM_SORTS: readonly TItemSort[] = ['relevance', 'newest', 'priceAsc', 'priceDesc'];

/** The sort a list has when the URL names none: best match with a keyword, newest without. */
export function defaultSort(keyword: string | undefined): TItemSort {
  return keyword?.trim() ? 'relevance' : 'newest';
}

/** The sorts the panel offers: best match only while there is a keyword to match. */
export function sortsFor(keyword: string | undefined): readonly TItemSort[] {
  return keyword?.trim() ? ITEM_SORTS : ITEM_SORTS.filter((s) => s !== 'relevance');
}

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

const SORT_TO_URL: Record<TItemSort, string> = { relevance: 'best-match', newest: 'newest', priceAsc: 'price-asc', priceDesc: 'price-desc' };
const URL_TO_SORT: Record<string, TItemSort> = {
  'best-match': 'relevance',
  relevance: 'relevance',
  newest: 'newest',
  'price-asc': 'priceAsc',
  'price-desc': 'priceDesc',
};

/** A sort that fits the keyword: best match without a keyword reads as newest. */
function sortFor(sort: TItemSort | undefined, keyword: string | undefined): TItemSort {
  if (sort === undefined || (sort === 'relevance' && !keyword?.trim())) return defaultSort(keyword);
  return sort;
}

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
    sort: sortFor(URL_TO_SORT[search.get(FILTER_PARAMS.sort) ?? ''], keyword),
    page: positiveInt(search.get(FILTER_PARAMS.page), MAX_PAGE) ?? 1,
  };
}

/**
 * Writes the filters into URL parameters, leaving out defaults (the keyword's default sort, page 1)
 * so the plain page and a plain search keep a plain URL. Parameters that are not filters (for example a campaign tag) stay.
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
  const sort = sortFor(filters.sort, filters.keyword);
  set(FILTER_PARAMS.sort, sort === defaultSort(filters.keyword) ? undefined : SORT_TO_URL[sort]);
  set(FILTER_PARAMS.page, filters.page > 1 ? filters.page : undefined);
  return out;
}

/** Keyword, brand or price set: the empty state then offers to clear them. Sort and page are not filters. */
export function hasActiveFilters(filters: TItemFilters): boolean {
  return Boolean(filters.keyword?.trim()) || filters.supplierId !== undefined || filters.minPrice !== undefined || filters.maxPrice !== undefined;
}

/**
 * A change of filters or sort starts again at page 1 (docs/requirements.md, Screens). A sort left at its default
 * follows the keyword (a new search is in best-match order); one the buyer chose stays.
 */
export function withChange(filters: TItemFilters, patch: Partial<Omit<TItemFilters, 'page'>>): TItemFilters {
  const next = { ...filters, ...patch, page: 1 };
  const chosen = patch.sort ?? (filters.sort === defaultSort(filters.keyword) ? undefined : filters.sort);
  return { ...next, sort: sortFor(chosen, next.keyword) };
}

/** The filters without keyword, brand and price; a chosen sort stays (best match, which needs a keyword, does not). */
export function clearedFilters(filters: TItemFilters): TItemFilters {
  return { sort: sortFor(filters.sort, undefined), page: 1 };
}
