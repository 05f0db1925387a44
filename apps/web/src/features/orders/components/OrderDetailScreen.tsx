import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';

const SUMMARY = ['status', 'date', 'payment', 'express', 'totalQuantity', 'totalAmount', 'freight'] as const;
const SHIPPING = ['receiver', 'phone', 'country', 'company', 'postalCode', 'address'] as const;
const LOGISTICS = ['logisticsStatus', 'trackingNumber'] as const;

function Facts({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {keys.map((key) => (
        <div key={key} className="flex items-center justify-between gap-3 sm:block">
          <dt className="text-gray-500">{t(`fields.${key}`)}</dt>
          <dd className="sm:mt-1">
            <Skeleton className="h-4 w-28" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Order detail: summary, items, shipping address, logistics. The order data plugs in here. */
export function OrderDetailScreen({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Link to="/my-order" className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('backToOrders')}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
        <p className="mt-1 text-sm break-all text-gray-600">{t('orderId', { id: orderId })}</p>
      </div>
      <Card title={t('summaryTitle')}>
        <Facts keys={SUMMARY} />
      </Card>
      <Card title={t('itemsTitle')}>
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex gap-3">
              <Skeleton className="size-14 shrink-0" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-3/5" />
                <Skeleton className="h-4 w-2/5" />
              </div>
            </div>
          ))}
        </div>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('shippingTitle')}>
          <Facts keys={SHIPPING} />
        </Card>
        <Card title={t('logisticsTitle')}>
          <Facts keys={LOGISTICS} />
        </Card>
      </div>
    </div>
  );
}
