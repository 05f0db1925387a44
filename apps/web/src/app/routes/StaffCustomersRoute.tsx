import { CustomerList } from '@/features/staff-customers/components/CustomerList';
import { StaffGate } from './StaffGate';

/** /admin/customers: the buyers (owner, sales). */
export default function StaffCustomersRoute() {
  return <StaffGate needs="customers.read">{() => <CustomerList />}</StaffGate>;
}
