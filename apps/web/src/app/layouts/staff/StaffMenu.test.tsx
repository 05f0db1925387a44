import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { STAFF_ROLES, type TStaffRole } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import StaffHomeRoute from '../../routes/StaffHomeRoute';
import { StaffGate } from '../../routes/StaffGate';
import { StaffLayout } from './StaffLayout';

// Each role opening /admin lands on its own work inside the staff frame, and its menu holds the
// sections it may open and nothing else (docs/orders.md, Back office).

const person = (role: TStaffRole | null) => ({
  id: 9,
  account: role ?? 'buyer',
  username: role ?? 'buyer',
  name: role ? `${role} person` : 'Buyer',
  nickname: '',
  admin: role !== null,
  role,
  mobile: null,
  email: null,
  regionId: null,
  subscribeEmail: null,
});

function Screen() {
  return <p data-testid="screen">{useLocation().pathname}</p>;
}

function renderStaff(path: string, role: TStaffRole | null) {
  useAuthStore.setState({ token: 'a-long-enough-token', user: person(role), isAnonymous: false });
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <StaffLayout />,
        children: [
          { index: true, element: <StaffHomeRoute /> },
          { path: 'stock', element: <StaffGate needs="stock.manage">{() => <Screen />}</StaffGate> },
          { path: '*', element: <Screen /> },
        ],
      },
      { path: '/', element: <p>shop</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const LANDS: Record<TStaffRole, string> = {
  owner: '/admin/dashboard',
  sales: '/admin/dashboard',
  warehouse: '/admin/orders',
  catalog: '/admin/items',
  service: '/admin/customer-service',
};
const MENU: Record<TStaffRole, string[]> = {
  owner: [
    'Dashboard',
    'Orders',
    'Requests',
    'Quotes',
    'Customer service',
    'Customers',
    'Products',
    'Stock',
    'Customer groups',
    'Search terms',
    'Activity',
    'Settings',
    'Staff accounts',
  ],
  sales: ['Dashboard', 'Orders', 'Requests', 'Quotes', 'Customer service', 'Customers', 'Search terms'],
  warehouse: ['Orders', 'Customer service', 'Stock'],
  catalog: ['Customer service', 'Products', 'Stock', 'Customer groups', 'Search terms'],
  service: ['Customer service'],
};

beforeAll(async () => {
  await i18n.loadNamespaces(['staff']);
});

describe('the staff frame per role', () => {
  it.each(STAFF_ROLES)('%s: /admin opens its own work, and the menu has only its sections', async (role) => {
    const router = renderStaff('/admin', role);
    await waitFor(() => expect(router.state.location.pathname).toBe(LANDS[role]));
    expect(await screen.findByTestId('screen')).toHaveTextContent(LANDS[role]);
    const menu = screen.getByRole('navigation', { name: 'Staff' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(MENU[role]);
    // Where it landed is marked in the menu.
    expect(links.find((l) => l.getAttribute('href') === LANDS[role])).toHaveAttribute('aria-current', 'page');
    // The role is named by its label, never its id.
    expect(screen.getByTestId('staff-who')).toHaveTextContent(
      { owner: 'Owner', sales: 'Sales', warehouse: 'Warehouse', catalog: 'Catalog', service: 'Customer service' }[role],
    );
  });

  it('a role without the capability sees why and the way to its own work; a buyer sees access denied', async () => {
    renderStaff('/admin/stock', 'service');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your role cannot open this page.');
    expect(within(alert).getByRole('link', { name: 'Go to your start page' })).toHaveAttribute('href', '/admin/customer-service');
    expect(screen.queryByTestId('screen')).not.toBeInTheDocument();
  });

  it('the warehouse opens the stock screen from its menu', async () => {
    renderStaff('/admin/stock', 'warehouse');
    expect(await screen.findByTestId('screen')).toHaveTextContent('/admin/stock');
    expect(within(screen.getByRole('navigation', { name: 'Staff' })).getByRole('link', { name: 'Stock' })).toHaveAttribute('aria-current', 'page');
  });

  it('a buyer at /admin sees access denied and no staff menu entries', async () => {
    renderStaff('/admin', null);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Staff' })).queryAllByRole('link')).toEqual([]);
  });
});
