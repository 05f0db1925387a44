import { ItemList } from '@/features/staff-catalog/components/ItemList';
import { StaffGate } from './StaffGate';

/** /admin/items: the products for staff (owner, catalog). */
export default function StaffItemsRoute() {
  return <StaffGate needs="catalog.manage">{() => <ItemList />}</StaffGate>;
}
