import { StockScreen } from '@/features/admin-stock/components/StockScreen';
import { StaffGate } from './StaffGate';

/** /admin/stock: pieces on hand per style, and counts with their reason (owner, catalog, warehouse). */
export default function AdminStockRoute() {
  return <StaffGate needs="stock.manage">{() => <StockScreen />}</StaffGate>;
}
