import { useParams } from 'react-router';
import { OrderDetailScreen } from '@/features/orders/components/OrderDetailScreen';

export default function OrderDetailRoute() {
  const { id = '' } = useParams();
  return <OrderDetailScreen key={id} orderId={id} />;
}
