import { AddressCard } from '@/features/addresses/components/AddressCard';
import { useDeliveryAddress } from '@/features/addresses/hooks/use-delivery-address';
import { CartScreen } from '@/features/cart/components/CartScreen';
import { AskQuote } from '@/features/quotes/components/AskQuote';
import { useAuthStore } from '@/lib/stores/auth';

/** /cart: the cart and checkout, with the delivery address from the addresses feature and "Ask for a quote" from the quotes feature. */
export default function CartRoute() {
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const delivery = useDeliveryAddress(!isAnonymous);
  return <CartScreen address={delivery.address} addressCard={<AddressCard {...delivery.card} />} quoteAction={isAnonymous ? null : <AskQuote />} />;
}
