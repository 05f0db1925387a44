import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { BUYER, fakeLocation, renderScreen, resetSession } from '../test/helpers';
import { SetPasswordScreen } from './SetPasswordScreen';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

beforeAll(async () => {
  await i18n.loadNamespaces(['account', 'staff']);
});
beforeEach(() => {
  resetSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('set password screen (a mailed link)', { timeout: 20_000 }, () => {
  it('says whose account the invitation is for, takes the password twice and signs a staff member in to their work', async () => {
    const location = fakeLocation('/set-password');
    server.use(
      http.post('/api/authn/password/link/check', () =>
        HttpResponse.json({ purpose: 'invite', account: 'wu@example.com', name: 'Wu', role: 'warehouse', expiresTime: '2026-03-05T09:00:00.000Z' }),
      ),
      http.post('/api/authn/password/link', () => HttpResponse.json({ ok: true, token: 'staff-token-123456' })),
      http.get('/api/user', () => HttpResponse.json({ ...BUYER, account: 'wu@example.com', admin: true, role: 'warehouse' })),
    );
    const user = userEvent.setup();
    const { router } = renderScreen(<SetPasswordScreen />, { path: '/set-password', at: `/set-password#${TOKEN}` });
    expect(await screen.findByTestId('password-link-for')).toHaveTextContent(
      'You were invited to the Cubeshop back office as Warehouse. Set a password for your account wu@example.com.',
    );
    // The token left the address bar; it was sent in a body, never in a URL.
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(calls('POST', '/api/authn/password/link/check')[0]?.body).toEqual({ token: TOKEN });

    await user.type(screen.getByLabelText('Password'), 'Ware2468');
    await user.type(screen.getByLabelText('Confirm password'), 'Ware2469');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls('POST', '/api/authn/password/link')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Ware2468{Enter}');
    expect(await screen.findByText('Your password is set. You are signed in.')).toBeInTheDocument();
    expect(calls('POST', '/api/authn/password/link')[0]?.body).toEqual({ token: TOKEN, password: 'Ware2468' });
    expect(localStorage.getItem('token')).toBe('staff-token-123456');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/admin'));
  });

  it('says when a link no longer works, with the ways forward', async () => {
    server.use(
      http.post('/api/authn/password/link/check', () =>
        apiError(400, 'BAD_REQUEST', 'This link no longer works (it was used, replaced by a newer one or has expired).'),
      ),
    );
    renderScreen(<SetPasswordScreen />, { path: '/set-password', at: `/set-password#${TOKEN}` });
    expect(await screen.findByTestId('password-link-invalid')).toHaveTextContent('This link no longer works (it was used');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
