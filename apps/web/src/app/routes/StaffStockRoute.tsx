import { StockScreen } from '@/features/staff-stock/components/StockScreen';
import { StaffGate } from './StaffGate';

/** /admin/stock: pieces on hand per style, and counts with their reason (owner, catalog, warehouse). */
export default function StaffStockRoute() {
  return <StaffGate needs="stock.manage">{() => <StockScreen />}</StaffGate>;
}
