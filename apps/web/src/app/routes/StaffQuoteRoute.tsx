import { useParams } from 'react-router';
import { QuoteEditor } from '@/features/staff-quotes/components/QuoteEditor';
import { idOf } from '@/lib/api';
import { StaffGate } from './StaffGate';

/** /admin/quotes/{id}: the quote editor (sales, owner). */
export default function StaffQuoteRoute() {
  const { id = '' } = useParams();
  return <StaffGate needs="orders.sell">{() => <QuoteEditor key={id} quoteId={idOf(id)} />}</StaffGate>;
}
