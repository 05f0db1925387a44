import { describe, expect, it } from 'vitest';
import type { TCategory } from '../api/types';
import { categoryPath, findCategory } from './category-tree';

const tree: TCategory[] = [
  {
    id: 1,
    slug: 'cubes',
    parentId: null,
    name: 'Cubes',
    children: [
      { id: 11, slug: '3x3', parentId: 1, name: '3x3', children: [{ id: 111, slug: 'magnetic', parentId: 11, name: 'Magnetic', children: [] }] },
      { id: 12, slug: '4x4', parentId: 1, name: '4x4', children: [] },
    ],
  },
  { id: 2, slug: 'puzzles', parentId: null, name: 'Puzzles', children: [] },
];

describe('category tree', () => {
  it('finds a category at any depth', () => {
    expect(findCategory(tree, 111)?.name).toBe('Magnetic');
    expect(findCategory(tree, 12)?.name).toBe('4x4');
    expect(findCategory(tree, 99)).toBeUndefined();
  });

  it('gives the chain from the root', () => {
    expect(categoryPath(tree, 111).map((c) => c.id)).toEqual([1, 11, 111]);
    expect(categoryPath(tree, 2).map((c) => c.id)).toEqual([2]);
    // A route parameter that is not a number (lib/api.ts, idOf) is in no tree.
    expect(categoryPath(tree, Number.NaN)).toEqual([]);
  });
});
