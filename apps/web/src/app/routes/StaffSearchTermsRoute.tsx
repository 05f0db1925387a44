import { SearchTermsScreen } from '@/features/staff-search/components/SearchTermsScreen';
import { StaffGate } from './StaffGate';

/** /admin/search-terms: what buyers searched for, top and zero-result terms (owner, catalog, sales). */
export default function StaffSearchTermsRoute() {
  return <StaffGate needs="search.read">{() => <SearchTermsScreen />}</StaffGate>;
}
