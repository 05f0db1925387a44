import { describe, expect, it } from 'vitest';
import { KEYWORD_MAX_LENGTH as SHARED_KEYWORD_MAX, MAX_PAGE as SHARED_MAX_PAGE } from '@cubeshop/shared';
import { itemsRequest } from '../api/get-items';
import {
  clearedFilters,
  filtersFromSearch,
  hasActiveFilters,
  KEYWORD_MAX_LENGTH,
  MAX_PAGE,
  priceBound,
  priceRange,
  searchFromFilters,
  sortsFor,
  withChange,
  type TItemFilters,
} from './filters';

const read = (query: string) => filtersFromSearch(new URLSearchParams(query));
const write = (filters: TItemFilters, base?: string) => searchFromFilters(filters, base === undefined ? undefined : new URLSearchParams(base)).toString();

describe('filters in the URL', () => {
  it('keeps the plain page plain', () => {
    expect(read('')).toEqual({ keyword: undefined, supplierId: undefined, minPrice: undefined, maxPrice: undefined, sort: 'newest', page: 1 });
    expect(write({ sort: 'newest', page: 1 })).toBe('');
  });

  it('writes every filter and reads it back', () => {
    const filters: TItemFilters = { keyword: '魔方', supplierId: 3, minPrice: '10', maxPrice: '50.5', sort: 'priceAsc', page: 2 };
    const query = write(filters);
    expect(query).toBe('keyword=%E9%AD%94%E6%96%B9&brand=3&min=10&max=50.5&sort=price-asc&page=2');
    expect(read(query)).toEqual(filters);
    expect(read(write({ sort: 'priceDesc', page: 1 }))).toMatchObject({ sort: 'priceDesc', page: 1 });
    expect(write({ sort: 'priceDesc', page: 1 })).toBe('sort=price-desc');
  });

  it('ignores what it cannot read', () => {
    expect(read('page=0&brand=x&min=-1&max=abc&sort=random')).toEqual({
      keyword: undefined,
      supplierId: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      sort: 'newest',
      page: 1,
    });
    expect(read('page=1.5').page).toBe(1);
    expect(read(`page=${MAX_PAGE + 1}`).page).toBe(1);
    expect(read('keyword=%20%20').keyword).toBeUndefined();
    expect(read(`keyword=${'a'.repeat(150)}`).keyword).toHaveLength(KEYWORD_MAX_LENGTH);
  });

  it('swaps a price range typed the wrong way round', () => {
    expect(read('min=50&max=10')).toMatchObject({ minPrice: '10', maxPrice: '50' });
    expect(priceRange('100', '20')).toEqual({ minPrice: '20', maxPrice: '100' });
  });

  it('keeps parameters that are not filters', () => {
    expect(write({ keyword: 'gan', sort: 'relevance', page: 1 }, 'utm=mail&page=4')).toBe('utm=mail&keyword=gan');
  });

  it('still reads links with the keyword as q, and writes it back as keyword', () => {
    expect(read('q=gan&sort=price-asc')).toMatchObject({ keyword: 'gan', sort: 'priceAsc' });
    expect(read('keyword=moyu&q=gan').keyword).toBe('moyu');
    expect(write({ keyword: 'gan', sort: 'relevance', page: 1 }, 'q=old')).toBe('keyword=gan');
  });

  it('reads typed price bounds as plain decimals', () => {
    expect(priceBound(' 10 ')).toBe('10');
    expect(priceBound('10.5')).toBe('10.5');
    expect(priceBound('007')).toBe('7');
    expect(priceBound('0.5')).toBe('0.5');
    expect(priceBound('')).toBeUndefined();
    expect(priceBound('-1')).toBeUndefined();
    expect(priceBound('1e3')).toBeUndefined();
  });

  it('goes back to page 1 on any change; clearing keeps the sort', () => {
    const on5: TItemFilters = { keyword: 'gan', supplierId: 1, sort: 'priceDesc', page: 5 };
    expect(withChange(on5, { sort: 'newest' })).toEqual({ keyword: 'gan', supplierId: 1, sort: 'newest', page: 1 });
    expect(withChange(on5, { supplierId: undefined }).page).toBe(1);
    expect(clearedFilters(on5)).toEqual({ sort: 'priceDesc', page: 1 });
    expect(hasActiveFilters(on5)).toBe(true);
    expect(hasActiveFilters({ sort: 'priceAsc', page: 3 })).toBe(false);
  });

  it('sorts a search by best match unless the buyer chose otherwise, with a clean URL for the default', () => {
    expect(read('keyword=gan').sort).toBe('relevance');
    expect(read('keyword=gan&sort=newest').sort).toBe('newest');
    expect(read('keyword=gan&sort=price-asc').sort).toBe('priceAsc');
    // Best match needs a keyword: without one the list is newest first.
    expect(read('sort=best-match').sort).toBe('newest');
    expect(read('keyword=gan&sort=best-match').sort).toBe('relevance');
    expect(write({ keyword: 'gan', sort: 'relevance', page: 1 })).toBe('keyword=gan');
    expect(write({ keyword: 'gan', sort: 'newest', page: 1 })).toBe('keyword=gan&sort=newest');
    expect(write({ sort: 'relevance', page: 1 })).toBe('');
    for (const query of ['keyword=gan', 'keyword=gan&sort=newest', 'keyword=gan&sort=price-desc', 'sort=price-asc', '']) expect(write(read(query))).toBe(query);
  });

  it('offers best match only with a keyword', () => {
    expect(sortsFor('gan')).toEqual(['relevance', 'newest', 'priceAsc', 'priceDesc']);
    expect(sortsFor(undefined)).toEqual(['newest', 'priceAsc', 'priceDesc']);
    expect(sortsFor('  ')).not.toContain('relevance');
  });

  it('lets a default sort follow the keyword, and keeps a chosen one', () => {
    // Searching from the plain newest list: best match.
    expect(withChange({ sort: 'newest', page: 3 }, { keyword: 'gan' })).toEqual({ keyword: 'gan', sort: 'relevance', page: 1 });
    // Clearing the keyword of a best-match search: newest.
    expect(withChange({ keyword: 'gan', sort: 'relevance', page: 1 }, { keyword: undefined }).sort).toBe('newest');
    // A price sort the buyer chose stays through a new keyword.
    expect(withChange({ sort: 'priceAsc', page: 1 }, { keyword: 'gan' }).sort).toBe('priceAsc');
    expect(withChange({ keyword: 'gan', sort: 'newest', page: 1 }, { keyword: 'moyu' }).sort).toBe('newest');
    expect(clearedFilters({ keyword: 'gan', sort: 'relevance', page: 2 })).toEqual({ sort: 'newest', page: 1 });
  });

  it('maps filters and source to the list call (sortBy / order)', () => {
    // Best match is the server's default for a keyword: no sortBy, no order.
    const best = itemsRequest({ kind: 'all' }, { keyword: 'gan', sort: 'relevance', page: 1 }).params;
    expect(best).not.toHaveProperty('sortBy');
    expect(best).not.toHaveProperty('order');
    expect(itemsRequest({ kind: 'all' }, { sort: 'newest', page: 1 })).toEqual({
      path: '/api/items',
      params: {
        keyword: undefined,
        supplierId: undefined,
        categoryId: undefined,
        minPrice: undefined,
        maxPrice: undefined,
        sortBy: 'lastUpdatedTime',
        order: 'desc',
        page: 1,
        recPerPage: 120,
      },
    });
    const tag = itemsRequest({ kind: 'tag', tag: 'hot' }, { sort: 'priceAsc', page: 2, keyword: '  gan ', minPrice: '10' });
    expect(tag.path).toBe('/api/items/hot');
    expect(tag.params).toMatchObject({ keyword: 'gan', minPrice: '10', sortBy: 'basePrice', order: 'asc', page: 2 });
    expect(itemsRequest({ kind: 'category', categoryId: 7 }, { sort: 'priceDesc', page: 1, supplierId: 3 }).params).toMatchObject({
      categoryId: 7,
      supplierId: 3,
      sortBy: 'basePrice',
      order: 'desc',
    });
  });

  it('uses the same limits as the server', () => {
    expect(KEYWORD_MAX_LENGTH).toBe(SHARED_KEYWORD_MAX);
    expect(MAX_PAGE).toBe(SHARED_MAX_PAGE);
  });
});
