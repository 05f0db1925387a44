import { api } from '@/lib/api-client';

export interface TAddToCartBody {
  itemId: number;
  /** The type's code ('' for a product without types). */
  type: string;
  quantity: number;
}

/**
 * POST /api/cart/items {itemId, type, quantity} (docs/requirements.md, API). Silent: the caller shows
 * 'Failed to add to cart, please try again later!' (or the server's reason for a 400). A 401
 * still ends the session and goes to login (api client). On success the caller invalidates
 * every ['cart'] query (header count, cart page).
 */
export function addToCart(body: TAddToCartBody): Promise<unknown> {
  return api.post('/api/cart/items', body, { silent: true });
}
