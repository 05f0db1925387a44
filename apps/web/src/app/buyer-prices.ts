import { queryKeys } from '@/lib/query-keys';
import { queryClient, refreshAfterWrite } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';

/**
 * Product lists and details carry the signed-in buyer's customer-group prices (docs/catalog.md,
 * Prices), while server-rendered pages are always rendered for an anonymous visitor. So the
 * catalogue is loaded again when the signed-in buyer changes (sign-in, another account) and once
 * after a server-rendered page is hydrated for a signed-in buyer.
 */
export function refreshBuyerPrices(): void {
  void refreshAfterWrite(queryClient, queryKeys.catalog.lists);
  void refreshAfterWrite(queryClient, queryKeys.catalog.products);
}

let watching = false;

/** Starts watching the signed-in buyer (once, in the browser). */
export function watchBuyerPrices(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  useAuthStore.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id && state.user && !state.user.role) refreshBuyerPrices();
  });
}
