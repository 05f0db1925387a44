import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { takeArrival } from '@/lib/arrival';
import i18n from '@/lib/i18n';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { BUYER, REGIONS, fakeLocation, renderScreen, resetSession } from '../test/helpers';
import { RegisterScreen } from './RegisterScreen';

beforeAll(async () => {
  await i18n.loadNamespaces('account');
});
beforeEach(() => {
  resetSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderRegister(at = '/register') {
  return renderScreen(<RegisterScreen />, { path: '/register', at });
}

/** Fills a valid e-mail sign-up (agreement not ticked). */
async function fillEmailForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'li@example.com');
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.type(screen.getByLabelText('Name'), 'Li Wei');
  const country = screen.getByLabelText('Country or region');
  await waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'DE');
}

describe('register screen', () => {
  it('tabs are a tablist; the newsletter box shows in e-mail mode only; the choice is stored as registerType', async () => {
    const user = userEvent.setup();
    renderRegister();
    const tablist = await screen.findByRole('tablist', { name: 'Sign up with' });
    // An English page starts with e-mail (mobile sign-up is for mainland numbers).
    const emailTab = within(tablist).getByRole('tab', { name: 'E-mail' });
    const mobileTab = within(tablist).getByRole('tab', { name: 'Mobile' });
    expect(emailTab).toHaveAttribute('aria-selected', 'true');
    expect(mobileTab).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', emailTab.id);
    expect(screen.getByRole('checkbox', { name: /new arrivals/ })).toBeInTheDocument();

    await user.click(mobileTab);
    expect(mobileTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('checkbox', { name: /new arrivals/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number (mainland China)')).toBeInTheDocument();
    expect(localStorage.getItem('registerType')).toBe('mobile');

    // Keyboard: arrows move between the tabs and select them.
    mobileTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(emailTab).toHaveAttribute('aria-selected', 'true');
    expect(emailTab).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: /new arrivals/ })).toBeInTheDocument();
    expect(localStorage.getItem('registerType')).toBe('email');
  });

  it('opens on the stored registerType', async () => {
    localStorage.setItem('registerType', 'mobile');
    renderRegister();
    expect(await screen.findByRole('tab', { name: 'Mobile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('validates on blur and shows the first failing message of each field', async () => {
    const user = userEvent.setup();
    renderRegister();
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.tab();
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field is required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');

    // Optional fields: untouched they pass; filled they follow the rules (first message only).
    await user.click(screen.getByRole('button', { name: /Account name and password/ }));
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.queryByText(/Password must mix/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'abd');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('without the agreement ticked a terms warning shows and nothing is sent; the agreement opens and closes with Escape', async () => {
    const user = userEvent.setup();
    renderRegister();
    await screen.findByRole('textbox', { name: 'E-mail' });
    await fillEmailForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please read and agree to the User Agreement first');
    expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/api/authn/signup')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'User Agreement' }));
    const dialog = screen.getByRole('dialog', { name: 'Cubeshop User Agreement' });
    expect(dialog).toHaveTextContent('within 7 days of delivery');
    expect(dialog).toHaveTextContent('Privacy');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).not.toBeChecked();
  });

  it('signs up, stores the token and fully loads the wanted page, which opens at its top with a welcome naming the buyer', async () => {
    const location = fakeLocation('/register');
    server.use(
      http.post('/api/authn/signup', () => HttpResponse.json({ token: 'new-token-abcdef' })),
      http.get('/api/user', () => HttpResponse.json({ ...BUYER, subscribeEmail: 'li@example.com' })),
    );
    const user = userEvent.setup();
    renderRegister('/register?redirect=%2Fcart');
    await screen.findByRole('textbox', { name: 'E-mail' });
    await fillEmailForm(user);
    await user.click(screen.getByRole('checkbox', { name: /new arrivals/ }));
    // "I agree" in the agreement ticks the box.
    await user.click(screen.getByRole('button', { name: 'User Agreement' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'I agree' }));
    expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/cart'));
    // The welcome rides across the full page load, for the new page to show at its top.
    expect(takeArrival()).toEqual({ message: 'Welcome to Cubeshop, Li Wei! Your account is ready.' });
    const [signup] = calls('POST', '/api/authn/signup');
    expect(signup?.body).toEqual({ email: 'li@example.com', name: 'Li Wei', account: '', password: '', otp: '123456', regionId: 'DE', subscribe: true });
    expect(signup?.headers.authorization).toBeUndefined();
    expect(localStorage.getItem('token')).toBe('new-token-abcdef');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ account: 'li_wei' });
  });

  it('a failed sign-up shows the reason and keeps the form', async () => {
    server.use(http.post('/api/authn/signup', () => apiError(400, 'BAD_REQUEST', 'This e-mail address already has an account')));
    const user = userEvent.setup();
    renderRegister();
    await screen.findByRole('textbox', { name: 'E-mail' });
    await fillEmailForm(user);
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(alert).toHaveTextContent('This e-mail address already has an account');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('li@example.com');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('get code: checks the address first, counts down, resets on failure and follows the server retryAfter', async () => {
    const answers = [
      () => apiError(503, 'UNAVAILABLE', 'Failed to send verification code, please try again later'),
      () => apiError(400, 'BAD_REQUEST', 'A code was sent a moment ago; you can ask for a new one in 42 s', { retryAfter: 42 }),
    ];
    server.use(http.get('/api/authn/signup/code', () => answers.shift()?.() ?? HttpResponse.json({ ok: true, resendAfter: 60, expiresIn: 600 })));
    const user = userEvent.setup();
    renderRegister();
    await user.click(await screen.findByRole('tab', { name: 'Mobile' }));

    // A wrong number is not sent anywhere.
    await user.type(screen.getByLabelText('Mobile number (mainland China)'), '12812345678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText(/valid mainland China mobile number/)).toBeInTheDocument();
    expect(calls('GET', '/api/authn/signup/code')).toHaveLength(0);

    // Delivery failed: the reason shows and the button is free again at once.
    await user.clear(screen.getByLabelText('Mobile number (mainland China)'));
    await user.type(screen.getByLabelText('Mobile number (mainland China)'), '13812345678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Failed to send verification code, please try again later')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Get code' })).toBeEnabled();
    const [first] = calls('GET', '/api/authn/signup/code');
    expect(Object.fromEntries(first!.query)).toEqual({ mobile: '13812345678', country_code: '86' });

    // Too soon: the countdown shows the server's wait.
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 42 s' })).toBeDisabled();
  });

  it('get code: a sent code starts the 60 s countdown', async () => {
    server.use(http.get('/api/authn/signup/code', () => HttpResponse.json({ ok: true, resendAfter: 60, expiresIn: 600 })));
    const user = userEvent.setup();
    renderRegister();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'li@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Verification code sent, please check your inbox or messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Resend in (60|59) s$/ })).toBeDisabled();
  });

  it('lists countries with mainland China first and shows the list error with a retry', async () => {
    let fail = true;
    server.use(http.get('/api/selector/region', () => (fail ? apiError(500, 'INTERNAL', 'boom') : HttpResponse.json(REGIONS))));
    const user = userEvent.setup();
    renderRegister();
    expect(await screen.findByText('Failed to load the country list')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const country = await screen.findByLabelText('Country or region');
    await waitFor(() => expect(country).toBeEnabled());
    const options = within(country)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select your country or region', 'China', 'Germany', 'United States of America']);
  });
});
