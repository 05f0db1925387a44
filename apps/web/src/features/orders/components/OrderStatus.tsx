import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOrderStatus } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { getLocale } from '@/lib/locale';
import { ORDER_PROGRESS, STATUS_TONE, progressIndex } from '../lib/status';

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function StatusBadge({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_TONE[status])}>
      {t(`status.${status}`)}
    </span>
  );
}

/** confirm → outbound → delivery → complete, with the current step marked; a cancelled order says so. */
export function StatusProgress({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('orders');
  if (status === 'cancel') {
    return (
      <p className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
        <X aria-hidden="true" className="size-4" />
        {t('progress.cancelled')}
      </p>
    );
  }
  const current = progressIndex(status);
  return (
    <ol className="flex items-start" aria-label={t('progress.label')}>
      {ORDER_PROGRESS.map((step, i) => {
        const done = i < current || status === 'complete';
        const active = i === current;
        return (
          <li key={step} className="relative flex flex-1 flex-col items-center text-center" aria-current={active ? 'step' : undefined}>
            {i > 0 ? (
              <span aria-hidden="true" className={cn('absolute top-3.5 right-1/2 h-0.5 w-full', i <= current ? 'bg-brand-500' : 'bg-gray-200')} />
            ) : null}
            <span
              className={cn(
                'relative z-10 flex size-7 items-center justify-center rounded-full border-2 text-xs font-semibold',
                done
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : active
                    ? 'border-brand-600 bg-white text-brand-700'
                    : 'border-gray-300 bg-white text-gray-500',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : i + 1}
            </span>
            <span className={cn('mt-1 px-1 text-xs', active ? 'font-semibold text-brand-700' : done ? 'text-ink' : 'text-gray-500')}>
              {t(`status.${step}`)}
              {done ? <span className="sr-only"> ({t('progress.done')})</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
