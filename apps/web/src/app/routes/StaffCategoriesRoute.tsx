import { CategoriesScreen } from '@/features/staff-catalog/components/CategoriesScreen';
import { StaffGate } from './StaffGate';

/** /admin/categories: the category tree (owner, catalog). */
export default function StaffCategoriesRoute() {
  return <StaffGate needs="catalog.manage">{() => <CategoriesScreen />}</StaffGate>;
}
