import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cubeshop/shared';
import { buyerQuery } from '../api/groups';

/**
 * The latest orders of the buyer an agent serves (GET /api/groups/{gid}/buyer): number, date,
 * status, payment and amount, enough to answer "where is my order?". Every chat role sees them,
 * customer service included; no contact data comes with them (docs/orders.md, Back office).
 */
function Orders({ gid }: { gid: string }) {
  const { t } = useTranslation('staff', { keyPrefix: 'cs' });
  const { t: to } = useTranslation('orders');
  const buyer = useQuery(buyerQuery(gid));
  const orders = buyer.data?.orders;
  if (!Array.isArray(orders)) return null;
  return (
    <div className="mt-2" data-testid="buyer-orders">
      <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{t('buyer.orders')}</p>
      {orders.length === 0 ? (
        <p className="text-sm text-gray-500">{t('buyer.noOrders')}</p>
      ) : (
        <ul className="mt-1 space-y-0.5 text-sm">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap gap-x-2 text-ink">
              <span className="font-medium">#{o.id}</span>
              <span className="text-gray-500">{o.createdTime.slice(0, 10)}</span>
              <span>{to(`status.${o.status}`)}</span>
              <span className="text-gray-600">{to(`paymentStatus.${o.paymentStatus}`)}</span>
              <span className="tabular-nums">{formatMoney(Math.round(o.totalAmount * 100), o.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function BuyerOrders({ gid }: { gid: string }) {
  return (
    <Suspense fallback={null}>
      <Orders gid={gid} />
    </Suspense>
  );
}
