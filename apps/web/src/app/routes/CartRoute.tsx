import { CartScreen } from '@/features/cart/components/CartScreen';

export default function CartRoute() {
  return <CartScreen />;
}
