import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import type { TUser } from '@cubeshop/shared';
import { Toaster } from '@/components/ui/Toaster';
import { useAuthStore } from '@/lib/stores/auth';
import { useToastStore } from '@/lib/stores/toast';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { NewsletterBlock } from './NewsletterBlock';

const buyer: TUser = {
  id: 3,
  account: 'li_wei',
  username: 'li_wei',
  name: 'Li Wei',
  nickname: '',
  admin: false,
  role: null,
  mobile: null,
  email: 'li@example.com',
  regionId: 'CN',
  subscribeEmail: null,
};

function signIn(user: TUser) {
  localStorage.setItem('token', 'user-token-123456');
  localStorage.setItem('userInfo', JSON.stringify(user));
  useAuthStore.setState({ token: 'user-token-123456', user, isAnonymous: false });
}

function renderBlock() {
  return render(
    <MemoryRouter initialEntries={['/about-us']}>
      <NewsletterBlock />
      <Toaster />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useToastStore.getState().clear();
  useAuthStore.setState({ token: null, user: null, isAnonymous: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('footer newsletter', () => {
  it('asks a visitor to log in, with a way back to this page', async () => {
    renderBlock();
    expect(screen.getByRole('link', { name: 'Log in to subscribe.' })).toHaveAttribute('href', '/login?redirect=%2Fabout-us');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
  });

  it('needs both fields, then a valid e-mail', async () => {
    signIn(buyer);
    const user = userEvent.setup();
    renderBlock();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'li@example');
    await user.type(screen.getByLabelText('Verification code'), '12ab3456');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(calls()).toHaveLength(0);
  });

  it('get code: the 60 s wait is kept across reloads; a refusal shows the reason and the server wait', async () => {
    let refuse = true;
    server.use(
      http.get('/api/user/subscribe/code', () =>
        refuse
          ? apiError(400, 'BAD_REQUEST', 'You can ask for a new code in 25 s', { retryAfter: 25 })
          : HttpResponse.json({ ok: true, resendAfter: 60, expiresIn: 600 }),
      ),
    );
    signIn(buyer);
    const user = userEvent.setup();
    let view = renderBlock();
    await user.type(screen.getByLabelText('E-mail'), 'news@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('You can ask for a new code in 25 s')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^2[45] s$/ })).toBeDisabled();

    localStorage.removeItem('newsletterLastSendTime');
    view.unmount();
    refuse = false;
    view = renderBlock();
    await user.type(screen.getByLabelText('E-mail'), 'news@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Verification code sent, please check your inbox')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^(60|59) s$/ })).toBeDisabled();
    expect(Number(localStorage.getItem('newsletterLastSendTime'))).toBeGreaterThan(Date.now() - 5_000);

    // A reload (new mount) still waits.
    view.unmount();
    renderBlock();
    expect(screen.getByRole('button', { name: /^(60|59) s$/ })).toBeDisabled();
  });

  it('a failed code request frees the button again and says why', async () => {
    server.use(http.get('/api/user/subscribe/code', () => apiError(503, 'UNAVAILABLE', 'Failed to send verification code, please try again later')));
    signIn(buyer);
    const user = userEvent.setup();
    renderBlock();
    await user.type(screen.getByLabelText('E-mail'), 'news@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Failed to send verification code, please try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('subscribes, refetches the user, clears the inputs and then shows only the confirmation', async () => {
    server.use(
      http.post('/api/user/subscribe', () => HttpResponse.json({ ok: true, subscribeEmail: 'news@example.com' })),
      http.get('/api/user', () => HttpResponse.json({ ...buyer, subscribeEmail: 'news@example.com' })),
    );
    signIn(buyer);
    const user = userEvent.setup();
    renderBlock();
    await user.type(screen.getByLabelText('E-mail'), ' news@example.com ');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('You are subscribed with news@example.com.')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    expect(calls().find((r) => r.method === 'POST')?.body).toEqual({ email: 'news@example.com', otp: '123456' });
    expect(calls().some((r) => r.method === 'GET' && r.path === '/api/user')).toBe(true);
  });

  it('a failed subscribe shows the reason and keeps the inputs', async () => {
    server.use(http.post('/api/user/subscribe', () => apiError(400, 'BAD_REQUEST', 'The verification code is wrong or has expired')));
    signIn(buyer);
    const user = userEvent.setup();
    renderBlock();
    await user.type(screen.getByLabelText('E-mail'), 'news@example.com');
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('The verification code is wrong or has expired')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled());
    expect(screen.getByLabelText('E-mail')).toHaveValue('news@example.com');
  });

  it('a subscribed user sees only the confirmation', () => {
    signIn({ ...buyer, subscribeEmail: 'li@example.com' });
    renderBlock();
    expect(screen.getByText('You are subscribed with li@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });
});
