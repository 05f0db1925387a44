import { useEffect, useMemo, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ADMIN_ORDER_PAGE_SIZES,
  ADMIN_ORDER_SORTS,
  formatMoney,
  LOGISTICS_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  staffCan,
  type TAdminOrderRow,
  type TStaffRole,
} from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { FilterActions } from '@/components/staff/FilterActions';
import { staffInput as input } from '@/components/staff/fields';
import { StaffPager } from '@/components/staff/StaffPager';
import { useListKeys } from '@/components/staff/use-list-keys';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { useAdminOrders } from '../api/get-admin-orders';
import { transitionOrder } from '../api/update-order';
import { pageSizeOf, queueSearch, sortOf, withFilter, type TQueueFilter } from '../lib/queue-params';
import { ordersCsv } from '../lib/csv';
import { BulkDocuments } from './StaffDocuments';
import { formatStamp, LogisticsText, OrderStatusBadge, PaymentBadge } from './badges';

const money = (value: number, currency: TAdminOrderRow['currency']) => formatMoney(Math.round(value * 100), currency);

/** Skips keys typed into a field (the queue's shortcuts are for the table). */
/**
 * The order queue (/admin/orders): status tabs with counts, filters and search kept in the URL,
 * a dense table of up to 200 orders, selection with bulk "mark outbound" and CSV export, and
 * keyboard use (/ search, j/k move, Enter open, x select).
 */
