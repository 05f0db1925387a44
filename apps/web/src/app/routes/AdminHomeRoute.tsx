import { Navigate } from 'react-router';
import { useAuthStore } from '@/lib/stores/auth';
import { staffSections } from '../layouts/staff/StaffLayout';
import { StaffGate } from './StaffGate';

/** /admin: the first section the role may open. */
export default function AdminHomeRoute() {
  const role = useAuthStore((s) => s.user?.role ?? null);
  const first = staffSections(role)[0];
  return <StaffGate needs="chat">{() => <Navigate to={first?.to ?? '/'} replace />}</StaffGate>;
}
