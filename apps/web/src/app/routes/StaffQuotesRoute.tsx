import { QuoteQueue } from '@/features/staff-quotes/components/QuoteQueue';
import { StaffGate } from './StaffGate';

/** /admin/quotes: quote requests and quotes (sales, owner). */
export default function StaffQuotesRoute() {
  return <StaffGate needs="orders.sell">{() => <QuoteQueue />}</StaffGate>;
}
