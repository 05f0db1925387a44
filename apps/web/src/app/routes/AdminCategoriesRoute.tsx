import { CategoriesScreen } from '@/features/admin-catalog/components/CategoriesScreen';
import { StaffGate } from './StaffGate';

/** /admin/categories: the category tree (owner, catalog). */
export default function AdminCategoriesRoute() {
  return <StaffGate needs="catalog.manage">{() => <CategoriesScreen />}</StaffGate>;
}
