import { CustomerList } from '@/features/admin-customers/components/CustomerList';
import { StaffGate } from './StaffGate';

/** /admin/customers: the buyers (owner, sales). */
export default function AdminCustomersRoute() {
  return <StaffGate needs="customers.read">{() => <CustomerList />}</StaffGate>;
}
