/**
 * Number of lines in the cart for the header badge. The cart API arrives with the cart issue;
 * until then a signed-in cart is not loaded and the count is 0 (anonymous visitors have no cart).
 */
export function useCartCount(): number {
  return 0;
}
