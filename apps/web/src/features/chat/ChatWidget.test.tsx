import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuthStore } from '@/lib/stores/auth';
import { ChatWidget } from './ChatWidget';

const user = { id: 1, account: 'u1', username: 'u1', name: 'U', nickname: 'U', admin: false, mobile: null, email: null, regionId: null, subscribeEmail: null };

function renderWidget() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ChatWidget /> },
      { path: '/admin/customer-service', element: <p>console</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ChatWidget', () => {
  beforeEach(() => useAuthStore.setState({ token: 't', user, isAnonymous: false }));

  it('opens a 400 x 500 window that waits for an agent, and closes back to the button', async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with customer service' }));
    const window = screen.getByRole('region', { name: 'Customer service' });
    expect(window.style.width).toBe('400px');
    expect(window.style.height).toBe('500px');
    expect(window).toHaveTextContent('Connecting you to customer service');
    expect(screen.getByRole('textbox', { name: 'Waiting for connection...' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.getByRole('button', { name: 'Chat with customer service' })).toBeInTheDocument();
  });

  it("sends an admin to the customer-service console", async () => {
    useAuthStore.setState({ user: { ...user, admin: true } });
    const router = renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Open the customer service console' }));
    expect(router.state.location.pathname).toBe('/admin/customer-service');
  });
});
