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
  PAYMENT_RECORD_METHODS,
  staffCan,
  type TAdminOrderDetail,
  type TCarrier,
  type TCurrency,
  type TOrderLine,
  type TOrderTransition,
  type TPaymentCreate,
  type TStaffRole,
} from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { useAdminOrder } from '../api/get-admin-order';
import { adjustOrderLine, recordPayment, setShippingFee, transitionOrder, useOrderChange } from '../api/update-order';
import { formatStamp, LogisticsText, OrderStatusBadge, PaymentBadge } from './badges';

const input = 'h-8 rounded border border-gray-300 bg-white px-2 text-sm';
const card = 'rounded border border-gray-200 bg-white p-3';
const errorText = (err: unknown) => (err as { desc?: string; message?: string })?.desc ?? (err as Error)?.message ?? '';

/** /admin/orders/{id}: everything staff do to one order, on one screen. */
export function StaffOrderScreen({ id, role }: { id: string; role: TStaffRole | null }) {
  const { t } = useTranslation('backoffice');
  const query = useAdminOrder(id);
  if (query.isError && !query.data) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} message={t('order.loadFailed')} notFoundMessage={t('order.notFound', { id })} backTo="/admin/orders" backLabel={t('order.back')} />;
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="…" />
      </div>
    );
  }
  return <OrderWorkspace detail={query.data} role={role} />;
}

