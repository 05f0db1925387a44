import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TCustomerGroup, TCustomerGroupInput, TGroupPrice } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { GroupsScreen } from './GroupsScreen';

const group = (id: number, code: string, extra: Partial<TCustomerGroup> = {}): TCustomerGroup => ({
  id,
  code,
  nameZh: `${code} 组`,
  nameEn: `${code} group`,
  discountPercent: 0,
  position: id,
  isDefault: false,
  memberCount: 0,
  priceCount: 0,
  ...extra,
});

/** A small fake of the customer-group API: groups, own prices, and what was sent. */
function serve() {
  const groups = [group(1, 'retail', { isDefault: true, memberCount: 3 }), group(2, 'vip', { discountPercent: 15, priceCount: 1 })];
  const prices: TGroupPrice[] = [{ itemId: 100001, name: 'GAN 356 M', price: 150, shopPrice: 199 }];
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/admin/customer-groups', () => HttpResponse.json({ data: groups })),
    http.post('/api/admin/customer-groups', async ({ request }) => {
      const body = (await request.json()) as TCustomerGroupInput;
      sent.push({ method: 'POST', url: request.url, body });
      groups.push(group(3, body.code, body));
      return HttpResponse.json(groups.at(-1), { status: 201 });
    }),
    http.delete('/api/admin/customer-groups/:id', ({ params }) => {
      sent.push({ method: 'DELETE', url: String(params.id), body: null });
      return HttpResponse.json({ code: 'CONFLICT', desc: 'This group has 3 buyer(s) or is the default group, so it cannot be deleted' }, { status: 409 });
    }),
    http.get('/api/admin/customer-groups/:id/prices', () => HttpResponse.json({ data: prices })),
    http.put('/api/admin/customer-groups/:id/prices', async ({ request }) => {
      const body = (await request.json()) as { set: { itemId: number; price: number }[]; remove: number[] };
      sent.push({ method: 'PUT', url: request.url, body });
      for (const s of body.set) prices.push({ itemId: s.itemId, name: 'Timer', price: s.price, shopPrice: 199 });
      prices.splice(0, prices.length, ...prices.filter((p) => !body.remove.includes(p.itemId)));
      return HttpResponse.json({ data: prices });
    }),
  );
  return sent;
}

beforeEach(async () => {
  resetSession();
  signIn();
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['groups', 'common']);
});

describe('GroupsScreen', { timeout: 20_000 }, () => {
  it('lists groups with percentage, default flag, buyers and own prices; creates a group', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<GroupsScreen />, { path: '/admin/customer-groups' });
    const rows = await screen.findAllByTestId('group-row');
    expect(rows.map((r) => r.getAttribute('data-code'))).toEqual(['retail', 'vip']);
    expect(rows[0]).toHaveTextContent('Default');
    expect(rows[1]).toHaveTextContent('15%');

    await user.click(screen.getByRole('button', { name: 'New group' }));
    const form = await screen.findByTestId('group-form');
    await user.type(within(form).getByLabelText('Code'), 'wholesale');
    await user.clear(within(form).getByLabelText('Discount %'));
    await user.type(within(form).getByLabelText('Discount %'), '10');
    await user.type(within(form).getByLabelText('Name (Chinese)'), '批发');
    await user.type(within(form).getByLabelText('Name (English)'), 'Wholesale');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'POST')?.body).toMatchObject({
        code: 'wholesale',
        discountPercent: 10,
        nameZh: '批发',
        nameEn: 'Wholesale',
        isDefault: false,
      }),
    );
  });

  it('says why a group in use cannot be deleted', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<GroupsScreen />, { path: '/admin/customer-groups' });
    await user.click(await screen.findByRole('button', { name: 'Delete group retail' }));
    await user.click(await screen.findByRole('button', { name: /OK|Confirm/ }));
    expect(await screen.findByText(/cannot be deleted/)).toBeInTheDocument();
  });

  it("shows a group's own prices and sets one by product id", async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<GroupsScreen />, { path: '/admin/customer-groups' });
    const vip = (await screen.findAllByTestId('group-row'))[1]!;
    await user.click(within(vip).getByRole('button', { name: 'Own prices' }));
    const panel = await screen.findByTestId('group-prices');
    expect(await within(panel).findByText('GAN 356 M')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('group-price')[0]).toHaveTextContent('¥199.00¥150.00');
    await user.type(within(panel).getByLabelText('Item no.'), '100002');
    await user.type(within(panel).getByLabelText('Group price (¥)'), '88.5');
    await user.click(within(panel).getByRole('button', { name: 'Set price' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({ set: [{ itemId: 100002, price: 88.5 }], remove: [] }));
    expect(await within(panel).findByText('Timer')).toBeInTheDocument();
    // Removed: the product goes back to the group's percentage.
    await user.click(within(panel).getByRole('button', { name: 'Remove the own price of GAN 356 M' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT').at(-1)?.body).toEqual({ set: [], remove: [100001] }));
    await waitFor(() => expect(within(panel).queryByText('GAN 356 M')).not.toBeInTheDocument());
  });
});
