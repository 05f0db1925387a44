import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ORDER_REQUEST_STATUSES, type TOrderRequestStatus, type TStaffRole } from '@cubeshop/shared';
import { StaffPager } from '@/components/staff/StaffPager';
import { cn } from '@/components/ui/cn';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { useRequestQueue } from '../api/requests';
import { RequestCard } from './RequestCard';
import { RefundFollowUp } from './ReturnApproval';

/**
 * /admin/requests: after-sales requests (sales, owner). Open ones oldest first, to be decided in
 * order; the approved and refused tabs show what was decided. Status and page live in the URL.
 */
export function RequestQueue({ role }: { role: TStaffRole }) {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const status = (ORDER_REQUEST_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TOrderRequestStatus) : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const queue = useRequestQueue(status, page);
  const go = (next: { status?: TOrderRequestStatus; page?: number }) => {
    const search = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== 'open') search.set('status', s);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.pager.recTotal / queue.data.pager.recPerPage)) : 1;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold text-ink">{t('requests.title')}</h1>
        <div role="tablist" aria-label={t('requests.title')} className="flex gap-1">
          {ORDER_REQUEST_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={s === status}
              onClick={() => go({ status: s })}
              className={cn('rounded px-2.5 py-1 text-sm', s === status ? 'bg-brand-50 font-semibold text-brand-700' : 'text-gray-700 hover:bg-gray-100')}
            >
              {t(`requests.tabs.${s}`)}
            </button>
          ))}
        </div>
        {queue.data ? <span className="text-sm text-gray-600">{t('requests.count', { count: queue.data.pager.recTotal })}</span> : null}
      </div>
      {queue.isError && !queue.data ? (
        <QueryError error={queue.error} onRetry={() => void queue.refetch()} message={t('requests.loadFailed')} />
      ) : !queue.data ? (
        <Spinner className="mx-auto size-6" label="…" />
      ) : queue.data.data.length === 0 ? (
        <p className="rounded border border-gray-200 bg-white p-6 text-center text-sm text-gray-600">{t(`requests.empty.${status}`)}</p>
      ) : (
        <div className="space-y-2">
          {queue.data.data.map((r) => (
            <RequestCard key={r.id} request={r} role={role} />
          ))}
        </div>
      )}
      <StaffPager page={page} pages={pages} onPage={(p) => go({ page: p })} className="justify-start" />
      <RefundFollowUp />
    </div>
  );
}
