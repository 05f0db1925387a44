import { ProductDetailScreen } from '@/features/catalog/components/ProductDetailScreen';

export default function ProductDetailRoute() {
  return <ProductDetailScreen />;
}
