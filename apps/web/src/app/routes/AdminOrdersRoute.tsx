import { OrderQueue } from '@/features/admin-orders/components/OrderQueue';
import { StaffGate } from './StaffGate';

/** /admin/orders: the order queue (owner, sales, warehouse). */
export default function AdminOrdersRoute() {
  return <StaffGate needs="orders.read">{(role) => <OrderQueue role={role} />}</StaffGate>;
}
