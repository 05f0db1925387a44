import { useParams } from 'react-router';
import { CustomerScreen } from '@/features/staff-customers/components/CustomerScreen';
import { StaffGate } from './StaffGate';

/** /admin/customers/{id}: one buyer for staff. */
export default function StaffCustomerRoute() {
  const { id = '' } = useParams();
  return <StaffGate needs="customers.read">{(role) => <CustomerScreen key={id} id={id} role={role} />}</StaffGate>;
}
