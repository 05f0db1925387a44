import { ADMIN_ORDER_PAGE_SIZES, ADMIN_ORDER_SORTS } from '@cubeshop/shared';
import { withFilter as withFilterParam } from '@/components/staff/filter-params';

/** The queue's filters as they stand in the URL (saved filters: the address can be bookmarked and shared). */
export const QUEUE_FILTERS = ['q', 'status', 'paymentStatus', 'logisticsStatus', 'from', 'to', 'country', 'method', 'payMethod', 'amountMin', 'amountMax', 'sort', 'recPerPage'] as const;
export type TQueueFilter = (typeof QUEUE_FILTERS)[number];

/** The API's query string for the URL's search params: known keys only, blanks left out, page last. */
export function queueSearch(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of [...QUEUE_FILTERS, 'page'] as const) {
    const value = params.get(key)?.trim();
    if (value) out.set(key, value);
  }
  return out.toString();
}

/** The params after changing one filter (blank removes it; the page goes back to 1). */
export const withFilter: (params: URLSearchParams, key: TQueueFilter | 'page', value: string) => URLSearchParams = withFilterParam;

export const pageSizeOf = (params: URLSearchParams) => {
  const n = Number(params.get('recPerPage'));
  return (ADMIN_ORDER_PAGE_SIZES as readonly number[]).includes(n) ? n : ADMIN_ORDER_PAGE_SIZES[0];
};
export const sortOf = (params: URLSearchParams) => {
  const s = params.get('sort');
  return (ADMIN_ORDER_SORTS as readonly string[]).includes(s ?? '') ? s! : 'newest';
};
