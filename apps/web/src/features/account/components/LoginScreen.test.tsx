import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { BUYER, fakeLocation, renderScreen, resetSession, signInAs } from '../test/helpers';
import { LoginScreen } from './LoginScreen';

beforeAll(async () => {
  await i18n.loadNamespaces('account');
});
beforeEach(() => {
  resetSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderLogin = (at = '/login') => renderScreen(<LoginScreen />, { path: '/login', at });

describe('login screen', () => {
  it('logs in with a password on Enter and loads the wanted page', async () => {
    const location = fakeLocation('/login');
    server.use(
      http.post('/api/authn/signin', () => HttpResponse.json({ token: 'fresh-token-123456' })),
      http.get('/api/user', () => HttpResponse.json(BUYER)),
    );
    const user = userEvent.setup();
    renderLogin('/login?redirect=%2Fcart%3Fstep%3D2');
    expect(await screen.findByText('Please log in to continue.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account, e-mail or mobile'), ' li_wei ');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret12{Enter}');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/cart?step=2'));
    const [signin] = calls('POST', '/api/authn/signin');
    expect(signin?.body).toEqual({ account: 'li_wei', password: 'Secret12' });
    expect(signin?.headers.authorization).toBeUndefined();
    expect(localStorage.getItem('token')).toBe('fresh-token-123456');
  });

  it('never follows a redirect off the site', async () => {
    const location = fakeLocation('/login');
    server.use(
      http.post('/api/authn/signin', () => HttpResponse.json({ token: 'fresh-token-123456' })),
      http.get('/api/user', () => HttpResponse.json(BUYER)),
    );
    const user = userEvent.setup();
    renderLogin('/login?redirect=%2F%2Fevil.example%2Fphish');
    await user.type(await screen.findByLabelText('Account, e-mail or mobile'), 'li_wei');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/'));
    // The sign-up link carries no foreign target either.
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('shows both required messages on submit and the reason of a refused login', async () => {
    server.use(http.post('/api/authn/signin', () => apiError(400, 'BAD_REQUEST', 'Account or password is incorrect')));
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Account, e-mail or mobile')).toHaveFocus();

    await user.type(screen.getByLabelText('Account, e-mail or mobile'), 'li_wei');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Account or password is incorrect');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs in with an e-mail code', async () => {
    const location = fakeLocation('/login');
    server.use(
      http.get('/api/authn/signin/code', () => HttpResponse.json({ ok: true, resendAfter: 60, expiresIn: 600 })),
      http.post('/api/authn/signin', () => HttpResponse.json({ token: 'code-token-123456' })),
      http.get('/api/user', () => HttpResponse.json(BUYER)),
    );
    const user = userEvent.setup();
    renderLogin();
    const tablist = await screen.findByRole('tablist', { name: 'Log in with' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Password', 'E-mail code', 'Mobile code']);
    await user.click(within(tablist).getByRole('tab', { name: 'E-mail code' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'li@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    expect(Object.fromEntries(calls('GET', '/api/authn/signin/code')[0]!.query)).toEqual({ email: 'li@example.com' });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/'));
    expect(calls('POST', '/api/authn/signin')[0]?.body).toEqual({ email: 'li@example.com', otp: '123456' });
  });

  it('mobile codes are for mainland numbers, sent with country code 86', async () => {
    server.use(http.get('/api/authn/signin/code', () => HttpResponse.json({ ok: true, resendAfter: 60, expiresIn: 600 })));
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'Mobile code' }));
    const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.type(mobile, '+85291234567');
    await user.tab();
    expect(await screen.findByText('Enter a valid mainland China mobile number (11 digits starting with 1)')).toBeInTheDocument();
    await user.clear(mobile);
    await user.type(mobile, '13812345678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(calls('GET', '/api/authn/signin/code')).toHaveLength(1));
    expect(Object.fromEntries(calls('GET', '/api/authn/signin/code')[0]!.query)).toEqual({ mobile: '13812345678', country_code: '86' });
  });

  it('a signed-in visitor goes straight on to the wanted page', async () => {
    signInAs(BUYER);
    renderLogin('/login?redirect=%2Fmy-order');
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });
});
