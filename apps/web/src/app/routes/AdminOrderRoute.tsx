import { useParams } from 'react-router';
import { StaffOrderScreen } from '@/features/admin-orders/components/StaffOrderScreen';
import { OrderRequests } from '@/features/admin-requests/components/OrderRequests';
import { StaffGate } from './StaffGate';

/** /admin/orders/{id}: one order for staff. */
export default function AdminOrderRoute() {
  const { id = '' } = useParams();
  return (
    <StaffGate needs="orders.read">
      {(role) => <StaffOrderScreen key={id} id={id} role={role} requests={<OrderRequests orderId={Number(id)} role={role} />} />}
    </StaffGate>
  );
}
