import { DashboardScreen } from '@/features/staff-dashboard/components/DashboardScreen';
import { StaffGate } from './StaffGate';

/** /admin/dashboard: the sales dashboard, where the owner and sales land (capability dashboard.read). */
export default function StaffDashboardRoute() {
  return <StaffGate needs="dashboard.read">{(role) => <DashboardScreen role={role} />}</StaffGate>;
}
