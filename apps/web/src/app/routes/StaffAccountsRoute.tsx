import { StaffScreen } from '@/features/staff-accounts/components/StaffScreen';
import { StaffGate } from './StaffGate';

/** /admin/staff: the staff accounts (owner only). */
export default function StaffAccountsRoute() {
  return <StaffGate needs="staff.manage">{() => <StaffScreen />}</StaffGate>;
}