export function OrderQueue({ role }: { role: TStaffRole | null }) {
  const { t } = useTranslation('backoffice');
  const { t: to } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const search = queueSearch(params);
  const orders = useAdminOrders(search);
  const rows = useMemo(() => orders.data?.data ?? [], [orders.data]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableSectionElement>(null);

  const set = (key: TQueueFilter | 'page', value: string) => setParams(withFilter(params, key, value));

  // A new page of rows: nothing selected on it, the cursor at the top.
  useEffect(() => setSelected(new Set()), [search]);
  const [active, setActive] = useListKeys({
    rows,
    searchBox,
    table,
    resetOn: search,
    onOpen: (row) => void navigate(`/admin/orders/${row.id}`),
    onKey: (key, row) => key === 'x' && toggle(row.id),
  });

  function toggle(id: number) {
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let next = new URLSearchParams(params);
    for (const key of ['q', 'from', 'to', 'country', 'amountMin', 'amountMax'] as const) next = withFilter(next, key, String(form.get(key) ?? ''));
    setParams(next);
  }

  async function markOutbound() {
    setBusy(true);
    const ids = rows.filter((r) => selected.has(r.id) && r.status === 'confirm').map((r) => r.id);
    const skipped = selected.size - ids.length;
    const results = await Promise.allSettled(ids.map((id) => transitionOrder(id, { status: 'outbound' })));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { desc?: string; message?: string }] : []));
    const done = results.length - failed.length;
    if (done) toast.success(t('queue.bulkDone', { count: done }));
    if (skipped) toast.warning(t('queue.bulkSkipped', { count: skipped }));
    if (failed.length) toast.error(t('queue.bulkFailed', { count: failed.length, reason: failed[0]?.desc ?? failed[0]?.message ?? '' }));
    setSelected(new Set());
    setBusy(false);
    await orders.refetch();
  }

  function exportCsv() {
    const chosen = selected.size ? rows.filter((r) => selected.has(r.id)) : rows;
    const blob = new Blob([ordersCsv(chosen)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  const counts = orders.data?.counts;
  const status = params.get('status') ?? '';
  const pager = orders.data?.pager;
  const pages = pager ? Math.max(1, Math.ceil(pager.recTotal / pager.recPerPage)) : 1;
  const page = pager?.page ?? 1;
  const canShip = staffCan(role, 'orders.fulfil');
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <section aria-labelledby="queue-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="queue-title" className="text-lg font-semibold text-ink">
          {t('queue.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('queue.found', { count: pager.recTotal })}</span> : null}
        <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('queue.keys')}</span>
      </div>

      <div role="tablist" aria-label={t('queue.col.status')} className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {(['', ...ORDER_STATUSES] as const).map((s) => (
          <button
            key={s || 'all'}
            role="tab"
            type="button"
            aria-selected={status === s}
            onClick={() => set('status', s)}
            className={cn('-mb-px border-b-2 px-3 py-1.5 text-sm whitespace-nowrap', status === s ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-gray-600 hover:text-ink')}
          >
            {s ? to(`status.${s}`) : t('queue.all')}
            <span className="ml-1.5 rounded bg-gray-100 px-1 text-xs text-gray-700 tabular-nums">{counts ? counts[s || 'all'] : '…'}</span>
          </button>
        ))}
      </div>

      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2 text-sm" key={search}>
        <label className="flex min-w-[16rem] flex-1 flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('queue.searchLabel')}</span>
          <input ref={searchBox} name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder={t('queue.search')} className={input} />
        </label>
        <Select label={t('queue.paymentStatus')} value={params.get('paymentStatus') ?? ''} onChange={(v) => set('paymentStatus', v)} options={PAYMENT_STATUSES.map((s) => [s, to(`paymentStatus.${s}`)])} any={t('queue.any')} />
        <Select label={t('queue.logisticsStatus')} value={params.get('logisticsStatus') ?? ''} onChange={(v) => set('logisticsStatus', v)} options={LOGISTICS_STATUSES.map((s) => [s, to(`logistics.${s}`)])} any={t('queue.any')} />
        <TextFilter name="from" type="date" label={t('queue.from')} params={params} />
        <TextFilter name="to" type="date" label={t('queue.to')} params={params} />
        <TextFilter name="country" label={t('queue.country')} params={params} className="w-20 uppercase" maxLength={2} placeholder="US" />
        <TextFilter name="amountMin" label={t('queue.amountMin')} params={params} className="w-28" inputMode="decimal" />
        <TextFilter name="amountMax" label={t('queue.amountMax')} params={params} className="w-28" inputMode="decimal" />
        <Select label={t('queue.sort')} value={sortOf(params)} onChange={(v) => set('sort', v === 'newest' ? '' : v)} options={ADMIN_ORDER_SORTS.map((s) => [s, t(`queue.sorts.${s}`)])} />
        <Select label={t('queue.pageSize')} value={String(pageSizeOf(params))} onChange={(v) => set('recPerPage', v === '50' ? '' : v)} options={ADMIN_ORDER_PAGE_SIZES.map((n) => [String(n), String(n)])} />
        <FilterActions apply={t('queue.apply')} clear={t('queue.clear')} filtered={!!search} onClear={() => setParams(new URLSearchParams())} />
      </form>

      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-gray-600">{t('queue.selected', { count: selected.size })}</span>
        {canShip ? (
          <Button size="sm" variant="secondary" disabled={!selected.size || busy} onClick={() => void markOutbound()}>
            {t('queue.markOutbound')}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" disabled={!rows.length} onClick={exportCsv}>
          {t('queue.exportCsv')}
        </Button>
        <BulkDocuments ids={[...selected]} />
        {orders.isFetching ? <Spinner className="size-4" label="…" /> : null}
      </div>

      <StaffListBody query={orders} loadFailed={t('queue.loadFailed')} empty={t('queue.empty')} isEmpty={rows.length === 0}>
        <div className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-gray-100 text-xs text-gray-700">
              <tr>
                <th className="w-8 px-2 py-1.5">
                  <input type="checkbox" aria-label={t('queue.selectAll')} checked={allOnPage} onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))} />
                </th>
                {(['id', 'date', 'buyer', 'country', 'lines', 'total', 'balance', 'payment', 'status', 'logistics', 'tracking'] as const).map((c) => (
                  <th key={c} scope="col" className={cn('px-2 py-1.5 font-medium whitespace-nowrap', ['lines', 'total', 'balance'].includes(c) && 'text-right')}>
                    {t(`queue.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody ref={table}>
              {rows.map((r, i) => (
                <tr key={r.id} data-row={i} className={cn('border-t border-gray-100', i === active ? 'bg-brand-50' : 'hover:bg-gray-50', selected.has(r.id) && 'bg-amber-50')} onClick={() => setActive(i)}>
                  <td className="px-2 py-1">
                    <input type="checkbox" aria-label={t('queue.select', { id: r.id })} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                  </td>
                  <td className="px-2 py-1 font-medium">
                    <Link to={`/admin/orders/${r.id}`} className="text-brand-700 tabular-nums hover:underline">
                      {r.id}
                    </Link>
                  </td>
                  <td className="px-2 py-1 whitespace-nowrap text-gray-700 tabular-nums">{formatStamp(r.createdTime)}</td>
                  <td className="max-w-[14rem] truncate px-2 py-1" title={[r.buyer.account, r.buyer.email, r.buyer.mobile].filter(Boolean).join(' · ')}>
                    {r.buyer.name || r.buyer.account}
                    <span className="ml-1 text-xs text-gray-500">{r.buyer.email ?? r.buyer.mobile ?? r.buyer.account}</span>
                  </td>
                  <td className="px-2 py-1">{r.country}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{r.lineCount}</td>
                  <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{money(r.totalAmount, r.currency)}</td>
                  <td className={cn('px-2 py-1 text-right whitespace-nowrap tabular-nums', r.balance > 0 ? 'text-red-700' : 'text-gray-600')}>{money(r.balance, r.currency)}</td>
                  <td className="px-2 py-1">
                    <PaymentBadge status={r.paymentStatus} />
                  </td>
                  <td className="px-2 py-1">
                    <OrderStatusBadge status={r.status} />
                  </td>
                  <td className="px-2 py-1">
                    <LogisticsText status={r.logisticsStatus} />
                  </td>
                  <td className="px-2 py-1 font-mono text-xs">{r.trackingNumber ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </StaffListBody>

      <StaffPager page={page} pages={pager ? pages : 0} onPage={(p) => set('page', String(p))} />
    </section>
  );
}

/** A filter typed into the form, applied with the others on submit (Enter or Apply). */
function TextFilter({ name, label, params, className, ...rest }: { name: TQueueFilter; label: string; params: URLSearchParams; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex flex-col gap-0.5">
      <span className="text-xs text-gray-600">{label}</span>
      <input name={name} defaultValue={params.get(name) ?? ''} className={cn(input, className)} {...rest} />
    </label>
  );
}

function Select({ label, value, onChange, options, any }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][]; any?: string }) {
  return (
    <label className="flex flex-col gap-0.5">
      <span className="text-xs text-gray-600">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={input}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
