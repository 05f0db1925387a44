import { useParams } from 'react-router';
import { ItemEditor } from '@/features/staff-catalog/components/ItemEditor';
import { StaffGate } from './StaffGate';

/** /admin/items/new and /admin/items/{id}: the product editor (owner, catalog). */
export default function StaffItemRoute() {
  const { id = 'new' } = useParams();
  const itemId = /^\d+$/.test(id) ? Number(id) : undefined;
  return <StaffGate needs="catalog.manage">{() => <ItemEditor key={id} id={itemId} />}</StaffGate>;
}
