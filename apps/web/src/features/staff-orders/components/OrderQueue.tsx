import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ADMIN_ORDER_PAGE_SIZES,
  ADMIN_ORDER_SORTS,
  formatMoney,
  LOGISTICS_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  staffCan,
  ZStaffOrderQuery,
  type TStaffOrderRow,
  type TStaffRole,
} from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { FilterActions } from '@/components/staff/FilterActions';
import { FilterForm, FilterSelect, FilterText, PageSizeSelect } from '@/components/staff/filters';
import { sortOptions, useListParams } from '@/components/staff/list-params';
import { errorText } from '@/components/staff/server-error';
import { StaffPager } from '@/components/staff/StaffPager';
import { StaffTable, staffColumns, type RowSelectionState } from '@/components/staff/StaffTable';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { useStaffOrders } from '../api/get-staff-orders';
import { transitionOrder } from '../api/update-order';
import { ordersCsv } from '../lib/csv';
import { BulkDocuments } from './StaffDocuments';
import { formatStamp, LapseText, LogisticsText, OrderStatusBadge, PartlyShippedBadge, PaymentBadge } from './badges';

const money = (value: number, currency: TStaffOrderRow['currency']) => formatMoney(Math.round(value * 100), currency);

/** The queue's `sort` param as the sorted column: the date (newest, oldest) or the total. */
const SORTS = sortOptions({
  newest: { id: 'date', desc: true },
  oldest: { id: 'date', desc: false },
  totalDesc: { id: 'total', desc: true },
  totalAsc: { id: 'total', desc: false },
});
/** What the filter form's submit sets (the selects apply at once). */
const TYPED = ['q', 'from', 'to', 'country', 'amountMin', 'amountMax'] as const;
const col = staffColumns<TStaffOrderRow>();

/**
 * The order queue (/admin/orders): status tabs with counts, filters and search kept in the URL
 * (ZStaffOrderQuery), a dense StaffTable of up to 200 orders sorted by date or total from its
 * headers, column choice, selection with bulk "mark outbound", documents and CSV export, and
 * keyboard use (/ search, j/k or arrows move, Enter open, x select).
 */
