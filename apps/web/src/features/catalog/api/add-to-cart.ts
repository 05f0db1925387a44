import type { TCartAddBody } from '@cubeshop/shared';
import { api, type ApiResult } from '@/lib/api';

/**
 * POST /api/cart/items {itemId, type, quantity} (docs/requirements.md, API). Silent: the caller shows
 * 'Failed to add to cart, please try again later!' (or the server's reason for a 400). A 401
 * still ends the session and goes to login (api client). On success the caller invalidates
 * every ['cart'] query (header count, cart page).
 */
export function addToCart(body: TCartAddBody): Promise<ApiResult<'post', '/api/cart/items'>> {
  return api.POST('/api/cart/items', { body, silent: true });
}
