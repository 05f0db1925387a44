import { useTranslation } from 'react-i18next';
import { useLoadingStore } from '@/lib/stores/loading';

/** Full-screen overlay that blocks pointer input while the global loading state is on. */
export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const { isLoading, loadingText } = useLoadingStore();
  if (!isLoading) return null;
  return (
    <div
      data-testid="loading-overlay"
      className="fixed inset-0 z-[100] flex cursor-wait items-center justify-center bg-white/60 backdrop-blur-[1px]"
      aria-busy="true"
    >
      <div role="status" className="flex flex-col items-center gap-3 rounded-lg bg-white px-6 py-5 shadow-lg">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
        <span className="text-sm text-gray-700">{loadingText || t('ui.loading')}</span>
      </div>
    </div>
  );
}
