import { BrandsScreen } from '@/features/staff-catalog/components/BrandsScreen';
import { StaffGate } from './StaffGate';

/** /admin/brands: brands, logos and the authorization flag (owner, catalog). */
export default function StaffBrandsRoute() {
  return <StaffGate needs="catalog.manage">{() => <BrandsScreen />}</StaffGate>;
}
