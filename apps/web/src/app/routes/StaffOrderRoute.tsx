import { useParams } from 'react-router';
import { StaffOrderScreen } from '@/features/staff-orders/components/StaffOrderScreen';
import { OrderRequests } from '@/features/staff-requests/components/OrderRequests';
import { StaffGate } from './StaffGate';

/** /admin/orders/{id}: one order for staff. */
export default function StaffOrderRoute() {
  const { id = '' } = useParams();
  return (
    <StaffGate needs="orders.read">
      {(role) => <StaffOrderScreen key={id} id={id} role={role} requests={<OrderRequests orderId={Number(id)} role={role} />} />}
    </StaffGate>
  );
}
