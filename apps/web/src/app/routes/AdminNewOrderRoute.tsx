import { NewOrderScreen } from '@/features/admin-orders/components/NewOrderScreen';
import { StaffGate } from './StaffGate';

/** /admin/orders/new: an order taken for a buyer (owner, sales; docs/orders.md, Orders taken for a buyer). */
export default function AdminNewOrderRoute() {
  return <StaffGate needs="orders.sell">{() => <NewOrderScreen />}</StaffGate>;
}
