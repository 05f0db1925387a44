import type { TStaffCategory, TStaffBrand } from '@cubeshop/shared';
import { getLocale } from '@/lib/locale';

/** A name in the staff member's language (the other one when empty). */
export const nameOf = (r: { nameZh: string; nameEn: string }) => (getLocale() === 'zh' ? r.nameZh || r.nameEn : r.nameEn || r.nameZh);

/** Yuan as staff read it: ¥12.50. */
export const yuan = (v: number) => `¥${v.toFixed(2)}`;

/** A time as staff read it in their language (short date and time). */
export function formatStamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A shared rule's key ('v.required') as a sentence in the staff member's language; other text as it is. */
export { ruleText } from '@/components/staff/server-error';

/** The categories in tree order with their depth (pickers and the tree screen). */
export function categoryRows(list: readonly TStaffCategory[]): { category: TStaffCategory; depth: number }[] {
  const children = new Map<number | null, TStaffCategory[]>();
  for (const c of list) {
    const parent = c.parentId !== null && list.some((p) => p.id === c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  for (const kids of children.values()) kids.sort((a, b) => a.position - b.position || a.id - b.id);
  const out: { category: TStaffCategory; depth: number }[] = [];
  const walk = (parent: number | null, depth: number, seen: Set<number>) => {
    for (const c of children.get(parent) ?? []) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push({ category: c, depth });
      walk(c.id, depth + 1, seen);
    }
  };
  walk(null, 0, new Set());
  return out;
}

/** Brands by name (pickers). */
export const brandsByName = (list: readonly TStaffBrand[]) => [...list].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
