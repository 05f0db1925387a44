import { Suspense, useEffect, useState } from 'react';
import { lazyOptional } from '@/lib/lazy';
import { useModalStore } from '@/lib/stores/modal';

const loadConfirmModal = () => import('./ConfirmModal');
const ConfirmModal = lazyOptional(() => loadConfirmModal().then((module) => module.ConfirmModal));

/**
 * The app-wide confirm/alert modal, mounted the first time the modal store opens. Its code is not
 * part of the first load (README, Bundle): it is fetched once the browser is idle, so the first
 * confirm does not wait for the network.
 */
export function ConfirmModalHost() {
  const isOpen = useModalStore((s) => s.isOpen);
  const [needed, setNeeded] = useState(isOpen);
  if (isOpen && !needed) setNeeded(true);

  useEffect(() => {
    const prefetch = () => void loadConfirmModal().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(prefetch, 2000);
    return () => window.clearTimeout(id);
  }, []);

  return needed ? (
    <Suspense fallback={null}>
      <ConfirmModal />
    </Suspense>
  ) : null;
}
