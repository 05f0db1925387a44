import { RequestQueue } from '@/features/staff-requests/components/RequestQueue';
import { StaffGate } from './StaffGate';

/** /admin/requests: after-sales requests to decide (sales, owner). */
export default function StaffRequestsRoute() {
  return <StaffGate needs="orders.sell">{(role) => <RequestQueue role={role} />}</StaffGate>;
}
