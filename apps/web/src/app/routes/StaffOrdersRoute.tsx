import { OrderQueue } from '@/features/staff-orders/components/OrderQueue';
import { StaffGate } from './StaffGate';

/** /admin/orders: the order queue (owner, sales, warehouse). */
export default function StaffOrdersRoute() {
  return <StaffGate needs="orders.read">{(role) => <OrderQueue role={role} />}</StaffGate>;
}
