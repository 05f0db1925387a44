import { useId, useState } from 'react';
import { ClipboardList, Clock, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_STATUSES, formatMoney, type TOrderStatus, type TOrderSummary } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { pageCount } from '@/lib/pager';
import { useOrders } from '../api/get-orders';
import { useReorder } from '../hooks/use-reorder';
import { StatusBadge, formatDateTime } from './OrderStatus';

/** My orders (profile screen): a paged list, newest first, with a status filter, links to the detail and reorder. */
export function OrdersSection() {
  const { t } = useTranslation('orders');
  const [status, setStatus] = useState<TOrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const orders = useOrders(page, status);
  const reorder = useReorder();
  const filterId = useId();
  const pages = orders.data ? pageCount(orders.data.pager) : 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={filterId} className="text-sm font-medium text-gray-700">
          {t('list.filter')}
        </label>
        <select
          id={filterId}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TOrderStatus | '');
            setPage(1);
          }}
          className="h-9 rounded-md border border-gray-300 bg-white px-2 text-sm focus:border-brand-500 focus:outline-none"
        >
          <option value="">{t('list.all')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
        {orders.data ? <span className="text-sm text-gray-500">{t('list.count', { count: orders.data.pager.recTotal })}</span> : null}
      </div>

      {orders.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : orders.isError ? (
        <QueryError error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} message={t('loadFailed')} />
      ) : orders.data.data.length === 0 ? (
        <div className="py-10 text-center">
          <ClipboardList aria-hidden="true" className="mx-auto size-10 text-gray-300" />
          <p className="mt-2 text-sm text-gray-600">{status ? t('list.emptyFiltered') : t('list.empty')}</p>
          <Link to="/" className="mt-3 inline-flex h-9 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
            {t('list.shop')}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3" aria-busy={orders.isFetching || undefined}>
          {orders.data.data.map((order) => (
            <OrderRow key={order.id} order={order} onReorder={() => void reorder.run(order.id)} reordering={reorder.pendingId === order.id} />
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav className="flex items-center justify-center gap-2" aria-label={t('list.pages')}>
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('list.previous')}
          </Button>
          <span className="text-sm text-gray-600">{t('list.page', { page, pages })}</span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('list.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function OrderRow({ order, onReorder, reordering }: { order: TOrderSummary; onReorder: () => void; reordering: boolean }) {
  const { t } = useTranslation('orders');
  const money = (v: number) => formatMoney(Math.round(v * 100), order.currency);
  return (
    <li className="rounded-md border border-gray-200 p-3" data-testid="order-row" data-order-id={order.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Link to={`/order/${order.id}`} className="font-semibold text-brand-700 hover:underline">
            {t('orderId', { id: order.id })}
          </Link>
          <StatusBadge status={order.status} />
          <span className="text-xs text-gray-500">{t('list.logistics', { status: t(`logistics.${order.logisticsStatus}`) })}</span>
        </div>
        <span className="text-xs text-gray-500">{formatDateTime(order.createdTime)}</span>
      </div>
      <div className="mt-2 flex items-center gap-2">
        {order.preview.map((line) => (
          <img
            key={`${line.itemId}-${line.type}`}
            src={line.thumbnail}
            alt={line.name}
            title={line.name}
            width={44}
            height={44}
            loading="lazy"
            className="size-11 rounded border border-gray-100 object-contain"
          />
        ))}
        {order.lineCount > order.preview.length ? <span className="text-xs text-gray-500">+{order.lineCount - order.preview.length}</span> : null}
      </div>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-2 text-sm">
        <div className="text-gray-600">
          <p>
            {t('list.summary', {
              lines: t('list.lines', { count: order.lineCount }),
              pieces: t('list.pcs', { count: order.quantity }),
              method: order.expressMethod.name,
            })}
          </p>
          {order.trackingNumber ? <p className="text-xs">{t('list.tracking', { number: order.trackingNumber })}</p> : null}
          {/* Unpaid orders the shop cancels: by when to pay (the order page says why; docs/orders.md, Unpaid orders). */}
          {order.lapsesAt && order.status !== 'cancel' ? (
            <p data-testid="order-row-lapse" className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-amber-800">
              <Clock aria-hidden="true" className="size-3.5 shrink-0" />
              <time dateTime={order.lapsesAt}>{t('lapse.payBy', { date: formatDateTime(order.lapsesAt) })}</time>
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <span className="font-semibold text-ink tabular-nums">{money(order.totalAmount)}</span>
          <Link to={`/order/${order.id}`} className="inline-flex h-8 items-center rounded-md border border-gray-300 bg-white px-3 text-sm hover:bg-gray-50">
            {t('list.details')}
            <span className="sr-only"> {t('orderId', { id: order.id })}</span>
          </Link>
          <Button size="sm" variant="secondary" onClick={onReorder} disabled={reordering} aria-label={t('list.reorderFor', { id: order.id })}>
            <RotateCcw aria-hidden="true" className="size-3.5" />
            {t('reorder.button')}
          </Button>
        </div>
      </div>
    </li>
  );
}
