import type { TOrderStatus } from '@cubeshop/shared';

/** The way an order normally goes; cancel leaves it. */
export const ORDER_PROGRESS: readonly TOrderStatus[] = ['confirm', 'outbound', 'delivery', 'complete'];

/** Index of the status on the progress line; -1 for cancel. */
export function progressIndex(status: TOrderStatus): number {
  return ORDER_PROGRESS.indexOf(status);
}

export const STATUS_TONE: Record<TOrderStatus, string> = {
  confirm: 'bg-sky-50 text-sky-800 border-sky-200',
  outbound: 'bg-indigo-50 text-indigo-800 border-indigo-200',
  delivery: 'bg-amber-50 text-amber-800 border-amber-200',
  complete: 'bg-green-50 text-green-800 border-green-200',
  cancel: 'bg-gray-100 text-gray-700 border-gray-200',
};
