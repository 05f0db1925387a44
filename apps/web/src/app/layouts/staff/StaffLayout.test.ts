import { describe, expect, it } from 'vitest';
import { STAFF_CAPABILITIES, STAFF_ROLES, staffCan, type TStaffRole } from '@cubeshop/shared';
import { CAPABILITIES_OFF_MENU, staffHome, staffMaySearch, staffSections } from './StaffLayout';

describe('staff sections', () => {
  it('shows the search terms to the owner, catalog and sales only, without changing where a role lands', () => {
    expect(STAFF_ROLES.filter((role) => staffSections(role).some((s) => s.to === '/admin/search-terms'))).toEqual(['owner', 'sales', 'catalog']);
    for (const role of STAFF_ROLES) expect(staffHome(role)).not.toBe('/admin/search-terms');
  });

  it('shows the staff accounts to the owner only', () => {
    expect(STAFF_ROLES.filter((role) => staffSections(role).some((s) => s.to === '/admin/staff'))).toEqual(['owner']);
  });

  it('shows the search box to every role that may read orders, customers or products (not the chat-only service role)', () => {
    expect(STAFF_ROLES.filter((role) => staffMaySearch(role))).toEqual(['owner', 'sales', 'warehouse', 'catalog']);
    expect(staffMaySearch(null)).toBe(false);
  });
});

describe('where each role lands and what its menu holds', () => {
  const landing: Record<TStaffRole, string> = {
    owner: '/admin/dashboard',
    sales: '/admin/dashboard',
    warehouse: '/admin/orders',
    catalog: '/admin/items',
    service: '/admin/customer-service',
  };
  const menus: Record<TStaffRole, string[]> = {
    owner: [
      'dashboard',
      'orders',
      'requests',
      'quotes',
      'customer-service',
      'customers',
      'items',
      'stock',
      'customer-groups',
      'search-terms',
      'activity',
      'settings',
      'staff',
    ],
    sales: ['dashboard', 'orders', 'requests', 'quotes', 'customer-service', 'customers', 'search-terms'],
    warehouse: ['orders', 'customer-service', 'stock'],
    catalog: ['customer-service', 'items', 'stock', 'customer-groups', 'search-terms'],
    service: ['customer-service'],
  };

  it.each(STAFF_ROLES)('%s lands on its own work, a section of its menu', (role) => {
    expect(staffHome(role)).toBe(landing[role]);
    expect(staffSections(role).map((s) => s.to)).toContain(landing[role]);
  });

  it.each(STAFF_ROLES)('%s sees only the sections it may open', (role) => {
    expect(staffSections(role).map((s) => s.to.replace('/admin/', ''))).toEqual(menus[role]);
    for (const s of staffSections(role)) expect(staffCan(role, s.needs), s.to).toBe(true);
  });

  it.each(STAFF_ROLES)('%s reaches every capability it has from its menu', (role) => {
    const served = new Set(staffSections(role).flatMap((s) => s.serves));
    const missing = STAFF_CAPABILITIES.filter((c) => staffCan(role, c) && !served.has(c) && !(c in CAPABILITIES_OFF_MENU));
    expect(missing).toEqual([]);
  });

  it('a section serves only capabilities a role that opens it may have, and nobody without a role lands anywhere', () => {
    for (const role of STAFF_ROLES)
      for (const s of staffSections(role))
        for (const c of s.serves)
          expect(
            STAFF_ROLES.some((r) => staffCan(r, s.needs) && staffCan(r, c)),
            `${s.to} ${c}`,
          ).toBe(true);
    expect(staffHome(null)).toBeNull();
    expect(staffSections(null)).toEqual([]);
  });
});