export function OrderQueue({ role }: { role: TStaffRole | null }) {
  const { t } = useTranslation('staff');
  const { t: to } = useTranslation('orders');
  const list = useListParams(ZStaffOrderQuery);
  const { values, search } = list;
  const navigate = useNavigate();
  const orders = useStaffOrders(list);
  const rows = useMemo(() => orders.data?.data ?? [], [orders.data]);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [busy, setBusy] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);

  // A new page of rows: nothing selected on it.
  useEffect(() => setSelected({}), [search]);
  const selectedIds = useMemo(() => new Set(Object.keys(selected).map(Number)), [selected]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', {
          header: t('queue.col.id'),
          enableSorting: false,
          enableHiding: false,
          meta: { className: 'font-medium' },
          cell: (c) => (
            <Link to={`/admin/orders/${c.getValue()}`} className="text-brand-700 tabular-nums hover:underline">
              {c.getValue()}
            </Link>
          ),
        }),
        col.accessor('createdTime', {
          id: 'date',
          header: t('queue.col.date'),
          sortDescFirst: true,
          meta: { className: 'whitespace-nowrap text-gray-700 tabular-nums' },
          cell: (c) => formatStamp(c.getValue()),
        }),
        col.accessor('buyer', {
          header: t('queue.col.buyer'),
          enableSorting: false,
          meta: { className: 'max-w-[14rem] truncate' },
          cell: (c) => {
            const b = c.getValue();
            return (
              <span title={[b.account, b.email, b.mobile].filter(Boolean).join(' · ')}>
                {b.name || b.account}
                <span className="ml-1 text-xs text-gray-500">{b.email ?? b.mobile ?? b.account}</span>
              </span>
            );
          },
        }),
        col.accessor('country', { header: t('queue.col.country'), enableSorting: false }),
        col.accessor('lineCount', { id: 'lines', header: t('queue.col.lines'), enableSorting: false, meta: { align: 'end' } }),
        col.accessor('totalAmount', {
          id: 'total',
          header: t('queue.col.total'),
          sortDescFirst: true,
          meta: { align: 'end', className: 'whitespace-nowrap' },
          cell: (c) => money(c.getValue(), c.row.original.currency),
        }),
        col.accessor('balance', {
          header: t('queue.col.balance'),
          enableSorting: false,
          meta: { align: 'end', className: 'whitespace-nowrap' },
          cell: (c) => <span className={c.getValue() > 0 ? 'text-red-700' : 'text-gray-600'}>{money(c.getValue(), c.row.original.currency)}</span>,
        }),
        col.accessor('paymentStatus', {
          id: 'payment',
          header: t('queue.col.payment'),
          enableSorting: false,
          cell: (c) => <PaymentBadge status={c.getValue()} />,
        }),
        // When the unpaid-order follow-up cancels it unless paid (docs/orders.md, Unpaid orders).
        col.accessor('lapsesAt', { id: 'lapses', header: t('queue.col.lapses'), enableSorting: false, cell: (c) => <LapseText at={c.getValue()} /> }),
        col.accessor('status', {
          header: t('queue.col.status'),
          enableSorting: false,
          // Partly shipped (docs/orders.md, Split shipments): some parcels left, more to come.
          cell: (c) => (
            <span className="inline-flex flex-wrap gap-1">
              <OrderStatusBadge status={c.getValue()} />
              {c.row.original.fulfillment === 'partial' ? <PartlyShippedBadge /> : null}
            </span>
          ),
        }),
        col.accessor('logisticsStatus', {
          id: 'logistics',
          header: t('queue.col.logistics'),
          enableSorting: false,
          cell: (c) => <LogisticsText status={c.getValue()} />,
        }),
        col.accessor('trackingNumber', {
          id: 'tracking',
          header: t('queue.col.tracking'),
          enableSorting: false,
          meta: { className: 'font-mono text-xs' },
          cell: (c) => c.getValue() ?? '',
        }),
      ]),
    [t],
  );

  function toggle(id: number) {
    setSelected((s) => {
      const next = { ...s };
      if (next[id]) delete next[id];
      else next[id] = true;
      return next;
    });
  }

  async function markOutbound() {
    setBusy(true);
    const ids = rows.filter((r) => selectedIds.has(r.id) && r.status === 'confirm').map((r) => r.id);
    const skipped = selectedIds.size - ids.length;
    const results = await Promise.allSettled(ids.map((id) => transitionOrder(id, { status: 'outbound' })));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const done = results.length - failed.length;
    if (done) toast.success(t('queue.bulkDone', { count: done }));
    if (skipped) toast.warning(t('queue.bulkSkipped', { count: skipped }));
    if (failed.length) toast.error(t('queue.bulkFailed', { count: failed.length, reason: errorText(failed[0]) }));
    setSelected({});
    setBusy(false);
    await orders.refetch();
  }

  function exportCsv() {
    const chosen = selectedIds.size ? rows.filter((r) => selectedIds.has(r.id)) : rows;
    const blob = new Blob([ordersCsv(chosen)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  const counts = orders.data?.counts;
  const status = values.status ?? '';
  const pager = orders.data?.pager;
  const canShip = staffCan(role, 'orders.fulfil');

  return (
    <section aria-labelledby="queue-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="queue-title" className="text-lg font-semibold text-ink">
          {t('queue.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('queue.found', { count: pager.recTotal })}</span> : null}
        <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('queue.keys')}</span>
        {/* Orders taken for a buyer who ordered by WeChat, phone or e-mail (docs/orders.md, Orders taken for a buyer). */}
        {staffCan(role, 'orders.sell') ? (
          <Link
            to="/admin/orders/new"
            className="ml-auto inline-flex h-8 items-center rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 md:ml-0"
            data-testid="new-order"
          >
            {t('newOrder.button')}
          </Link>
        ) : null}
      </div>

      <div role="tablist" aria-label={t('queue.col.status')} className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {(['', ...ORDER_STATUSES] as const).map((s) => (
          <button
            key={s || 'all'}
            role="tab"
            type="button"
            aria-selected={status === s}
            onClick={() => list.set('status', s)}
            className={cn(
              '-mb-px border-b-2 px-3 py-1.5 text-sm whitespace-nowrap',
              status === s ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-gray-600 hover:text-ink',
            )}
          >
            {s ? to(`status.${s}`) : t('queue.all')}
            <span className="ml-1.5 rounded bg-gray-100 px-1 text-xs text-gray-700 tabular-nums">{counts ? counts[s || 'all'] : '…'}</span>
          </button>
        ))}
      </div>

      <FilterForm list={list} fields={TYPED}>
        <FilterText
          search
          inputRef={searchBox}
          name="q"
          label={t('queue.searchLabel')}
          defaultValue={list.params.get('q') ?? ''}
          placeholder={t('queue.search')}
          className="min-w-[16rem]"
        />
        <FilterSelect
          label={t('queue.paymentStatus')}
          value={values.paymentStatus ?? ''}
          onChange={(v) => list.set('paymentStatus', v)}
          options={PAYMENT_STATUSES.map((s) => [s, to(`paymentStatus.${s}`)] as const)}
          any={t('queue.any')}
        />
        <FilterSelect
          label={t('queue.lapsing')}
          value={values.lapsing ?? ''}
          onChange={(v) => list.set('lapsing', v)}
          options={[['1', t('queue.lapsingDue')] as const]}
          any={t('queue.any')}
        />
        <FilterSelect
          label={t('queue.fulfillment')}
          value={values.fulfillment ?? ''}
          onChange={(v) => list.set('fulfillment', v)}
          options={[['partial', t('queue.partlyShipped')] as const]}
          any={t('queue.any')}
        />
        <FilterSelect
          label={t('queue.logisticsStatus')}
          value={values.logisticsStatus ?? ''}
          onChange={(v) => list.set('logisticsStatus', v)}
          options={LOGISTICS_STATUSES.map((s) => [s, to(`logistics.${s}`)] as const)}
          any={t('queue.any')}
        />
        <FilterText name="from" type="date" label={t('queue.from')} defaultValue={list.params.get('from') ?? ''} />
        <FilterText name="to" type="date" label={t('queue.to')} defaultValue={list.params.get('to') ?? ''} />
        <FilterText
          name="country"
          label={t('queue.country')}
          defaultValue={list.params.get('country') ?? ''}
          className="w-20 uppercase"
          maxLength={2}
          placeholder="US"
        />
        <FilterText name="amountMin" label={t('queue.amountMin')} defaultValue={list.params.get('amountMin') ?? ''} className="w-28" inputMode="decimal" />
        <FilterText name="amountMax" label={t('queue.amountMax')} defaultValue={list.params.get('amountMax') ?? ''} className="w-28" inputMode="decimal" />
        <FilterSelect
          label={t('queue.sort')}
          value={values.sort}
          onChange={(v) => list.set('sort', v)}
          options={ADMIN_ORDER_SORTS.map((s) => [s, t(`queue.sorts.${s}`)] as const)}
        />
        <PageSizeSelect label={t('queue.pageSize')} value={values.recPerPage} sizes={ADMIN_ORDER_PAGE_SIZES} onChange={(n) => list.set('recPerPage', n)} />
        <FilterActions apply={t('queue.apply')} clear={t('queue.clear')} filtered={list.filtered} onClear={list.reset} />
      </FilterForm>

      <StaffTable
        label={t('queue.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.id)}
        query={orders}
        loadFailed={t('queue.loadFailed')}
        empty={t('queue.empty')}
        sort={SORTS.toSort(values.sort)}
        onSort={(sort) => list.set('sort', SORTS.fromSort(sort))}
        columnsKey="orders"
        selection={{ state: selected, onChange: setSelected, label: (r) => t('queue.select', { id: r.id }), allLabel: t('queue.selectAll') }}
        searchBox={searchBox}
        resetOn={search}
        onOpen={(row) => void navigate(`/admin/orders/${row.id}`)}
        onKey={(key, row) => key === 'x' && toggle(row.id)}
        toolbar={
          <>
            <span className="text-gray-600">{t('queue.selected', { count: selectedIds.size })}</span>
            {canShip ? (
              <Button size="sm" variant="secondary" disabled={!selectedIds.size || busy} onClick={() => void markOutbound()}>
                {t('queue.markOutbound')}
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" disabled={!rows.length} onClick={exportCsv}>
              {t('queue.exportCsv')}
            </Button>
            <BulkDocuments ids={[...selectedIds]} />
            {orders.isFetching ? <Spinner className="size-4" label="…" /> : null}
          </>
        }
      />

      <StaffPager pager={pager} onPage={list.setPage} />
    </section>
  );
}
