import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFixedT } from '@/lib/fixed-t';
import { isApiError } from '@/lib/api-client';
import { currentPath, loginPath, navigateTo } from '@/lib/navigation';
import { useAuthStore } from '@/lib/stores/auth';
import { alertDialog, confirmDialog } from '@/lib/stores/modal';
import { applyFavorite, setFavorite } from '../api/toggle-favorite';

/**
 * The favourite toggle of a card or the detail (docs/requirements.md, States, Roles and Errors). Anonymous: a prompt
 * 'Please log in first' offering the login page. Success: the heart flips everywhere the product
 * is cached and the favourites (header count, profile list) refetch. Failure: an alert.
 */
export function useFavoriteToggle() {
  const t = useFixedT('catalog');
  const queryClient = useQueryClient();
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const [pending, setPending] = useState(false);

  const toggle = async (itemId: number, currentlyFavorite: boolean): Promise<void> => {
    if (isAnonymous) {
      const goLogin = await confirmDialog({
        type: 'info',
        title: t('actions.loginFirst'),
        message: t('favorite.loginText'),
        confirmButtonText: t('common:nav.login'),
        cancelButtonText: t('common:ui.cancel'),
      });
      if (goLogin) navigateTo(loginPath(currentPath()));
      return;
    }
    setPending(true);
    try {
      await setFavorite(itemId, !currentlyFavorite);
      applyFavorite(queryClient, itemId, !currentlyFavorite);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      await alertDialog({ type: 'error', title: t(currentlyFavorite ? 'favorite.removeFailed' : 'favorite.addFailed'), message: t('favorite.failedText') });
    } finally {
      setPending(false);
    }
  };

  return { toggle, pending };
}
