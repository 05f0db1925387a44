import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CARRIERS,
  formatMoney,
  formatVolume,
  formatWeight,
  LOGISTICS_STATUS_NEXT,
  ORDER_STATUS_NEXT,
  staffCan,
  type TStaffOrderDetail,
  type TCarrier,
  type TCurrency,
  type TOrderTransition,
  type TStaffRole,
} from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { useRegionName } from '@/lib/regions';
import { toast } from '@/lib/stores/toast';
import { Section } from '@/components/staff/Section';
import { useStaffOrder } from '../api/get-staff-order';
import { setShippingFee, transitionOrder, useOrderChange } from '../api/update-order';
import { formatStamp, LogisticsText, OrderStatusBadge, PartlyShippedBadge, PaymentBadge } from './badges';
import { HistoryCard } from './OrderHistory';
import { LinesCard } from './OrderLines';
import { NotesCard } from './OrderNotes';
import { PaymentsCard } from './OrderPayments';
import { CreditsCard } from './OrderCredits';
import { RestockCard } from './OrderRestock';
import { DocumentsCard } from './StaffDocuments';
import { ShipmentsCard } from './OrderShipments';
import { errorText, input } from './parts';
import { formText } from '@/lib/form-data';

/** /admin/orders/{id}: everything staff do to one order, on one screen. */
export function StaffOrderScreen({
  id,
  role,
  requests,
}: {
  id: string;
  role: TStaffRole | null;
  /** The order's after-sales requests (features/staff-requests, placed by the route). */ requests?: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const query = useStaffOrder(id);
  if (query.isError && !query.data) {
    return (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        message={t('order.loadFailed')}
        notFoundMessage={t('order.notFound', { id })}
        backTo="/admin/orders"
        backLabel={t('order.back')}
      />
    );
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="…" />
      </div>
    );
  }
  return <OrderWorkspace detail={query.data} role={role} requests={requests} />;
}

function OrderWorkspace({ detail, role, requests }: { detail: TStaffOrderDetail; role: TStaffRole | null; requests?: ReactNode }) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const money = (v: number, currency: TCurrency = order.currency) => formatMoney(Math.round(v * 100), currency);
  const closed = order.status === 'complete' || order.status === 'cancel';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to="/admin/orders" className="text-sm text-brand-700 hover:underline">
          ← {t('order.back')}
        </Link>
        <h1 className="text-lg font-semibold text-ink tabular-nums">{t('order.title', { id: order.id })}</h1>
        <OrderStatusBadge status={order.status} />
        <PaymentBadge status={detail.paymentStatus} />
        <LogisticsText status={order.logisticsStatus} />
        {order.fulfillment === 'partial' ? <PartlyShippedBadge /> : null}
        <span className="text-sm text-gray-600">{t('order.placed', { time: formatStamp(order.createdTime) })}</span>
      </div>
      {detail.cancelReason ? (
        <p className="rounded border border-gray-300 bg-gray-100 px-3 py-2 text-sm">{t('order.cancelReason', { reason: detail.cancelReason })}</p>
      ) : null}
      {requests}

      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
        <BuyerCard detail={detail} canOpenBuyer={staffCan(role, 'customers.read')} />
        <TotalsCard detail={detail} money={money} canEdit={!closed && staffCan(role, 'orders.sell')} />
        <FulfilmentCard detail={detail} role={role} />
      </div>

      <DocumentsCard orderId={order.id} />
      <ShipmentsCard
        detail={detail}
        canShip={order.status === 'confirm' && staffCan(role, 'orders.fulfil')}
        canShipUnpaid={staffCan(role, 'orders.shipUnpaid')}
      />
      <LinesCard
        detail={detail}
        money={money}
        canPack={order.status === 'confirm' && staffCan(role, 'orders.fulfil')}
        canPrice={!closed && staffCan(role, 'orders.sell')}
        canEdit={staffCan(role, 'orders.sell')}
      />

      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <PaymentsCard detail={detail} money={money} canRecord={staffCan(role, 'payments.record')} />
        <CreditsCard detail={detail} money={money} canIssue={order.status !== 'cancel' && staffCan(role, 'orders.sell')} />
      </div>
      {order.items.some((l) => (l.shippedQuantity ?? 0) > 0) ? <RestockCard detail={detail} canReceive={staffCan(role, 'orders.fulfil')} /> : null}
      <NotesCard detail={detail} role={role} />
      <HistoryCard detail={detail} />
    </div>
  );
}

