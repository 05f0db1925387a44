import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffCan, type TStaffCapability, type TStaffRole } from '@cubeshop/shared';
import { useAuthStore } from '@/lib/stores/auth';
import { staffHome } from '../layouts/staff/StaffLayout';
import { AccessDeniedScreen } from './AccessDeniedScreen';

/**
 * A staff screen for roles with `needs` ('staff': any staff role); the server checks every call
 * too. The guard already sent visitors to sign in; a buyer sees access denied, a staff member whose
 * role lacks the capability why, with the way to their own work.
 */
export function StaffGate({ needs, children }: { needs: TStaffCapability | 'staff'; children: (role: TStaffRole) => ReactNode }) {
  const { t } = useTranslation('staff');
  const role = useAuthStore((s) => s.user?.role ?? null);
  if (!role) return <AccessDeniedScreen />;
  if (needs !== 'staff' && !staffCan(role, needs)) {
    const home = staffHome(role);
    return (
      <div role="alert" className="mx-auto mt-10 max-w-md rounded border border-gray-200 bg-white p-6 text-center text-gray-700">
        <p>{t('denied')}</p>
        {home ? (
          <Link to={home} className="mt-3 inline-block text-brand-700 underline-offset-2 hover:underline">
            {t('deniedHome')}
          </Link>
        ) : null}
      </div>
    );
  }
  return <>{children(role)}</>;
}
