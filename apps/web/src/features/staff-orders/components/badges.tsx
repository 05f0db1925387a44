import { useTranslation } from 'react-i18next';
import type { TLogisticsStatus, TOrderStatus, TPaymentStatus } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { getLocale } from '@/lib/locale';

const STATUS_TONE: Record<TOrderStatus, string> = {
  confirm: 'border-amber-300 bg-amber-50 text-amber-900',
  outbound: 'border-sky-300 bg-sky-50 text-sky-900',
  delivery: 'border-indigo-300 bg-indigo-50 text-indigo-900',
  complete: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  cancel: 'border-gray-300 bg-gray-100 text-gray-700',
};
const PAYMENT_TONE: Record<TPaymentStatus, string> = {
  unpaid: 'border-red-300 bg-red-50 text-red-800',
  partially_paid: 'border-amber-300 bg-amber-50 text-amber-900',
  paid: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  refund_due: 'border-violet-300 bg-violet-50 text-violet-900',
  refunded: 'border-gray-300 bg-gray-100 text-gray-700',
};
const badge = 'inline-flex items-center rounded border px-1.5 py-px text-xs font-medium whitespace-nowrap';

export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('orders');
  return <span className={cn(badge, STATUS_TONE[status])}>{t(`status.${status}`)}</span>;
}

export function PaymentBadge({ status }: { status: TPaymentStatus }) {
  const { t } = useTranslation('orders');
  return <span className={cn(badge, PAYMENT_TONE[status])}>{t(`paymentStatus.${status}`)}</span>;
}

/** Some parcels left, packed pieces are still to ship (docs/orders.md, Split shipments). */
export function PartlyShippedBadge() {
  const { t } = useTranslation('orders');
  return <span className={cn(badge, 'border-orange-300 bg-orange-50 text-orange-900')}>{t('parcels.partly')}</span>;
}

export function LogisticsText({ status }: { status: TLogisticsStatus }) {
  const { t } = useTranslation('orders');
  return <span className="whitespace-nowrap text-gray-700">{t(`logistics.${status}`)}</span>;
}

/** Date and time in the staff member's language: dense (no seconds). */
export function formatStamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Whole days from `now` until `at` (rounded up; 0 or less: due). */
export function daysUntil(at: string, now = Date.now()): number {
  return Math.ceil((Date.parse(at) - now) / 86_400_000);
}

/**
 * When the unpaid-order follow-up cancels the order unless it is paid first (docs/orders.md,
 * Unpaid orders): "in 3 days", red from the last day; the exact time in its title.
 */
export function LapseText({ at }: { at: string | null }) {
  const { t } = useTranslation('staff');
  if (!at) return null;
  const days = daysUntil(at);
  return (
    <span
      className={cn('text-xs whitespace-nowrap', days <= 1 ? 'font-medium text-red-700' : 'text-amber-800')}
      title={t('queue.lapsesOn', { date: formatStamp(at) })}
    >
      {days <= 0 ? t('queue.lapsesNow') : t('queue.lapsesIn', { count: days })}
    </span>
  );
}
