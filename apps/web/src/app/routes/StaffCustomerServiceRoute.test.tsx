import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TStaffRole } from '@cubeshop/shared';
import { createQueryClient } from '@/lib/query-client';
import { STORAGE_KEYS } from '@/lib/storage';
import { useAuthStore } from '@/lib/stores/auth';
import { server } from '@/test/msw/server';
import { routes } from '../router';

// The customer-service console is a screen of the staff frame like the others: the same top bar,
// menu and search box, opened by the roles with the chat capability.

class SilentWebSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

const staffUser = (role: TStaffRole) => ({
  id: 5,
  account: role,
  username: role,
  name: `${role} person`,
  nickname: '',
  admin: true,
  role,
  mobile: null,
  email: null,
  regionId: null,
  subscribeEmail: null,
});

function renderAs(role: TStaffRole) {
  localStorage.setItem(STORAGE_KEYS.token, 'staff-token-abcdef');
  const user = staffUser(role);
  // The guard refreshes the signed-in user once per page load: the server says the same.
  server.use(http.get('/api/user', () => HttpResponse.json(user)));
  useAuthStore.setState({ token: 'staff-token-abcdef', user, isAnonymous: false });
  const router = createMemoryRouter(routes, { initialEntries: ['/admin/customer-service'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', SilentWebSocket);
  server.use(
    http.get('/api/groups/waiting', () => HttpResponse.json([])),
    http.get('/api/groups/serving', () => HttpResponse.json([])),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('/admin/customer-service', () => {
  it('opens inside the staff frame: menu, search box and the console', async () => {
    renderAs('sales');
    expect(await screen.findByRole('heading', { name: 'Customer service console' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(menu).getByRole('link', { name: 'Customer service' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('combobox', { name: 'Search orders, customers and products' })).toBeInTheDocument();
    expect(screen.getByRole('switch')).toBeChecked();
    expect(await screen.findByText('Nobody is waiting.')).toBeInTheDocument();
  });

  it("is the service role's whole menu", async () => {
    renderAs('service');
    expect(await screen.findByRole('heading', { name: 'Customer service console' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Staff' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Customer service']);
  });
});
