import { useTranslation } from 'react-i18next';
import type { TAddress } from '@cubeshop/shared';
import { isApiError } from '@/lib/api-client';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useSetDefaultAddress } from '../api/set-default-address';

/**
 * Delete (confirm first, then a success or 'Delete failed' toast) and set default (a success
 * toast or 'Save failed, please try again later'), docs/requirements.md, Errors.
 */
export function useAddressActions({ onDeleted, onDefault }: { onDeleted?: (address: TAddress) => void; onDefault?: (address: TAddress) => void } = {}) {
  const { t } = useTranslation('addresses');
  const del = useDeleteAddress();
  const setDefault = useSetDefaultAddress();

  const remove = async (address: TAddress) => {
    const ok = await confirmDialog({
      title: t('address.deleteTitle'),
      message: t('address.deleteConfirm', { name: address.deliveryUser, address: address.deliveryAddress }),
      confirmButtonText: t('address.delete'),
      confirmButtonClass: 'bg-red-700 hover:bg-red-800',
    });
    if (!ok) return;
    try {
      await del.mutateAsync(address.id);
      toast.success(t('address.deleted'));
      onDeleted?.(address);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      toast.error(t('errors.deleteFailed'));
    }
  };

  const makeDefault = async (address: TAddress) => {
    try {
      const saved = await setDefault.mutateAsync(address.id);
      toast.success(t('address.defaultSet'));
      onDefault?.(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      toast.error(t('errors.saveFailed'));
    }
  };

  return { remove, makeDefault, busy: del.isPending || setDefault.isPending };
}
