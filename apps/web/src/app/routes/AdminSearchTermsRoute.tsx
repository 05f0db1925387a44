import { SearchTermsScreen } from '@/features/admin-search/components/SearchTermsScreen';
import { StaffGate } from './StaffGate';

/** /admin/search-terms: what buyers searched for, top and zero-result terms (owner, catalog, sales). */
export default function AdminSearchTermsRoute() {
  return <StaffGate needs="search.read">{() => <SearchTermsScreen />}</StaffGate>;
}
