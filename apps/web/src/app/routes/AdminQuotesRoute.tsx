import { QuoteQueue } from '@/features/admin-quotes/components/QuoteQueue';
import { StaffGate } from './StaffGate';

/** /admin/quotes: quote requests and quotes (sales, owner). */
export default function AdminQuotesRoute() {
  return <StaffGate needs="orders.sell">{() => <QuoteQueue />}</StaffGate>;
}
