import { RequestQueue } from '@/features/admin-requests/components/RequestQueue';
import { StaffGate } from './StaffGate';

/** /admin/requests: after-sales requests to decide (sales, owner). */
export default function AdminRequestsRoute() {
  return <StaffGate needs="orders.sell">{(role) => <RequestQueue role={role} />}</StaffGate>;
}
