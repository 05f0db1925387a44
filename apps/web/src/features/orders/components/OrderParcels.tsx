import { useTranslation } from 'react-i18next';
import type { TOrderDetail } from '@cubeshop/shared';
import { Card } from '@/components/ui/SkeletonField';
import { ParcelList } from '@/components/parcels/ParcelList';

/** The buyer's parcels card: shown once a parcel left; says when more are to come. */
export function OrderParcels({ order }: { order: Pick<TOrderDetail, 'id' | 'shipments' | 'fulfillment' | 'items'> }) {
  const { t } = useTranslation('orders');
  if (order.shipments.length === 0) return null;
  const left = order.items.reduce((a, l) => a + Math.max(l.actualQuantity - (l.shippedQuantity ?? 0), 0), 0);
  return (
    <Card title={t('parcels.title', { count: order.shipments.length })}>
      {order.fulfillment === 'partial' && left > 0 ? (
        <p className="mb-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="parcels-to-come">
          {t('parcels.toCome', { count: left })}
        </p>
      ) : null}
      <ParcelList order={order} />
    </Card>
  );
}
