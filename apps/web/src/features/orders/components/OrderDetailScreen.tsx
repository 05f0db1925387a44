import type { ReactNode } from 'react';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatVolume, formatWeight, type TOrderDetail } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { useOrder } from '../api/get-order';
import { useRegionName } from '@/lib/regions';
import { useReorder } from '../hooks/use-reorder';
import { StatusBadge, StatusProgress, formatDateTime } from './OrderStatus';
import { OrderParcels } from './OrderParcels';
import { OrderLapseNotice } from './OrderLapseNotice';
import { OrderMessages } from './OrderMessages';
import { OrderDocuments } from './OrderDocuments';
import { OrderRequest } from './OrderRequest';
import { PayPalPay } from './PayPalPay';
import { OrderMoney } from './OrderMoney';
import { PaymentInstructions } from './PaymentInstructions';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 sm:block">
      <dt className="text-gray-500">{label}</dt>
      <dd className="text-right break-words text-ink sm:mt-0.5 sm:text-left">{children || '-'}</dd>
    </div>
  );
}

function Loading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** Order detail (docs/requirements.md, Data, Order): status and progress, amounts, items, shipping, logistics, payment, history, reorder. */
export function OrderDetailScreen({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Link to="/my-order" className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('backToOrders')}
      </Link>
      {order.isPending ? (
        <>
          <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
          <Loading />
        </>
      ) : order.isError ? (
        <Card>
          <QueryError
            error={order.error}
            onRetry={() => void order.refetch()}
            retrying={order.isFetching}
            title={<h1 className="text-xl font-bold text-ink">{t('title')}</h1>}
            message={t('loadFailed')}
            notFoundMessage={t('notFound', { id: orderId })}
            backTo="/my-order"
            backLabel={t('backToOrders')}
          />
        </Card>
      ) : (
        <OrderDetail order={order.data} />
      )}
    </div>
  );
}

