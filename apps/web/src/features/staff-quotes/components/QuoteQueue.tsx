import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney, QUOTE_STATUSES, ZStaffQuoteQuery, type TStaffQuoteList } from '@cubeshop/shared';
import { useListParams } from '@/components/staff/list-params';
import { StaffPager } from '@/components/staff/StaffPager';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { cn } from '@/components/ui/cn';
import { QuoteStatusBadge } from '@/components/quotes/QuoteStatusBadge';
import { useQuoteQueue } from '../api/quotes';

type Row = TStaffQuoteList['data'][number];
const col = staffColumns<Row>();
const TABS = ['open', ...QUOTE_STATUSES] as const;

/**
 * /admin/quotes: quote requests and quotes (sales, owner). Open ones (requested, and sent and
 * still valid) oldest first, first come first served; the other tabs newest change first. Status
 * and page live in the URL (ZStaffQuoteQuery); Enter or a click opens the editor.
 */
export function QuoteQueue() {
  const { t } = useTranslation('quotes');
  const list = useListParams(ZStaffQuoteQuery);
  const navigate = useNavigate();
  const queue = useQuoteQueue(list.values);
  const rows = useMemo(() => queue.data?.data ?? [], [queue.data]);
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', {
          header: t('staff.col.quote'),
          enableHiding: false,
          meta: { className: 'whitespace-nowrap font-medium' },
          cell: (c) => (
            <Link to={`/admin/quotes/${c.getValue()}`} className="text-brand-700 hover:underline">
              {t('number', { id: c.getValue() })}
            </Link>
          ),
        }),
        col.accessor((r) => r.buyer.name || r.buyer.account, { id: 'buyer', header: t('staff.col.buyer'), meta: { className: 'max-w-[12rem] truncate' } }),
        col.accessor('status', { header: t('staff.col.status'), cell: (c) => <QuoteStatusBadge status={c.getValue()} /> }),
        col.accessor('lineCount', { header: t('staff.col.lines'), meta: { align: 'end', from: 'sm' } }),
        col.accessor('totalAmount', {
          header: t('staff.col.total'),
          meta: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
          cell: (c) => formatMoney(Math.round(c.getValue() * 100), c.row.original.currency),
        }),
        col.accessor('validUntil', {
          header: t('staff.col.validUntil'),
          meta: { className: 'whitespace-nowrap tabular-nums', from: 'md' },
          cell: (c) => c.getValue() ?? '—',
        }),
        col.accessor('createdTime', {
          header: t('staff.col.asked'),
          meta: { className: 'whitespace-nowrap tabular-nums text-gray-700', from: 'md' },
          cell: (c) => c.getValue().slice(0, 10),
        }),
        col.accessor('message', { header: t('staff.col.message'), meta: { className: 'max-w-[18rem] truncate text-gray-700', from: 'lg' } }),
      ]),
    [t],
  );
  return (
    <section aria-labelledby="quotes-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="quotes-title" className="text-lg font-semibold text-ink">
          {t('staff.title')}
        </h1>
        <div role="tablist" aria-label={t('staff.title')} className="flex flex-wrap gap-1">
          {TABS.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={s === list.values.status}
              onClick={() => list.set('status', s)}
              className={cn(
                'rounded px-2.5 py-1 text-sm',
                s === list.values.status ? 'bg-brand-50 font-semibold text-brand-700' : 'text-gray-700 hover:bg-gray-100',
              )}
            >
              {t(`staff.tabs.${s}`)}
            </button>
          ))}
        </div>
        {queue.data ? <span className="text-sm text-gray-600">{t('staff.count', { count: queue.data.pager.recTotal })}</span> : null}
      </div>
      <StaffTable
        label={t('staff.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.id)}
        query={queue}
        loadFailed={t('staff.loadFailed')}
        empty={t('staff.empty')}
        columnsKey="quotes"
        resetOn={list.search}
        onOpen={(row) => void navigate(`/admin/quotes/${row.id}`)}
        testId="quote-queue"
      />
      <StaffPager pager={queue.data?.pager} onPage={list.setPage} />
    </section>
  );
}
