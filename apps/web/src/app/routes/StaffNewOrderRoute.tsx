import { NewOrderScreen } from '@/features/staff-orders/components/NewOrderScreen';
import { StaffGate } from './StaffGate';

/** /admin/orders/new: an order taken for a buyer (owner, sales; docs/orders.md, Orders taken for a buyer). */
export default function StaffNewOrderRoute() {
  return <StaffGate needs="orders.sell">{() => <NewOrderScreen />}</StaffGate>;
}