function OrderDetail({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('orders');
  const reorder = useReorder();
  const country = useRegionName(order.deliveryRegionId);
  const money = (v: number) => formatMoney(Math.round(v * 100), order.currency);
  const addressLines = [order.deliveryAddress, order.deliveryAddress2, [order.deliveryCity, order.deliveryState].filter(Boolean).join(', ')].filter(Boolean);

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600">
            <span data-testid="order-id">{t('orderId', { id: order.id })}</span>
            <StatusBadge status={order.status} />
          </p>
          <p className="mt-0.5 text-sm text-gray-500">{formatDateTime(order.createdTime)}</p>
        </div>
        <Button onClick={() => void reorder.run(order.id)} disabled={reorder.isPending} aria-busy={reorder.isPending || undefined}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('reorder.button')}
        </Button>
      </div>

      <OrderLapseNotice order={order} />
      <PayPalPay order={order} />

      <Card title={t('progress.title')}>
        <StatusProgress status={order.status} />
      </Card>

      <OrderMessages messages={order.messages} />
      <OrderRequest orderId={order.id} />
      <OrderDocuments order={order} />
      <OrderParcels order={order} />

      {order.paymentInstructions && !order.bankTransfer && order.status !== 'cancel' && order.money.toPay > 0 ? (
        <PaymentInstructions instructions={order.paymentInstructions} amount={money(order.money.toPay)} />
      ) : null}

      {order.bankTransfer && order.status !== 'cancel' && order.money.toPay > 0 ? (
        <Card title={t('bankTransfer.title')}>
          <p className="mb-3 text-sm text-gray-700">{t('bankTransfer.intro', { amount: money(order.money.toPay), reference: order.bankTransfer.reference })}</p>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="bank-transfer">
            <Fact label={t('bankTransfer.accountName')}>{order.bankTransfer.accountName}</Fact>
            <Fact label={t('bankTransfer.bank')}>
              {order.bankTransfer.bank}
              {order.bankTransfer.bankAddress ? <span className="block text-xs text-gray-500">{order.bankTransfer.bankAddress}</span> : null}
            </Fact>
            <Fact label={t('bankTransfer.swift')}>
              <span className="font-mono">{order.bankTransfer.swift}</span>
            </Fact>
            <Fact label={t('bankTransfer.accountNumber')}>
              <span className="font-mono">{order.bankTransfer.accountNumber}</span>
            </Fact>
            <Fact label={t('bankTransfer.reference')}>
              <span className="font-mono font-semibold">{order.bankTransfer.reference}</span>
            </Fact>
          </dl>
        </Card>
      ) : null}

      <Card title={t('summaryTitle')}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label={t('fields.status')}>
            {t(`status.${order.status}`)}
            {order.fulfillment === 'partial' ? <span className="block text-xs text-amber-800">{t('parcels.partly')}</span> : null}
            {order.cancelReason ? <span className="block text-xs text-gray-500">{order.cancelReason}</span> : null}
          </Fact>
          <Fact label={t('fields.paymentStatus')}>
            <span data-testid="order-payment-status">{t(`paymentStatus.${order.paymentStatus}`)}</span>
            {order.money.toPay > 0 ? (
              <span className="block text-xs text-gray-500">{t('fields.balanceValue', { amount: money(order.money.toPay) })}</span>
            ) : null}
            {order.money.refundDue > 0 ? (
              <span className="block text-xs text-violet-800">{t('money.refundDueNote', { amount: money(order.money.refundDue) })}</span>
            ) : null}
          </Fact>
          <Fact label={t('fields.date')}>{formatDateTime(order.createdTime)}</Fact>
          <Fact label={t('fields.payment')}>{order.surchargePercent > 0 ? `${order.payMethod.name} (+${order.surchargePercent}%)` : order.payMethod.name}</Fact>
          <Fact label={t('fields.express')}>
            {order.expressMethod.name}
            <span className="block text-xs text-gray-500">
              {t('transit', { min: order.transitDays.min, max: order.transitDays.max, zone: order.zone.name })}
            </span>
          </Fact>
          <Fact label={t('fields.totalQuantity')}>
            {order.actualQuantity}
            {order.actualQuantity !== order.quantity ? <s className="ml-2 text-xs text-gray-500">{order.quantity}</s> : null}
          </Fact>
          <Fact label={t('fields.totalAmount')}>
            <span className="font-semibold text-brand-700">{money(order.money.charged.total)}</span>
            {order.money.changed ? <s className="ml-2 text-xs text-gray-500">{money(order.money.ordered.total)}</s> : null}
          </Fact>
          <Fact label={t('fields.weights')}>
            {t('weights', {
              gw: formatWeight(order.actualTotalGw),
              volume: formatVolume(order.actualTotalVolume),
              vw: formatWeight(order.actualTotalVolumeWeight),
            })}
          </Fact>
        </dl>
      </Card>

      <OrderMoney order={order} />

      <Card title={t('itemsTitle')}>
        <ul className="divide-y divide-gray-100">
          {order.items.map((line) => {
            const discounted = line.discountPrice < line.price;
            const changed = line.actualQuantity !== line.quantity || line.actualPrice !== line.discountPrice;
            return (
              <li key={line.id} className="flex gap-3 py-3 first:pt-0 last:pb-0" data-testid="order-line">
                <img
                  src={line.thumbnail}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-14 shrink-0 rounded border border-gray-100 object-contain"
                />
                <div className="min-w-0 flex-1 text-sm">
                  <a
                    href={`/product/${line.itemId}`}
                    target="_blank"
                    rel="noopener"
                    className="line-clamp-2 font-medium text-ink hover:text-brand-700 hover:underline"
                  >
                    {line.name}
                  </a>
                  <p className="text-xs text-gray-500">
                    {line.supplier} · {t('itemNo', { id: line.itemId })}
                    {line.typeName || line.type ? ` · ${line.typeName ?? line.type}` : ''}
                  </p>
                  <p className="mt-1 text-xs text-gray-600" data-testid="order-line-price">
                    {money(line.actualPrice)}
                    {!changed && discounted ? <s className="ml-1 text-gray-500">{money(line.price)}</s> : null} × {line.actualQuantity}
                    {changed ? (
                      <s className="ml-2 text-gray-500">{t('lines.orderedStruck', { price: money(line.discountPrice), quantity: line.quantity })}</s>
                    ) : null}
                    {line.tierMinQuantity ? (
                      <span className="ml-2 text-emerald-700" data-testid="order-line-tier">
                        {t('tiers.soldAt', { count: line.tierMinQuantity })}
                      </span>
                    ) : null}
                  </p>
                  {line.creditedQuantity || line.returnedQuantity ? (
                    <p className="mt-0.5 text-xs text-violet-800">
                      {[
                        line.creditedQuantity ? t('lines.credited', { count: line.creditedQuantity }) : null,
                        line.returnedQuantity ? t('lines.returned', { count: line.returnedQuantity }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  ) : null}
                </div>
                <div className="shrink-0 text-right text-sm">
                  <p className="font-semibold tabular-nums" data-testid="order-line-amount">
                    {money(line.actualAmount)}
                  </p>
                  {changed ? (
                    <s className="block text-xs text-gray-500 tabular-nums">{money(line.amount)}</s>
                  ) : (
                    <p className="text-xs text-gray-500">{t('quantityShort', { n: line.actualQuantity })}</p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('shippingTitle')}>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact label={t('fields.receiver')}>{order.deliveryUser}</Fact>
            <Fact label={t('fields.phone')}>{order.deliveryPhone}</Fact>
            <Fact label={t('fields.country')}>{country}</Fact>
            <Fact label={t('fields.company')}>{order.deliveryCompany}</Fact>
            <Fact label={t('fields.postalCode')}>{order.deliveryPostalCode}</Fact>
            <Fact label={t('fields.address')}>{addressLines.join(', ')}</Fact>
            {order.deliveryTaxId ? <Fact label={t('fields.taxId')}>{order.deliveryTaxId}</Fact> : null}
            {order.deliveryShippingMark ? <Fact label={t('fields.shippingMark')}>{order.deliveryShippingMark}</Fact> : null}
          </dl>
        </Card>
        <Card title={t('logisticsTitle')}>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact label={t('fields.logisticsStatus')}>{t(`logistics.${order.logisticsStatus}`)}</Fact>
            <Fact label={t('fields.trackingNumber')}>
              {order.trackingNumber ? <span className="font-mono">{order.trackingNumber}</span> : t('noTracking')}
              {order.trackingUrl ? (
                <a href={order.trackingUrl} target="_blank" rel="noreferrer noopener" className="ml-2 text-brand-700 underline">
                  {t('trackParcel')}
                </a>
              ) : null}
            </Fact>
            <Fact label={t('fields.express')}>{order.expressMethod.name}</Fact>
          </dl>
        </Card>
      </div>

      <Card title={t('fields.comment')}>
        <p className="text-sm whitespace-pre-line break-words text-gray-700">{order.comment || t('noComment')}</p>
      </Card>

      <Card title={t('historyTitle')}>
        <ol className="space-y-2 text-sm">
          {order.history.map((event, i) => (
            <li key={`${event.time}-${i}`} className="flex flex-col gap-0.5 border-l-2 border-brand-200 pl-3 sm:flex-row sm:gap-3">
              <span className="shrink-0 text-gray-500 tabular-nums">{formatDateTime(event.time)}</span>
              <span className="text-ink">
                {describeEvent(event, t)}
                {event.note ? <span className="text-gray-500"> · {event.note}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

function describeEvent(event: TOrderDetail['history'][number], t: (key: string, params?: Record<string, unknown>) => string): string {
  switch (event.type) {
    case 'created':
      return t('history.created');
    case 'status':
      return t('history.status', { to: event.to ? t(`status.${event.to}`) : '-' });
    case 'logistics':
      return t('history.logistics', { to: event.to ? t(`logistics.${event.to}`) : '-' });
    case 'tracking':
      return t('history.tracking', { to: event.to ?? '-' });
    case 'lineAdded':
      return t('history.lineAdded', { line: event.to ?? '-' });
    case 'lineRemoved':
      return t('history.lineRemoved', { line: event.to ?? '-' });
  }
}
