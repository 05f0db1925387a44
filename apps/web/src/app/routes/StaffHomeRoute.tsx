import { Navigate } from 'react-router';
import { useAuthStore } from '@/lib/stores/auth';
import { staffHome } from '../layouts/staff/StaffLayout';
import { StaffGate } from './StaffGate';

/** /admin: the role's own work (StaffLayout's HOME: the sales dashboard, the order queue, the products, the chat console). */
export default function StaffHomeRoute() {
  const role = useAuthStore((s) => s.user?.role ?? null);
  const home = staffHome(role);
  return <StaffGate needs="staff">{() => <Navigate to={home ?? '/'} replace />}</StaffGate>;
}
