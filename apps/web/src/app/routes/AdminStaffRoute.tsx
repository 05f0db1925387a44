import { StaffScreen } from '@/features/admin-staff/components/StaffScreen';
import { StaffGate } from './StaffGate';

/** /admin/staff: the staff accounts (owner only). */
export default function AdminStaffRoute() {
  return <StaffGate needs="staff.manage">{() => <StaffScreen />}</StaffGate>;
}