function OrderWorkspace({ detail, role }: { detail: TAdminOrderDetail; role: TStaffRole | null }) {
  const { t } = useTranslation('backoffice');
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
        <span className="text-sm text-gray-600">{t('order.placed', { time: formatStamp(order.createdTime) })}</span>
      </div>
      {detail.cancelReason ? <p className="rounded border border-gray-300 bg-gray-100 px-3 py-2 text-sm">{t('order.cancelReason', { reason: detail.cancelReason })}</p> : null}

      <div className="grid gap-3 lg:grid-cols-3">
        <BuyerCard detail={detail} />
        <TotalsCard detail={detail} money={money} canEdit={!closed && staffCan(role, 'orders.sell')} />
        <FulfilmentCard detail={detail} role={role} />
      </div>

      <LinesCard detail={detail} money={money} canPack={!closed && staffCan(role, 'orders.fulfil')} canPrice={!closed && staffCan(role, 'orders.sell')} />

      <div className="grid gap-3 lg:grid-cols-2">
        <PaymentsCard detail={detail} money={money} canRecord={staffCan(role, 'payments.record')} />
        <HistoryCard detail={detail} />
      </div>
    </div>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn(card, className)} aria-label={title}>
      <h2 className="mb-2 text-sm font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function BuyerCard({ detail }: { detail: TAdminOrderDetail }) {
  const { t } = useTranslation('backoffice');
  const { order, buyer } = detail;
  const address = [
    order.deliveryUser,
    order.deliveryCompany,
    order.deliveryAddress,
    order.deliveryAddress2,
    [order.deliveryCity, order.deliveryState, order.deliveryPostalCode].filter(Boolean).join(', '),
    order.deliveryRegionId,
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

function TotalsCard({ detail, money, canEdit }: { detail: TAdminOrderDetail; money: (v: number, c?: TCurrency) => string; canEdit: boolean }) {
  const { t } = useTranslation('backoffice');
  const { order } = detail;
  const change = useOrderChange(order.id, (fee: number) => setShippingFee(order.id, fee));
  const paid = detail.payments.filter((p) => p.kind === 'payment').reduce((s, p) => s + p.orderAmount, 0);
  const refunded = detail.payments.filter((p) => p.kind === 'refund').reduce((s, p) => s + p.orderAmount, 0);
  const row = (label: string, value: ReactNode, strong = false) => (
    <div className={cn('flex justify-between gap-3 py-0.5', strong && 'font-semibold')}>
      <dt className="text-gray-600">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
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
      <dl className="text-sm">
        {row(t('order.goods'), money(order.actualGoodsAmount))}
        {row(t('order.shipping'), money(order.actualExpressFee))}
        {row(t('order.surcharge'), money(order.actualSurcharge))}
        {row(t('order.total'), money(order.totalAmount))}
        {row(t('order.due'), money(detail.due), true)}
        {row(t('order.paid'), money(paid))}
        {refunded ? row(t('order.refunded'), money(refunded)) : null}
        {row(t('order.balance'), <span className={detail.balance > 0 ? 'text-red-700' : undefined}>{money(detail.balance)}</span>, true)}
      </dl>
      <p className="mt-1 text-xs text-gray-600">{t('order.weights', { weight: formatWeight(order.chargeableWeight), volume: formatVolume(order.totalVolume) })}</p>
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

function FulfilmentCard({ detail, role }: { detail: TAdminOrderDetail; role: TStaffRole | null }) {
  const { t } = useTranslation('backoffice');
  const { t: to } = useTranslation('orders');
  const { order } = detail;
  const change = useOrderChange(order.id, (body: TOrderTransition) => transitionOrder(order.id, body));
  const [status, setStatus] = useState('');
  const nextStatuses = ORDER_STATUS_NEXT[order.status].filter((s) => staffCan(role, s === 'cancel' ? 'orders.sell' : 'orders.fulfil'));
  const nextLogistics = LOGISTICS_STATUS_NEXT[order.logisticsStatus];
  const closed = order.status === 'complete' || order.status === 'cancel';
  const canUnpaid = staffCan(role, 'orders.shipUnpaid') && status === 'outbound' && detail.paymentStatus !== 'paid';
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '').trim() || undefined;
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
      {closed || !staffCan(role, 'orders.fulfil') ? null : (
        <form onSubmit={onSubmit} className="grid grid-cols-2 gap-2 text-sm" key={`${order.status}-${order.logisticsStatus}-${order.trackingNumber}-${detail.carrier}`}>
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

function LinesCard({ detail, money, canPack, canPrice }: { detail: TAdminOrderDetail; money: (v: number) => string; canPack: boolean; canPrice: boolean }) {
  const { t } = useTranslation('backoffice');
  const { order } = detail;
  return (
    <Section title={`${t('order.lines')} (${order.items.length})`}>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              {(['product', 'type', 'quantity', 'actualQuantity', 'price', 'actualPrice', 'amount', 'weight', 'volume'] as const).map((c) => (
                <th key={c} scope="col" className={cn('px-2 py-1 font-medium whitespace-nowrap', c !== 'product' && c !== 'type' && 'text-right')}>
                  {t(`order.col.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.items.map((line) => (
              <LineRow key={line.id} orderId={order.id} line={line} money={money} canPack={canPack} canPrice={canPrice} />
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function LineRow({ orderId, line, money, canPack, canPrice }: { orderId: number; line: TOrderLine; money: (v: number) => string; canPack: boolean; canPrice: boolean }) {
  const { t } = useTranslation('backoffice');
  const change = useOrderChange(orderId, (body: { actualQuantity?: number; actualPrice?: number }) => adjustOrderLine(orderId, line.id, body));
  const save = (body: { actualQuantity?: number; actualPrice?: number }) =>
    change.mutate(body, { onSuccess: () => toast.success(t('order.saved')), onError: (err) => toast.error(errorText(err)) });
  const edited = (value: string, current: number, apply: (n: number) => void) => {
    const n = Number(value);
    if (value.trim() !== '' && Number.isFinite(n) && n >= 0 && n !== current) apply(n);
  };
  return (
    <tr className="border-t border-gray-100 align-middle">
      <td className="px-2 py-1">
        <div className="flex items-center gap-2">
          <img src={line.thumbnail} alt="" width={36} height={36} loading="lazy" className="size-9 rounded border border-gray-100 object-cover" />
          <span className="min-w-0">
            <span className="block truncate">{line.name}</span>
            <span className="block text-xs text-gray-500">
              #{line.itemId} · {line.supplier}
            </span>
          </span>
        </div>
      </td>
      <td className="px-2 py-1 text-gray-700">{line.typeName ?? line.type}</td>
      <td className="px-2 py-1 text-right tabular-nums">{line.quantity}</td>
      <td className="px-2 py-1 text-right">
        {canPack ? (
          <input
            aria-label={`${t('order.col.actualQuantity')}: ${line.name}`}
            inputMode="numeric"
            defaultValue={line.actualQuantity}
            key={line.actualQuantity}
            onBlur={(e) => edited(e.target.value, line.actualQuantity, (n) => save({ actualQuantity: Math.round(n) }))}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
            className={cn(input, 'w-20 text-right tabular-nums', line.actualQuantity !== line.quantity && 'border-amber-400 bg-amber-50')}
          />
        ) : (
          <span className="tabular-nums">{line.actualQuantity}</span>
        )}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">{money(line.discountPrice)}</td>
      <td className="px-2 py-1 text-right">
        {canPrice ? (
          <input
            aria-label={`${t('order.col.actualPrice')}: ${line.name}`}
            inputMode="decimal"
            defaultValue={line.actualPrice.toFixed(2)}
            key={line.actualPrice}
            onBlur={(e) => edited(e.target.value, line.actualPrice, (n) => save({ actualPrice: n }))}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
            className={cn(input, 'w-24 text-right tabular-nums', line.actualPrice !== line.discountPrice && 'border-amber-400 bg-amber-50')}
          />
        ) : (
          <span className="tabular-nums">{money(line.actualPrice)}</span>
        )}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">{money(line.actualAmount)}</td>
      <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{line.totalGw === null ? '' : formatWeight(line.totalGw)}</td>
      <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{line.totalVolume === null ? '' : formatVolume(line.totalVolume)}</td>
    </tr>
  );
}

function PaymentsCard({ detail, money, canRecord }: { detail: TAdminOrderDetail; money: (v: number, c?: TCurrency) => string; canRecord: boolean }) {
  const { t } = useTranslation('backoffice');
  const { order } = detail;
  const change = useOrderChange(order.id, (body: TPaymentCreate) => recordPayment(order.id, body));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const paidAt = String(form.get('paidAt') ?? '');
    const body: TPaymentCreate = {
      kind: form.get('kind') === 'refund' ? 'refund' : 'payment',
      amount: Number(form.get('amount')),
      currency: form.get('currency') === 'USD' ? 'USD' : 'CNY',
      method: String(form.get('method')) as TPaymentCreate['method'],
      ...(String(form.get('reference') ?? '').trim() ? { reference: String(form.get('reference')).trim() } : {}),
      ...(paidAt ? { paidAt: new Date(`${paidAt}T12:00:00+08:00`).toISOString() } : {}),
    };
    const target = event.currentTarget;
    change.mutate(body, {
      onSuccess: () => {
        target.reset();
        toast.success(t('order.saved'));
      },
      onError: (err) => toast.error(errorText(err)),
    });
  }
  return (
    <Section title={t('order.payments')}>
      {detail.payments.length === 0 ? (
        <p className="text-sm text-gray-600">{t('order.noPayments')}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {detail.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-x-3 py-1">
              <span>
                <span className={p.kind === 'refund' ? 'text-violet-800' : 'text-emerald-800'}>{t(`order.kind.${p.kind}`)}</span> · {t(`order.methods.${p.method}`)}
                {p.reference ? <span className="ml-1 font-mono text-xs text-gray-600">{p.reference}</span> : null}
              </span>
              <span className="tabular-nums">
                {p.kind === 'refund' ? '−' : ''}
                {money(p.amount, p.currency)}
                {p.currency !== order.currency ? <span className="ml-1 text-xs text-gray-500">({money(p.orderAmount)})</span> : null}
              </span>
              <span className="w-full text-xs text-gray-500">
                {formatStamp(p.paidAt)} · {t('order.recorded', { name: p.recordedBy })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canRecord ? (
        <form onSubmit={onSubmit} className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.kind.payment')}/{t('order.kind.refund')}</span>
            <select name="kind" className={input} defaultValue="payment">
              <option value="payment">{t('order.kind.payment')}</option>
              <option value="refund">{t('order.kind.refund')}</option>
            </select>
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.amount')}</span>
            <input name="amount" required inputMode="decimal" defaultValue={detail.balance > 0 ? detail.balance.toFixed(2) : ''} className={cn(input, 'tabular-nums')} />
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.currency')}</span>
            <select name="currency" className={input} defaultValue={order.currency}>
              <option value="CNY">CNY</option>
              <option value="USD">USD</option>
            </select>
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.method')}</span>
            <select name="method" className={input} defaultValue="bankTransfer">
              {PAYMENT_RECORD_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`order.methods.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.reference')}</span>
            <input name="reference" maxLength={100} className={input} />
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.paidAt')}</span>
            <input name="paidAt" type="date" className={input} />
          </label>
          <div className="col-span-2 sm:col-span-3">
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t('order.record')}
            </Button>
          </div>
        </form>
      ) : null}
    </Section>
  );
}

function HistoryCard({ detail }: { detail: TAdminOrderDetail }) {
  const { t } = useTranslation('backoffice');
  return (
    <Section title={t('order.history')}>
      {detail.audit.length === 0 ? (
        <p className="text-sm text-gray-600">{t('order.noHistory')}</p>
      ) : (
        <ol className="space-y-1.5 text-sm">
          {detail.audit.map((a) => (
            <li key={a.id} className="border-l-2 border-gray-200 pl-2">
              <div className="flex flex-wrap gap-x-2">
                <span className="font-medium">{t(`order.action.${a.action.replace('.', '_')}`, { defaultValue: a.action })}</span>
                <span className="text-gray-600">
                  {a.actor.name}
                  {a.actor.role ? ` · ${t(`nav.role.${a.actor.role}`)}` : ''}
                </span>
                <span className="text-xs text-gray-500 tabular-nums">{formatStamp(a.time)}</span>
              </div>
              <ChangeText before={a.before} after={a.after} />
              {a.note ? <p className="text-gray-700">“{a.note}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** The fields an audited change moved, as "field: before → after". */
export function ChangeText({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]));
  if (!keys.length) return null;
  const show = (v: unknown) => (v === null || v === undefined ? '—' : String(v));
  return (
    <p className="font-mono text-xs text-gray-700">
      {keys.map((k) => `${k}: ${before && k in before ? `${show(before[k])} → ` : ''}${show(after?.[k])}`).join('; ')}
    </p>
  );
}
