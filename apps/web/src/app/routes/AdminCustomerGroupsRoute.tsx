import { GroupsScreen } from '@/features/admin-pricing/components/GroupsScreen';
import { StaffGate } from './StaffGate';

/** /admin/customer-groups: customer groups, their percentages and own prices (owner, catalog). */
export default function AdminCustomerGroupsRoute() {
  return <StaffGate needs="catalog.manage">{() => <GroupsScreen />}</StaffGate>;
}
