import { QuotesScreen } from '@/features/quotes/components/QuotesScreen';

/** /quotes: the buyer's quotes (docs/orders.md, Quotes). */
export default function QuotesRoute() {
  return <QuotesScreen />;
}
