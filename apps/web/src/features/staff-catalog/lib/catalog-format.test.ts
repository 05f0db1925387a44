import { describe, expect, it } from 'vitest';
import type { TStaffCategory } from '@cubeshop/shared';
import { categoryRows, ruleText } from './catalog-format';

const cat = (id: number, parentId: number | null, position: number): TStaffCategory => ({
  id,
  slug: `c${id}`,
  parentId,
  nameZh: `分类${id}`,
  nameEn: `C${id}`,
  position,
  items: 0,
});

describe('catalog admin formatting', () => {
  it('lays the category tree out in order with depths, siblings by position, orphans at the top', () => {
    const rows = categoryRows([cat(1, null, 1), cat(2, null, 0), cat(3, 1, 1), cat(4, 1, 0), cat(5, 99, 0)]);
    expect(rows.map((r) => [r.category.id, r.depth])).toEqual([
      [2, 0],
      [5, 0],
      [1, 0],
      [4, 1],
      [3, 1],
    ]);
  });

  it('turns a shared rule key into a sentence and leaves a server sentence alone', () => {
    expect(ruleText('v.required')).not.toBe('v.required');
    expect(ruleText('The barcode 123 is already used by product 100001')).toBe('The barcode 123 is already used by product 100001');
  });
});
