import { useParams } from 'react-router';
import { AddressCard } from '@/features/addresses/components/AddressCard';
import { useDeliveryAddress } from '@/features/addresses/hooks/use-delivery-address';
import { QuoteDetailScreen } from '@/features/quotes/components/QuoteDetailScreen';
import { idOf } from '@/lib/api';

/** /quotes/{id}: a quote and its accept form, with the delivery address from the addresses feature (as the cart has it). */
export default function QuoteDetailRoute() {
  const { id = '' } = useParams();
  const delivery = useDeliveryAddress(true);
  return <QuoteDetailScreen key={id} quoteId={idOf(id)} address={delivery.address} addressCard={<AddressCard {...delivery.card} />} />;
}
