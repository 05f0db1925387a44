import type { TCategory, TCategoryRef, TLocale, TSupplier } from '@cubeshop/shared';
import { LoadingCache, type CacheStats } from '../../../lib/cache.js';
import type { CatalogRepository, CategoryRow, SupplierRow } from '../catalog.repository.js';

/**
 * The category and brand dictionary: every category and brand in memory, with the tree, the
 * descendants of each category, names in both languages and the drawing of each category's
 * pictures. Lists, details, pictures and writes read names and paths here instead of joining.
 */
export interface Dictionary {
  categories: Map<number, CategoryRow>;
  suppliers: Map<number, SupplierRow>;
  /** A category and all its descendants. */
  descendants: Map<number, number[]>;
  trees: Record<TLocale, TCategory[]>;
  refs: Record<TLocale, Map<number, TCategoryRef>>;
  supplierRefs: Record<TLocale, Map<number, TSupplier>>;
  /** The drawing of each category's pictures (its own shape, else its nearest ancestor's). */
  shapes: Map<number, string>;
}

/** Text in the language asked for, falling back to the other language when empty. */
export const pickText = (zh: string | null, en: string | null, locale: TLocale): string | null => (locale === 'zh' ? zh || en || null : en || zh || null);

export function buildDictionary(categoryRows: CategoryRow[], supplierRows: SupplierRow[]): Dictionary {
  const categories = new Map(categoryRows.map((c) => [c.id, c]));
  const children = new Map<number | null, CategoryRow[]>();
  for (const c of categoryRows) {
    const parent = c.parentId !== null && categories.has(c.parentId) ? c.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(c);
    children.set(parent, list);
  }
  const descendants = new Map<number, number[]>();
  const collect = (id: number, seen: Set<number>): number[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    return [id, ...(children.get(id) ?? []).flatMap((c) => collect(c.id, seen))];
  };
  for (const c of categoryRows) descendants.set(c.id, collect(c.id, new Set()));
  const tree = (locale: TLocale, parent: number | null, seen: Set<number>): TCategory[] =>
    (children.get(parent) ?? [])
      .filter((c) => !seen.has(c.id))
      .map((c) => {
        seen.add(c.id);
        return { id: c.id, slug: c.slug, parentId: c.parentId, name: pickText(c.nameZh, c.nameEn, locale) ?? c.slug, children: tree(locale, c.id, seen) };
      });
  const refs = (locale: TLocale) => new Map(categoryRows.map((c) => [c.id, { id: c.id, slug: c.slug, name: pickText(c.nameZh, c.nameEn, locale) ?? c.slug }]));
  const supplierRefs = (locale: TLocale) => new Map(supplierRows.map((s) => [s.id, { id: s.id, name: pickText(s.nameZh, s.nameEn, locale) ?? s.slug }]));
  const shapes = new Map<number, string>();
  for (const c of categoryRows) {
    let cur: CategoryRow | undefined = c;
    const seen = new Set<number>();
    while (cur && !cur.shape && cur.parentId !== null && !seen.has(cur.id)) {
      seen.add(cur.id);
      cur = categories.get(cur.parentId);
    }
    shapes.set(c.id, cur?.shape ?? 'cube3');
  }
  return {
    categories,
    suppliers: new Map(supplierRows.map((s) => [s.id, s])),
    descendants,
    trees: { zh: tree('zh', null, new Set()), en: tree('en', null, new Set()) },
    refs: { zh: refs('zh'), en: refs('en') },
    supplierRefs: { zh: supplierRefs('zh'), en: supplierRefs('en') },
    shapes,
  };
}

/** A category and its ancestors, root first (breadcrumbs, search text). */
export function categoryPath(dict: Dictionary, id: number): CategoryRow[] {
  const out: CategoryRow[] = [];
  const seen = new Set<number>();
  let cur = dict.categories.get(id);
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    out.unshift(cur);
    cur = cur.parentId === null ? undefined : dict.categories.get(cur.parentId);
  }
  return out;
}

export interface CategoryDictionaryOptions {
  /** Lifetime of the loaded dictionary, ms. */
  ttlMs: number;
  now?: (() => number) | undefined;
  /** Hit and miss counts (metrics), as 'catalog.categories'. */
  cacheStats?: CacheStats | undefined;
}

/** The dictionary, loaded once (one query per table) and kept `ttlMs`; invalidate() after a write. */
export function createCategoryDictionary(repo: Pick<CatalogRepository, 'listCategories' | 'listSuppliers'>, options: CategoryDictionaryOptions) {
  // Past its lifetime it is still answered while read again (writes clear it at once).
  const cache = new LoadingCache<Dictionary>({
    ttlMs: options.ttlMs,
    maxEntries: 1,
    now: options.now,
    staleWhileRevalidate: true,
    name: 'catalog.categories',
    stats: options.cacheStats,
  });
  const load = async () => {
    const [c, s] = await Promise.all([repo.listCategories(), repo.listSuppliers()]);
    return buildDictionary(c, s);
  };
  return {
    get: (): Promise<Dictionary> => cache.get('dict', load),
    invalidate(): void {
      cache.clear();
    },
  };
}
export type CategoryDictionary = ReturnType<typeof createCategoryDictionary>;
