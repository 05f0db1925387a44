import { describe, expect, it } from 'vitest';
import { itemsRequest } from './get-items';
import { pageOf } from './types';

describe('items request', () => {
  it('maps the source, filters and sort to the list call', () => {
    expect(itemsRequest({ kind: 'all' }, { sort: 'newest', page: 1 })).toEqual({
      path: '/api/items',
      params: { keyword: undefined, supplierId: undefined, categoryId: undefined, minPrice: undefined, maxPrice: undefined, sortBy: 'lastUpdatedTime', order: 'desc', page: 1, recPerPage: 120 },
    });
    const tag = itemsRequest({ kind: 'tag', tag: 'hot' }, { sort: 'priceAsc', page: 2, keyword: '  gan ', minPrice: '10' });
    expect(tag.path).toBe('/api/items/hot');
    expect(tag.params).toMatchObject({ keyword: 'gan', minPrice: '10', sortBy: 'basePrice', order: 'asc', page: 2 });
    expect(itemsRequest({ kind: 'category', categoryId: 7 }, { sort: 'priceDesc', page: 1, supplierId: 3 }).params).toMatchObject({ categoryId: 7, supplierId: 3, order: 'desc' });
  });

  it('reads a paged body or a bare list', () => {
    expect(pageOf({ data: [{ id: 1 }], pager: { page: 2, recTotal: 130 } })).toEqual({ data: [{ id: 1 }], pager: { page: 2, recTotal: 130 } });
    expect(pageOf([{ id: 1 }, { id: 2 }]).pager).toEqual({ page: 1, recTotal: 2 });
    expect(pageOf(null)).toEqual({ data: [], pager: { page: 1, recTotal: 0 } });
  });
});
