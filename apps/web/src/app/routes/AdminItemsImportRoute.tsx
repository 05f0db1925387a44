import { ImportScreen } from '@/features/admin-catalog/import/ImportScreen';
import { StaffGate } from './StaffGate';

/** /admin/items/import: the catalog's spreadsheets (owner, catalog). */
export default function AdminItemsImportRoute() {
  return <StaffGate needs="catalog.manage">{() => <ImportScreen />}</StaffGate>;
}
