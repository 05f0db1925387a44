import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@cubeshop/shared';
import { staffMaySearch, staffSections } from './StaffLayout';

describe('staff sections', () => {
  it('shows the search terms to the owner, catalog and sales only, without changing where a role lands', () => {
    expect(STAFF_ROLES.filter((role) => staffSections(role).some((s) => s.to === '/admin/search-terms'))).toEqual(['owner', 'sales', 'catalog']);
    for (const role of STAFF_ROLES) expect(staffSections(role)[0]!.to).not.toBe('/admin/search-terms');
  });

  it('shows the search box to every role that may read orders, customers or products (not the chat-only service role)', () => {
    expect(STAFF_ROLES.filter((role) => staffMaySearch(role))).toEqual(['owner', 'sales', 'warehouse', 'catalog']);
    expect(staffMaySearch(null)).toBe(false);
  });
});
