import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AddressModal } from './AddressModal';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/selector/region') return json([{ id: 'US', name: 'United States', zh: '美国', en: 'United States', dialCode: '1' }]);
      if (url.pathname === '/api/address' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        return json({ ...body, id: 7, asDefault: true, createdTime: '', updatedTime: '' });
      }
      return json({ desc: 'nope' }, 404);
    }),
  );
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={null}>
        <AddressModal open address={null} onClose={onClose} onSaved={onSaved} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { posts, onSaved, onClose };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('cart');
});

describe('address modal', () => {
  it('blocks saving and shows the first error in a banner, then saves a valid address', async () => {
    const { posts, onSaved } = setup();
    await screen.findByRole('option', { name: 'United States' });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByTestId('address-error-banner')).toHaveTextContent('Country or region: This field is required');
    expect(posts).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Country or region/), { target: { value: 'US' } });
    fireEvent.input(screen.getByLabelText(/^City/), { target: { value: 'New York' } });
    fireEvent.input(screen.getByLabelText(/^Postal code/), { target: { value: '10001' } });
    fireEvent.input(screen.getByLabelText(/^Receiver name/), { target: { value: 'J' } });
    fireEvent.input(screen.getByLabelText(/^Phone/), { target: { value: 'abc' } });
    fireEvent.input(screen.getByLabelText(/^Detailed address/), { target: { value: '350 Fifth Avenue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByTestId('address-error-banner')).toHaveTextContent('Receiver name: At least 2 characters'));
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    fireEvent.input(screen.getByLabelText(/^Receiver name/), { target: { value: 'Jane Doe' } });
    fireEvent.input(screen.getByLabelText(/^Phone/), { target: { value: '+1 (212) 555-0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ deliveryRegionId: 'US', deliveryUser: 'Jane Doe', deliveryPhone: '+1 (212) 555-0100', asDefault: false });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 })));
  });
});
