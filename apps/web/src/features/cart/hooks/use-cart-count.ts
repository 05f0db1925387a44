import { useCartInfo } from '../api/get-cart-info';
import { useAuthStore } from '@/lib/stores/auth';

/**
 * Number of lines in the cart for the header badge: GET /api/cart/info for a signed-in buyer
 * (cached 2 minutes; adding, changing, removing and ordering invalidate queryKeys.cart.all); 0 for
 * anonymous visitors, who have no cart.
 */
export function useCartCount(): number {
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const { data } = useCartInfo(!isAnonymous);
  return isAnonymous ? 0 : (data?.lineCount ?? 0);
}
