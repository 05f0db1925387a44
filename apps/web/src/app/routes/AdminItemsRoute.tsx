import { ItemList } from '@/features/admin-catalog/components/ItemList';
import { StaffGate } from './StaffGate';

/** /admin/items: the products for staff (owner, catalog). */
export default function AdminItemsRoute() {
  return <StaffGate needs="catalog.manage">{() => <ItemList />}</StaffGate>;
}