function BuyerCard({ detail, canOpenBuyer }: { detail: TStaffOrderDetail; canOpenBuyer: boolean }) {
  const { t } = useTranslation('staff');
  const { order, buyer } = detail;
  // The country by its name in the reader's language (a label to copy), not its ISO code.
  const country = useRegionName(order.deliveryRegionId);
  const address = [
    order.deliveryUser,
    order.deliveryCompany,
    order.deliveryAddress,
    order.deliveryAddress2,
    [order.deliveryCity, order.deliveryState, order.deliveryPostalCode].filter(Boolean).join(', '),
    country,
    order.deliveryPhone,
    order.deliveryTaxId,
    order.deliveryShippingMark,
  ]
    .filter(Boolean)
    .join('\n');
  const copy = async () => {
    await navigator.clipboard?.writeText(address).catch(() => undefined);
    toast.success(t('order.copied'));
  };
  return (
    <Section title={t('order.buyer')}>
      <p className="text-sm">
        <span className="font-medium">{buyer.name || buyer.account}</span> <span className="text-gray-600">({buyer.account})</span>
        {canOpenBuyer ? (
          <Link to={`/admin/customers/${buyer.id}`} className="ml-2 text-xs text-brand-700 hover:underline">
            {t('customers.openCustomer')}
          </Link>
        ) : null}
      </p>
      <p className="text-sm text-gray-700">{[buyer.email, buyer.mobile].filter(Boolean).join(' · ')}</p>
      <div className="mt-2 flex items-start justify-between gap-2">
        <h3 className="text-xs font-medium text-gray-600">{t('order.address')}</h3>
        <Button size="sm" variant="ghost" onClick={() => void copy()}>
          {t('order.copy')}
        </Button>
      </div>
      <pre className="font-sans text-sm whitespace-pre-wrap text-ink" data-testid="staff-address">
        {address}
      </pre>
      {order.comment ? (
        <p className="mt-2 text-sm">
          <span className="text-xs text-gray-600">{t('order.comment')}: </span>
          {order.comment}
        </p>
      ) : null}
    </Section>
  );
}

function TotalsCard({ detail, money, canEdit }: { detail: TStaffOrderDetail; money: (v: number, c?: TCurrency) => string; canEdit: boolean }) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const m = order.money;
  const change = useOrderChange(order.id, (fee: number) => setShippingFee(order.id, fee));
  /** A figure, with the ordered one struck through beside it where staff changed it (`was` against `now`). */
  const row = (label: string, value: ReactNode, opts: { strong?: boolean; was?: number; now?: number; testId?: string } = {}) => (
    <div className={cn('flex justify-between gap-3 py-0.5', opts.strong && 'font-semibold')}>
      <dt className="text-gray-600">{label}</dt>
      <dd className="tabular-nums" data-testid={opts.testId}>
        {opts.was !== undefined && opts.was !== opts.now ? <s className="mr-1.5 text-xs font-normal text-gray-500">{money(opts.was)}</s> : null}
        {value}
      </dd>
    </div>
  );
  function onFee(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get('fee'));
    if (!Number.isFinite(value) || value < 0) return;
    change.mutate(value, { onSuccess: () => toast.success(t('order.saved')), onError: (err) => toast.error(errorText(err)) });
  }
  return (
    <Section title={t('order.totals')}>
      <dl className="text-sm" data-testid="staff-money">
        {row(t('order.goods'), money(m.charged.goods), { was: m.ordered.goods, now: m.charged.goods })}
        {row(t('order.shipping'), money(m.charged.freight), { was: m.ordered.freight, now: m.charged.freight })}
        {m.charged.surcharge || m.ordered.surcharge
          ? row(t('order.surcharge'), money(m.charged.surcharge), { was: m.ordered.surcharge, now: m.charged.surcharge })
          : null}
        {row(t('order.charged'), money(m.charged.total), { strong: true, was: m.ordered.total, now: m.charged.total })}
        {order.credits.map((c) => row(t('order.creditRow', { number: c.number }), money(-c.amount)))}
        {order.status === 'cancel' ? row(t('order.owedCancelled'), money(m.owed)) : m.credited ? row(t('order.owed'), money(m.owed), { strong: true }) : null}
        {row(t('order.paid'), money(m.paid))}
        {m.refunded ? row(t('order.refunded'), money(m.refunded)) : null}
        {m.balance > 0
          ? row(t('order.toCollect'), <span className="text-red-700">{money(m.toPay)}</span>, { strong: true, testId: 'staff-balance' })
          : m.balance < 0
            ? row(t('order.refundDueLabel'), <span className="text-violet-800">{money(m.refundDue)}</span>, { strong: true, testId: 'staff-balance' })
            : row(t('order.settled'), money(0), { strong: true, testId: 'staff-balance' })}
      </dl>
      <p className="mt-1 text-xs text-gray-600">
        {t('order.weights', { weight: formatWeight(order.actualChargeableWeight), volume: formatVolume(order.actualTotalVolume) })}
      </p>
      {canEdit ? (
        <form onSubmit={onFee} className="mt-2 flex items-end gap-2" key={order.actualExpressFee}>
          <label className="flex flex-1 flex-col gap-0.5 text-sm">
            <span className="text-xs text-gray-600">
              {t('order.actualShipping')} ({order.currency})
            </span>
            <input name="fee" inputMode="decimal" defaultValue={order.actualExpressFee.toFixed(2)} className={input} />
          </label>
          <Button type="submit" size="sm" variant="secondary" disabled={change.isPending}>
            {t('order.save')}
          </Button>
        </form>
      ) : null}
    </Section>
  );
}

