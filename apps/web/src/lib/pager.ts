/** The pager of every list answer (docs/requirements.md, Data): page from 1, rows a page, rows in all. */
export interface TPagerLike {
  recTotal: number;
  recPerPage: number;
}

/**
 * docs/requirements.md, Data: total pages = ceil(recTotal / recPerPage), at least 1. The one place
 * the formula lives (staff lists, the buyer's orders and favourites, the catalog's pages);
 * `fallbackPerPage` stands in when an answer carries no page size.
 */
export function pageCount(pager: TPagerLike, fallbackPerPage?: number): number {
  const perPage = pager.recPerPage > 0 ? pager.recPerPage : (fallbackPerPage ?? 0);
  if (!(perPage > 0)) return 1;
  return Math.max(1, Math.ceil(Math.max(0, pager.recTotal) / perPage));
}
