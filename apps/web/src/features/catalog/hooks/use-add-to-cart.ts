import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFixedT } from '@/lib/fixed-t';
import { isApiError } from '@/lib/api-client';
import { currentPath, loginPath, navigateTo } from '@/lib/navigation';
import { queryKeys } from '@/lib/query-keys';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import type { TCartAddBody } from '@cubeshop/shared';
import { addToCart } from '../api/add-to-cart';
import { refreshAfterWrite } from '@/lib/query-client';

/**
 * Add to cart for a card or the detail. Anonymous: 'please log in first', then the login page
 * (back here afterwards). Success: a toast, and every cart query (the header count) refetches.
 * Failure: the catalogue's 'Failed to add to cart, please try again later!', or the server's own
 * sentence for a refused line (400/409/422: below the minimum order, unknown type ...).
 * (Plain state rather than useMutation: the home page's bundle stays smaller.)
 */
export function useAddToCart() {
  const t = useFixedT('catalog');
  const queryClient = useQueryClient();
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const [isPending, setPending] = useState(false);

  const add = async (body: TCartAddBody): Promise<boolean> => {
    if (isAnonymous) {
      toast.warning(t('actions.loginFirst'));
      navigateTo(loginPath(currentPath()));
      return false;
    }
    setPending(true);
    try {
      await addToCart(body);
      void refreshAfterWrite(queryClient, queryKeys.cart.all);
      toast.success(t('actions.addedToCart'));
      return true;
    } catch (error) {
      // A 401 already ended the session and went to the login page.
      if (isApiError(error) && error.status === 401) return false;
      // The server's own sentence when it gave one (not the generic 'request parameter error').
      const refused = isApiError(error) && [400, 409, 422].includes(error.status) && error.desc && error.desc !== t('common:errors.badRequest');
      if (refused) toast.warning(error.desc);
      else toast.error(t('actions.addToCartFailed'));
      return false;
    } finally {
      setPending(false);
    }
  };

  return { add, isPending };
}
