import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import { fakeApi, json, renderScreen, resetSession, signIn } from '@/features/catalog/test/helpers';
import { OrderDetailScreen } from './OrderDetailScreen';

beforeAll(async () => {
  await i18n.loadNamespaces('orders');
});
beforeEach(() => {
  resetSession();
  signIn();
});

/** No automatic retries: the test drives them. */
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('OrderDetailScreen errors', { timeout: 20_000 }, () => {
  it('a missing order says not found with a way back to my orders, and no retry', async () => {
    const api = fakeApi({ 'GET /api/orders/404404': () => json({ code: 'NOT_FOUND', desc: 'no such order' }, 404) });
    renderScreen(<OrderDetailScreen orderId="404404" />, { queryClient: client() });
    expect(await screen.findByText('Order 404404 does not exist.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Back to my orders' });
    expect(links.every((link) => link.getAttribute('href') === '/my-order')).toBe(true);
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/orders/404404')).toHaveLength(1);
  });

  it('in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    try {
      await i18n.loadNamespaces(['orders', 'common']);
      fakeApi({ 'GET /api/orders/9': () => json({ code: 'NOT_FOUND' }, 404) });
      renderScreen(<OrderDetailScreen orderId="9" />, { queryClient: client() });
      expect(await screen.findByText('订单 9 不存在。')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a server error offers a retry that refetches', async () => {
    let calls = 0;
    const api = fakeApi({ 'GET /api/orders/7': () => (++calls === 1 ? json({ desc: 'down' }, 500) : json({ desc: 'still down' }, 502)) });
    renderScreen(<OrderDetailScreen orderId="7" />, { queryClient: client() });
    expect(await screen.findByText('Failed to load, please try again later')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Retry' });
    await expect.poll(() => api.calls('GET', '/api/orders/7').length).toBe(2);
  });

  it('a network error offers a retry that refetches', async () => {
    let fail = true;
    const fetch = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return json({ code: 'NOT_FOUND' }, 404);
    });
    vi.stubGlobal('fetch', fetch);
    renderScreen(<OrderDetailScreen orderId="8" />, { queryClient: client() });
    expect(await screen.findByText('Failed to load, please try again later')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Order 8 does not exist.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
