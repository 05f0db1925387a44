import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { useAuthStore } from '@/lib/stores/auth';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { BUYER, renderScreen, resetSession, signInAs } from '../test/helpers';
import { ProfileScreen, sectionOf } from './ProfileScreen';

beforeAll(async () => {
  await i18n.loadNamespaces('account');
});
beforeEach(() => {
  resetSession();
  signInAs(BUYER);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderAt = (at: string) => renderScreen(<ProfileScreen />, { path: '/*', at });

describe('profile screen', () => {
  it('navigates between sections by path', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/profile');
    const nav = await screen.findByRole('navigation', { name: 'Account sections' });
    expect(within(nav).getByRole('link', { name: 'My account' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    // Account section: login details with the region name in the page's language.
    expect(await screen.findByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('li@example.com')).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'My orders' }));
    expect(router.state.location.pathname).toBe('/my-order');
    expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');

    await user.click(within(nav).getByRole('link', { name: 'My favourites' }));
    expect(screen.getByRole('heading', { name: 'No favourites yet' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'My addresses' }));
    expect(screen.getByRole('heading', { name: 'No saved addresses' })).toBeInTheDocument();
    expect(sectionOf('/my-info/').key).toBe('myInfo');
  });

  it('unsubscribes from the newsletter after a confirmation', async () => {
    signInAs({ ...BUYER, subscribeEmail: 'news@example.com' });
    server.use(
      http.delete('/api/user/subscribe', () => HttpResponse.json({ ok: true, subscribeEmail: null })),
      http.get('/api/user', () => HttpResponse.json(BUYER)),
    );
    const user = userEvent.setup();
    renderAt('/profile');
    expect(await screen.findByText('Subscribed (news@example.com)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Stop sending the newsletter to news@example.com?');
    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/You are not subscribed/)).toBeInTheDocument();
    expect(calls('DELETE', '/api/user/subscribe')).toHaveLength(1);
    expect(useAuthStore.getState().user?.subscribeEmail).toBeNull();
  });

  it('change password: the rules, the server refusal, then success', async () => {
    let accept = false;
    server.use(
      http.put('/api/user/reset-pwd', () =>
        accept ? HttpResponse.json({ ok: true }) : apiError(400, 'BAD_REQUEST', 'Password update failed, please check your current password'),
      ),
    );
    const user = userEvent.setup();
    renderAt('/change-password');
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    await user.type(next, 'abcdefgh');
    await user.tab();
    expect(await screen.findByText('Password must mix at least two of: lowercase, uppercase, digits, symbols')).toBeInTheDocument();
    await user.clear(next);
    await user.type(next, 'NewPass12');
    await user.type(confirm, 'NewPass12');
    await user.type(current, 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password update failed, please check your current password');
    expect(calls('PUT', '/api/user/reset-pwd')[0]?.body).toEqual({ oldPassword: 'Wrong1234', newPassword: 'NewPass12' });

    accept = true;
    await user.clear(current);
    await user.type(current, 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Other devices have been logged out.')).toBeInTheDocument();
    await waitFor(() => expect(current).toHaveValue(''));
    expect(screen.queryByText('Password update failed, please check your current password')).not.toBeInTheDocument();
  });

  it('edit profile: saves name, nickname and region, and says why when it fails', async () => {
    let fail = true;
    server.use(
      http.put('/api/user', async ({ request }) =>
        fail ? apiError(400, 'BAD_REQUEST', 'Unknown country or region') : HttpResponse.json({ ...BUYER, ...((await request.json()) as object) }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/edit-name');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Li Wei');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(name, 'Li Wei Ltd');
    await user.type(screen.getByLabelText(/Nickname/), 'Wei');
    const region = screen.getByLabelText('Country or region');
    await waitFor(() => expect(region).toBeEnabled());
    await user.selectOptions(region, 'CN');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Profile update failed');
    expect(alert).toHaveTextContent('Unknown country or region');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls('PUT', '/api/user').at(-1)?.body).toEqual({ name: 'Li Wei Ltd', nickname: 'Wei', regionId: 'CN' });
    expect(useAuthStore.getState().user).toMatchObject({ name: 'Li Wei Ltd', nickname: 'Wei', regionId: 'CN' });
  });
});
