import { useTranslation } from 'react-i18next';
import type { TOrderDetail } from '@cubeshop/shared';
import { Card } from '@/components/ui/SkeletonField';
import { formatDateTime } from './OrderStatus';

/** Messages the shop wrote about this order (also sent by e-mail), oldest first; nothing when there are none. */
export function OrderMessages({ messages }: { messages: TOrderDetail['messages'] }) {
  const { t } = useTranslation('orders');
  if (messages.length === 0) return null;
  return (
    <Card title={t('messages.title')}>
      <ol className="space-y-3 text-sm" data-testid="order-messages">
        {messages.map((m) => (
          <li key={m.id} className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2">
            <p className="text-xs text-gray-500">
              {t('messages.from')} · <span className="tabular-nums">{formatDateTime(m.createdTime)}</span>
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-ink">{m.body}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
