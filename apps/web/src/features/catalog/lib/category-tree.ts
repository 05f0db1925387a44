import type { TCategory, TId } from '../api/types';

const same = (a: TId | null | undefined, b: TId | null | undefined) => a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

/** The category with this id anywhere in the tree. */
export function findCategory(tree: readonly TCategory[], id: TId): TCategory | undefined {
  for (const node of tree) {
    if (same(node.id, id)) return node;
    const found = findCategory(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** The chain from a root to the category (both included); [] when it is not in the tree. */
export function categoryPath(tree: readonly TCategory[], id: TId): TCategory[] {
  for (const node of tree) {
    if (same(node.id, id)) return [node];
    const below = categoryPath(node.children ?? [], id);
    if (below.length) return [node, ...below];
  }
  return [];
}
