import { useTranslation } from 'react-i18next';
import type { TQuoteStatus } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';

const TONE: Record<TQuoteStatus, string> = {
  requested: 'bg-amber-50 text-amber-800',
  sent: 'bg-brand-50 text-brand-700',
  accepted: 'bg-green-50 text-green-800',
  withdrawn: 'bg-gray-100 text-gray-700',
  expired: 'bg-gray-100 text-gray-700',
};

/** A quote's status in words (both sides use the same words). */
export function QuoteStatusBadge({ status }: { status: TQuoteStatus }) {
  const { t } = useTranslation('quotes');
  return (
    <span className={cn('inline-block rounded px-2 py-0.5 text-xs font-medium', TONE[status])} data-testid="quote-status">
      {t(`status.${status}`)}
    </span>
  );
}
