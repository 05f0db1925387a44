import { useTranslation } from 'react-i18next';
import type { TStaffRole } from '@cubeshop/shared';
import { useOrderRequestsForStaff } from '../api/requests';
import { RequestCard } from './RequestCard';
import { RefundFollowUp } from './ReturnApproval';

/** The after-sales requests of one order, on the staff order page; nothing when it has none. */
export function OrderRequests({ orderId, role }: { orderId: number; role: TStaffRole | null }) {
  const { t } = useTranslation('staff');
  const query = useOrderRequestsForStaff(orderId);
  // The refund step of a decision stays mounted although the request list may become empty.
  if (!query.data?.data.length) return <RefundFollowUp />;
  return (
    <section className="space-y-2" aria-label={t('requests.title')}>
      <RefundFollowUp />
      <h2 className="text-sm font-semibold text-ink">{t('requests.title')}</h2>
      {query.data.data.map((r) => (
        <RequestCard key={r.id} request={r} role={role} showOrder={false} />
      ))}
    </section>
  );
}
