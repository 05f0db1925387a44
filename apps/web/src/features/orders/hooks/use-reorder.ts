import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/stores/toast';
import { useReorderMutation } from '../api/reorder';

/**
 * Reorder: the lines go back into the cart; a toast says how many were added and names the
 * ones that are no longer available; then the cart opens. 'Reorder failed' on error.
 */
export function useReorder() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const mutation = useReorderMutation();
  const run = async (id: number) => {
    try {
      const result = await mutation.mutateAsync(id);
      if (result.added.length) toast.success(t('reorder.added', { count: result.added.length }));
      if (result.unavailable.length) {
        const names = result.unavailable.map((u) => `${u.name} (${t(`reorder.reason.${u.reason}`)})`).join(t('reorder.separator'));
        toast.warning(t('reorder.unavailable', { names }), { timeout: 6000 });
      }
      if (result.added.some((a) => a.adjusted)) toast.info(t('reorder.adjusted'));
      void navigate('/cart');
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      toast.error(t('reorder.failed'));
    }
  };
  return { run, isPending: mutation.isPending, pendingId: mutation.isPending ? mutation.variables : undefined };
}
