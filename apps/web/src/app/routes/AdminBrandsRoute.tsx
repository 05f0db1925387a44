import { BrandsScreen } from '@/features/admin-catalog/components/BrandsScreen';
import { StaffGate } from './StaffGate';

/** /admin/brands: brands, logos and the authorization flag (owner, catalog). */
export default function AdminBrandsRoute() {
  return <StaffGate needs="catalog.manage">{() => <BrandsScreen />}</StaffGate>;
}
