import { describe, expect, it } from 'vitest';
import { itemsRequest } from './get-items';

describe('items request', () => {
  it('maps the source, filters and sort to the list call', () => {
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
      order: 'desc',
    });
  });
});
