import { useParams } from 'react-router';
import { QuoteEditor } from '@/features/admin-quotes/components/QuoteEditor';
import { idOf } from '@/lib/api';
import { StaffGate } from './StaffGate';

/** /admin/quotes/{id}: the quote editor (sales, owner). */
export default function AdminQuoteRoute() {
  const { id = '' } = useParams();
  return <StaffGate needs="orders.sell">{() => <QuoteEditor key={id} quoteId={idOf(id)} />}</StaffGate>;
}
