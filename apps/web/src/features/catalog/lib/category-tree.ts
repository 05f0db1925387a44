import type { TCategory } from '../api/types';

/** The category with this id anywhere in the tree. */
export function findCategory(tree: readonly TCategory[], id: number): TCategory | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findCategory(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The chain from a root to the category (both included); [] when it is not in the tree. */
export function categoryPath(tree: readonly TCategory[], id: number): TCategory[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}
