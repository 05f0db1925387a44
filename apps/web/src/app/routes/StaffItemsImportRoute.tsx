import { ImportScreen } from '@/features/staff-catalog/import/ImportScreen';
import { StaffGate } from './StaffGate';

/** /admin/items/import: the catalog's spreadsheets (owner, catalog). */
export default function StaffItemsImportRoute() {
  return <StaffGate needs="catalog.manage">{() => <ImportScreen />}</StaffGate>;
}
