import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TCustomerGroup, TCustomerGroupOfBuyer } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { CustomerGroupCard } from './CustomerGroupCard';

const retail: TCustomerGroup = {
  id: 1,
  code: 'retail',
  nameZh: '零售',
  nameEn: 'Retail',
  discountPercent: 0,
  position: 0,
  isDefault: true,
  memberCount: 0,
  priceCount: 0,
};
const vip: TCustomerGroup = {
  id: 3,
  code: 'vip',
  nameZh: 'VIP 客户',
  nameEn: 'VIP',
  discountPercent: 15,
  position: 2,
  isDefault: false,
  memberCount: 0,
  priceCount: 0,
};

function serve() {
  let state: TCustomerGroupOfBuyer = { groupId: null, effective: retail, groups: [retail, vip] };
  const sent: unknown[] = [];
  server.use(
    http.get('/api/admin/customers/42/group', () => HttpResponse.json(state)),
    http.put('/api/admin/customers/42/group', async ({ request }) => {
      const body = (await request.json()) as { groupId: number | null };
      sent.push(body);
      state = { ...state, groupId: body.groupId, effective: body.groupId === 3 ? vip : retail };
      return HttpResponse.json(state);
    }),
  );
  return sent;
}

beforeEach(() => {
  resetSession();
  signIn();
});

describe('CustomerGroupCard', { timeout: 20_000 }, () => {
  it.each([
    ['en', 'Sees the prices of: Retail (0% off)', 'Sees the prices of: VIP (15% off)', 'Change group'],
    ['zh', '享受分组价格：零售 (优惠 0%)', '享受分组价格：VIP 客户 (优惠 15%)', '更改分组'],
  ] as const)('shows the group whose prices the buyer sees and lets sales put them in another (%s)', async (lang, before, after, button) => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces(['groups']);
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<CustomerGroupCard id={42} canManage />, { path: '/admin/customers/42' });
    expect(await screen.findByTestId('customer-group')).toHaveTextContent(before);
    await user.selectOptions(screen.getByRole('combobox'), '3');
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(screen.getByTestId('customer-group')).toHaveTextContent(after));
    expect(sent).toEqual([{ groupId: 3 }]);
  });

  it('has no select for staff who may only read', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['groups']);
    serve();
    renderScreen(<CustomerGroupCard id={42} canManage={false} />, { path: '/admin/customers/42' });
    expect(await screen.findByTestId('customer-group')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
