import { AdminConsole } from '@/features/customer-service/AdminConsole';
import { useAuthStore } from '@/lib/stores/auth';
import { decideNavigation } from '../guard';
import { AccessDeniedScreen } from './AccessDeniedScreen';

/** Admins only: the guard sent anonymous visitors to login; other users see access denied. */
export default function AdminCustomerServiceRoute() {
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const isAdmin = useAuthStore((s) => s.user?.admin === true);
  const decision = decideNavigation({ pathname: '/admin/customer-service', isAnonymous, isAdmin });
  if (decision.type !== 'allow') return <AccessDeniedScreen />;
  return <AdminConsole />;
}
