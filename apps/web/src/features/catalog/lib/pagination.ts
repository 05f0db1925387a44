import { PAGINATION_BUTTONS } from '@cubeshop/shared';
import { pageCount } from '@/lib/pager';

export type TPageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' };

/** docs/requirements.md, Data: total pages = ceil(recTotal / recPerPage), at least 1 (lib/pager.ts). */
export function totalPages(recTotal: number, recPerPage: number): number {
  return pageCount({ recTotal, recPerPage });
}

/**
 * The page buttons (docs/requirements.md, Screens): a window of at most `windowSize` pages around the current
 * one, plus the first and the last page, with an ellipsis for every gap.
 *   pageItems(10, 20) -> 1 … 8 9 10 11 12 … 20
 */
export function pageItems(current: number, total: number, windowSize = PAGINATION_BUTTONS): TPageItem[] {
  const last = Math.max(1, Math.floor(total));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const size = Math.max(1, Math.min(windowSize, last));
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(last, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: TPageItem[] = [];
  if (start > 1) {
    items.push({ type: 'page', page: 1 });
    if (start > 2) items.push({ type: 'ellipsis', key: 'start' });
  }
  for (let p = start; p <= end; p++) items.push({ type: 'page', page: p });
  if (end < last) {
    if (end < last - 1) items.push({ type: 'ellipsis', key: 'end' });
    items.push({ type: 'page', page: last });
  }
  return items;
}
