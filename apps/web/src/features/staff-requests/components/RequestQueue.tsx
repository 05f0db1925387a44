import { useTranslation } from 'react-i18next';
import { ORDER_REQUEST_STATUSES, ZStaffRequestQuery, type TStaffRole } from '@cubeshop/shared';
import { useListParams } from '@/components/staff/list-params';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffPager } from '@/components/staff/StaffPager';
import { cn } from '@/components/ui/cn';
import { useRequestQueue } from '../api/requests';
import { RequestCard } from './RequestCard';
import { RefundFollowUp } from './ReturnApproval';

/**
 * /admin/requests: after-sales requests (sales, owner). Open ones oldest first, to be decided in
 * order; the approved and refused tabs show what was decided. Status and page live in the URL
 * (ZStaffRequestQuery).
 */
export function RequestQueue({ role }: { role: TStaffRole }) {
  const { t } = useTranslation('staff');
  const list = useListParams(ZStaffRequestQuery);
  const { status, page } = list.values;
  const queue = useRequestQueue(status, page);
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
              onClick={() => list.set('status', s)}
              className={cn('rounded px-2.5 py-1 text-sm', s === status ? 'bg-brand-50 font-semibold text-brand-700' : 'text-gray-700 hover:bg-gray-100')}
            >
              {t(`requests.tabs.${s}`)}
            </button>
          ))}
        </div>
        {queue.data ? <span className="text-sm text-gray-600">{t('requests.count', { count: queue.data.pager.recTotal })}</span> : null}
      </div>
      <StaffListBody query={queue} loadFailed={t('requests.loadFailed')} empty={t(`requests.empty.${status}`)} isEmpty={queue.data?.data.length === 0}>
        <div className="space-y-2">
          {queue.data?.data.map((r) => (
            <RequestCard key={r.id} request={r} role={role} />
          ))}
        </div>
      </StaffListBody>
      <StaffPager pager={queue.data?.pager} onPage={list.setPage} className="justify-start" />
      <RefundFollowUp />
    </div>
  );
}
