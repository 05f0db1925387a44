import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { BUYER, fakeLocation, renderScreen, resetSession } from '../test/helpers';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

beforeAll(async () => {
  await i18n.loadNamespaces('account');
});
beforeEach(() => {
  resetSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgot password screen', () => {
  it('sends a reset code, sets the new password and signs in', async () => {
    const location = fakeLocation('/forgot-password');
    server.use(
      http.get('/api/authn/password/code', () => HttpResponse.json({ ok: true, resendAfter: 60, expiresIn: 600 })),
      http.post('/api/authn/password', () => HttpResponse.json({ ok: true, token: 'reset-token-123456' })),
      http.get('/api/user', () => HttpResponse.json(BUYER)),
    );
    const user = userEvent.setup();
    renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' });
    expect(await screen.findByRole('tab', { name: 'E-mail' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'li@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    expect(Object.fromEntries(calls('GET', '/api/authn/password/code')[0]!.query)).toEqual({ email: 'li@example.com' });

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'Fresh123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh124');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls('POST', '/api/authn/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh123{Enter}');
    expect(await screen.findByText('Your password has been reset. You are logged in.')).toBeInTheDocument();
    expect(calls('POST', '/api/authn/password')[0]?.body).toEqual({ email: 'li@example.com', otp: '123456', password: 'Fresh123' });
    expect(localStorage.getItem('token')).toBe('reset-token-123456');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/'));
  });

  it('shows why a reset was refused', async () => {
    server.use(http.post('/api/authn/password', () => apiError(400, 'BAD_REQUEST', 'The verification code is wrong or has expired')));
    const user = userEvent.setup();
    renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'li@example.com');
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.type(screen.getByLabelText('New password'), 'Fresh123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Password reset failed');
    expect(alert).toHaveTextContent('The verification code is wrong or has expired');
  });
});