function FulfilmentCard({ detail, role }: { detail: TStaffOrderDetail; role: TStaffRole | null }) {
  const { t } = useTranslation('staff');
  const { t: to } = useTranslation('orders');
  const { order } = detail;
  const change = useOrderChange(order.id, (body: TOrderTransition) => transitionOrder(order.id, body));
  const [status, setStatus] = useState('');
  const nextStatuses = ORDER_STATUS_NEXT[order.status].filter((s) => staffCan(role, s === 'cancel' ? 'orders.sell' : 'orders.fulfil'));
  const nextLogistics = LOGISTICS_STATUS_NEXT[order.logisticsStatus];
  const closed = order.status === 'complete' || order.status === 'cancel';
  const canUnpaid = staffCan(role, 'orders.shipUnpaid') && status === 'outbound' && order.money.balance > 0;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (k: string) => formText(form, k).trim() || undefined;
    const body: TOrderTransition = {
      ...(status ? { status: status as TOrderTransition['status'] } : {}),
      ...(text('logistics') ? { logisticsStatus: text('logistics') as TOrderTransition['logisticsStatus'] } : {}),
      ...(text('tracking') && text('tracking') !== order.trackingNumber ? { trackingNumber: text('tracking') } : {}),
      ...(text('carrier') && text('carrier') !== detail.carrier ? { carrier: text('carrier') as TCarrier } : {}),
      ...(text('reason') ? { reason: text('reason') } : {}),
      ...(form.get('shipUnpaid') ? { shipUnpaid: true } : {}),
    };
    change.mutate(body, {
      onSuccess: () => {
        setStatus('');
        toast.success(t('order.saved'));
      },
      onError: (err) => toast.error(errorText(err)),
    });
  }
  return (
    <Section title={t('order.fulfilment')}>
      {detail.trackingUrl ? (
        <p className="mb-2 text-sm">
          <span className="font-mono">{order.trackingNumber}</span>{' '}
          <a href={detail.trackingUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline">
            {t('order.track')}
          </a>
        </p>
      ) : null}
      {closed ? <p className="text-sm text-gray-600">{t(order.status === 'cancel' ? 'order.closedCancel' : 'order.closedComplete')}</p> : null}
      {closed || !staffCan(role, 'orders.fulfil') ? null : (
        <form
          onSubmit={onSubmit}
          className="grid grid-cols-2 gap-2 text-sm"
          key={`${order.status}-${order.logisticsStatus}-${order.trackingNumber}-${detail.carrier}`}
        >
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.moveTo')}</span>
            <select value={status} onChange={(e) => setStatus(e.target.value)} className={input}>
              <option value="">{to(`status.${order.status}`)}</option>
              {nextStatuses.map((s) => (
                <option key={s} value={s}>
                  → {to(`status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.logistics')}</span>
            <select name="logistics" defaultValue="" className={input}>
              <option value="">{to(`logistics.${order.logisticsStatus}`)}</option>
              {nextLogistics.map((s) => (
                <option key={s} value={s}>
                  → {to(`logistics.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.tracking')}</span>
            <input name="tracking" defaultValue={order.trackingNumber ?? ''} maxLength={40} className={cn(input, 'font-mono')} />
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.carrier')}</span>
            <select name="carrier" defaultValue={detail.carrier ?? ''} className={input}>
              <option value="">{t('order.carriers.none')}</option>
              {(Object.keys(CARRIERS) as TCarrier[]).map((c) => (
                <option key={c} value={c}>
                  {CARRIERS[c].name || t('order.carriers.other')}
                </option>
              ))}
            </select>
          </label>
          <label className="col-span-2 flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">
              {t('order.reason')} <span className="text-gray-500">({t('order.reasonHint')})</span>
            </span>
            <input name="reason" maxLength={500} className={input} />
          </label>
          {canUnpaid ? (
            <label className="col-span-2 flex items-center gap-2">
              <input type="checkbox" name="shipUnpaid" />
              {t('order.shipUnpaid')}
            </label>
          ) : null}
          <div className="col-span-2">
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t('order.apply')}
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
