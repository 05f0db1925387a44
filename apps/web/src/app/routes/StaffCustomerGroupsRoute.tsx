import { GroupsScreen } from '@/features/staff-pricing/components/GroupsScreen';
import { StaffGate } from './StaffGate';

/** /admin/customer-groups: customer groups, their percentages and own prices (owner, catalog). */
export default function StaffCustomerGroupsRoute() {
  return <StaffGate needs="catalog.manage">{() => <GroupsScreen />}</StaffGate>;
}
