import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOrderDetail } from '@cubeshop/shared';
import { formatDateTime } from './OrderStatus';

/**
 * Unpaid orders the shop cancels (docs/orders.md, Unpaid orders): when this one is cancelled unless
 * paid first. The date is the server's (the staff queue's and the reminder mail's); nothing shows
 * once paid or cancelled, or when the shop does not cancel unpaid orders.
 */
export function OrderLapseNotice({ order }: { order: Pick<TOrderDetail, 'status' | 'lapsesAt' | 'lapseAfterDays'> }) {
  const { t } = useTranslation('orders');
  if (!order.lapsesAt || order.lapseAfterDays === null || order.status === 'cancel') return null;
  return (
    <p
      role="status"
      data-testid="order-lapse"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{t('lapse.notice', { count: order.lapseAfterDays, date: formatDateTime(order.lapsesAt) })}</span>
    </p>
  );
}
