import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TAddress } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { resetLocaleForTests } from '@/lib/locale';
import { createQueryClient } from '@/lib/query-client';
import { address } from '@/test/msw/fixtures';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { shop } from '@/test/msw/shop';
import { resetSession, signIn } from '@/test/render';
import { AddressModal } from './AddressModal';

function setup(editing: TAddress | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={null}>
        <AddressModal open address={editing} onClose={onClose} onSaved={onSaved} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { onSaved, onClose, posts: () => calls('POST', '/api/address').map((r) => r.body) };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save address' }));

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('addresses');
});
beforeEach(() => {
  resetSession();
  signIn();
});

describe('address modal', () => {
  it('blocks saving and shows the first error in a banner, then saves a valid address', async () => {
    server.use(
      http.get('/api/selector/region', () => HttpResponse.json([{ id: 'US', name: 'United States', zh: '美国', en: 'United States', dialCode: '1' }])),
    );
    // The shop's next address gets id 7.
    shop.nextId = 6;
    const { posts, onSaved } = setup();
    await screen.findByRole('option', { name: 'United States' });
    save();
    expect(await screen.findByTestId('address-error-banner')).toHaveTextContent('Country or region: This field is required');
    expect(posts()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Country or region/), { target: { value: 'US' } });
    fireEvent.input(screen.getByLabelText(/^City/), { target: { value: 'New York' } });
    fireEvent.input(screen.getByLabelText(/^Postal code/), { target: { value: '10001' } });
    fireEvent.input(screen.getByLabelText(/^Receiver name/), { target: { value: 'J' } });
    fireEvent.input(screen.getByLabelText(/^Phone/), { target: { value: 'abc' } });
    fireEvent.input(screen.getByLabelText(/^Detailed address/), { target: { value: '350 Fifth Avenue' } });
    save();
    await waitFor(() => expect(screen.getByTestId('address-error-banner')).toHaveTextContent('Receiver name: At least 2 characters'));
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    fireEvent.input(screen.getByLabelText(/^Receiver name/), { target: { value: 'Jane Doe' } });
    fireEvent.input(screen.getByLabelText(/^Phone/), { target: { value: '+1 (212) 555-0100' } });
    save();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ deliveryRegionId: 'US', deliveryUser: 'Jane Doe', deliveryPhone: '+1 (212) 555-0100', asDefault: false });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 })));
  });

  it("starts a new address in the buyer's registered country, and leaves it to choose when the shop does not deliver there", async () => {
    const regions = [
      { id: 'US', name: 'United States', zh: '美国', en: 'United States', dialCode: '1' },
      { id: 'DE', name: 'Germany', zh: '德国', en: 'Germany', dialCode: '49' },
    ];
    server.use(http.get('/api/selector/region', () => HttpResponse.json(regions)));
    // The signed-in buyer of the fixtures registered in Germany (DE).
    setup();
    await screen.findByRole('option', { name: 'Germany' });
    expect(screen.getByRole('combobox', { name: /Country or region/ })).toHaveValue('DE');
  });

  it('a registered country the shop does not deliver to is not chosen', async () => {
    server.use(
      http.get('/api/selector/region', () => HttpResponse.json([{ id: 'US', name: 'United States', zh: '美国', en: 'United States', dialCode: '1' }])),
    );
    setup();
    await screen.findByRole('option', { name: 'United States' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Country or region/ })).toHaveValue(''));
    save();
    expect(await screen.findByTestId('address-error-banner')).toHaveTextContent('Country or region: This field is required');
  });

  it('checks a field when it loses focus and again as it changes; each field shows only its first failing message', async () => {
    setup();
    await screen.findByRole('option', { name: 'United States of America' });
    const receiver = screen.getByLabelText(/^Receiver name/);
    fireEvent.focus(receiver);
    fireEvent.blur(receiver);
    await waitFor(() => expect(receiver).toHaveAccessibleDescription('This field is required'));
    expect(receiver).toHaveAttribute('aria-invalid', 'true');
    // Untouched fields stay quiet, and no banner before a submit.
    expect(screen.getByLabelText(/^City/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('address-error-banner')).not.toBeInTheDocument();

    fireEvent.input(receiver, { target: { value: 'J' } });
    await waitFor(() => expect(receiver).toHaveAccessibleDescription('At least 2 characters'));
    fireEvent.input(receiver, { target: { value: 'Jo' } });
    await waitFor(() => expect(receiver).not.toHaveAttribute('aria-invalid'));

    const postal = screen.getByLabelText(/^Postal code/);
    fireEvent.input(postal, { target: { value: '#1' } });
    fireEvent.blur(postal);
    await waitFor(() => expect(postal).toHaveAccessibleDescription('Invalid format'));
  });

  it('speaks Chinese on a Chinese page: banner, field messages and labels', async () => {
    // The page's language: stored choice (what the API and the rule messages follow) and i18next.
    localStorage.setItem('locale', 'zh');
    resetLocaleForTests();
    await i18n.changeLanguage('zh');
    try {
      await i18n.loadNamespaces('addresses');
      setup();
      await screen.findByRole('option', { name: '美国' });
      fireEvent.input(screen.getByLabelText(/^电话/), { target: { value: 'abc' } });
      fireEvent.click(screen.getByRole('button', { name: '保存地址' }));
      // The country is the buyer's registered one (DE): the first field left to fill is the city.
      expect(await screen.findByTestId('address-error-banner')).toHaveTextContent('城市: 此项为必填项');
      expect(screen.getByText('电话号码无效')).toBeInTheDocument();
      expect(calls('POST', '/api/address')).toHaveLength(0);
    } finally {
      localStorage.removeItem('locale');
      resetLocaleForTests();
      await i18n.changeLanguage('en');
    }
  });

  it('edits an address in place (PUT), shows the server’s refusal in the banner and keeps the form', async () => {
    const home = address({ id: 31, deliveryUser: 'Jane Doe', deliveryCity: 'New York', asDefault: true });
    shop.addresses = [home];
    let refuse = true;
    server.use(http.put('/api/address/31', () => (refuse ? apiError(400, 'BAD_REQUEST', 'Please choose a valid country or region') : undefined)));
    const { onSaved, onClose } = setup(home);
    expect(screen.getByRole('dialog', { name: 'Edit delivery address' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Receiver name/)).toHaveValue('Jane Doe');
    const region = await screen.findByLabelText(/Country or region/);
    await waitFor(() => expect(region).toHaveValue('US'));

    fireEvent.input(screen.getByLabelText(/^City/), { target: { value: 'Brooklyn' } });
    save();
    expect(await screen.findByTestId('address-error-banner')).toHaveTextContent('Please choose a valid country or region');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Brooklyn');

    refuse = false;
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 31, deliveryCity: 'Brooklyn' })));
    expect(onClose).toHaveBeenCalled();
    expect(calls('PUT', '/api/address/31').at(-1)?.body).toMatchObject({ deliveryCity: 'Brooklyn', deliveryRegionId: 'US', deliveryState: 'NY' });
  });
});
