import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCan, type TStaffCapability, type TStaffRole } from '@cubeshop/shared';
import { useAuthStore } from '@/lib/stores/auth';

/**
 * A staff screen for roles with `needs` (the server checks every call too). The guard already
 * sent visitors to sign in; others see why they cannot use the screen.
 */
export function StaffGate({ needs, children }: { needs: TStaffCapability; children: (role: TStaffRole) => ReactNode }) {
  const { t } = useTranslation('backoffice');
  const role = useAuthStore((s) => s.user?.role ?? null);
  if (!role || !staffCan(role, needs)) {
    return (
      <p role="alert" className="mx-auto mt-10 max-w-md rounded border border-gray-200 bg-white p-6 text-center text-gray-700">
        {t('denied')}
      </p>
    );
  }
  return <>{children(role)}</>;
}
