import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TStaffSettings, TStaffShippingConfig, TExchangeRateHistory } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { SettingsScreen } from './SettingsScreen';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff', 'settings']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const NO_INSTRUCTIONS = { receiver: '', account: '', noteZh: '', noteEn: '' };

const CONTACT = {
  email: 'service@cubeshop.example',
  phone: '+86 755 8888 6688',
  wechat: 'cubeshop_service',
  whatsapp: '+86 138 2345 6789',
  addressZh: '深圳',
  addressEn: 'Shenzhen',
  hoursZh: '周一至周六',
  hoursEn: 'Mon-Sat',
};

/** A fake settings API: keeps what was PUT, refuses a bad e-mail, and a rate over 100 as a rule of the server's own would (400 naming the field). */
function serve() {
  const state: { settings: TStaffSettings; puts: unknown[]; history: TExchangeRateHistory; shipping: TStaffShippingConfig; rates: unknown[] } = {
    settings: {
      exchangeRate: { cnyPerUsd: 7.1 },
      freeShipping: { thresholdUsdCents: 6_900 },
      bankTransfer: null,
      carousel: { mode: 'newest', productIds: [] },
      contact: CONTACT,
      documentSeller: null,
      unpaidOrders: { remindAfterDays: null, cancelAfterDays: null },
    },
    puts: [],
    history: { data: [{ id: 1, cnyPerUsd: 7.1, setBy: null, time: '2026-01-01T00:00:00Z' }] },
    shipping: {
      methods: [{ id: 'dhl', nameZh: 'DHL', nameEn: 'DHL', position: 0, active: true, excludedRegions: [] }],
      zones: [{ code: 'REST', nameZh: '其他', nameEn: 'Rest of world', position: 0, isDefault: true, regions: [] }],
      rates: [
        {
          methodId: 'dhl',
          zoneCode: 'REST',
          firstWeightG: 500,
          firstPriceFen: 20_000,
          stepWeightG: 500,
          stepPriceFen: 5_000,
          minChargeFen: 0,
          maxWeightG: 30_000,
          transitMinDays: 3,
          transitMaxDays: 7,
        },
      ],
      payments: [
        { id: 'paypal', nameZh: '贝宝', nameEn: 'PayPal', surchargeBp: 440, position: 0, active: true, instructions: NO_INSTRUCTIONS, qrUrl: null },
        { id: 'tt', nameZh: '银行电汇', nameEn: 'Bank transfer (T/T)', surchargeBp: 0, position: 1, active: true, instructions: NO_INSTRUCTIONS, qrUrl: null },
        {
          id: 'alipay',
          nameZh: '支付宝',
          nameEn: 'Alipay',
          surchargeBp: 0,
          position: 2,
          active: true,
          instructions: { receiver: 'Cubeshop', account: 'pay@cubeshop.example', noteZh: '备注订单号', noteEn: 'Quote the order number' },
          qrUrl: null,
        },
      ],
    },
    rates: [],
  };
  const refuse = (field: string, desc: string) => HttpResponse.json({ code: 'BAD_REQUEST', desc, details: { field, rule: 'v.email' } }, { status: 400 });
  server.use(
    http.get('/api/admin/settings', () => HttpResponse.json(state.settings)),
    http.get('/api/admin/settings/exchange-rates', () => HttpResponse.json(state.history)),
    http.put('/api/admin/settings', async ({ request }) => {
      const patch = (await request.json()) as Partial<TStaffSettings>;
      state.puts.push(patch);
      if (patch.contact && !patch.contact.email.includes('@')) return refuse('contact.email', 'Invalid email address');
      if (patch.exchangeRate && patch.exchangeRate.cnyPerUsd > 100)
        return HttpResponse.json(
          {
            code: 'BAD_REQUEST',
            desc: 'Invalid body.exchangeRate.cnyPerUsd: Too big: expected number to be <=100',
            details: { field: 'exchangeRate.cnyPerUsd' },
          },
          { status: 400 },
        );
      state.settings = { ...state.settings, ...patch };
      if (patch.exchangeRate)
        state.history.data.unshift({ id: 2, cnyPerUsd: patch.exchangeRate.cnyPerUsd, setBy: { id: 1, name: 'Owner Olga' }, time: '2026-02-01T00:00:00Z' });
      return HttpResponse.json(state.settings);
    }),
    http.get('/api/admin/shipping', () => HttpResponse.json(state.shipping)),
    http.put('/api/admin/shipping/rates', async ({ request }) => {
      const rate = (await request.json()) as TStaffShippingConfig['rates'][number];
      if (rate.maxWeightG > 100_000)
        return HttpResponse.json(
          { code: 'BAD_REQUEST', desc: 'Invalid body.maxWeightG: Too big: expected number to be <=100000', details: { field: 'maxWeightG' } },
          { status: 400 },
        );
      state.rates.push(rate);
      state.shipping.rates = state.shipping.rates.map((r) => (r.methodId === rate.methodId && r.zoneCode === rate.zoneCode ? rate : r));
      return HttpResponse.json(rate);
    }),
  );
  return state;
}

describe('SettingsScreen', { timeout: 20_000 }, () => {
  it('changes the exchange rate and shows it in the history; a refused value is shown on its field', async () => {
    const state = serve();
    const user = userEvent.setup();
    renderScreen(<SettingsScreen />, { path: '/admin/settings' });
    const form = await screen.findByTestId('rate-form');
    const rate = within(form).getByLabelText('CNY per 1 USD');
    expect(rate).toHaveValue('7.1');
    // The shared rule says so before anything is sent.
    await user.clear(rate);
    await user.type(rate, '-1{Enter}');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Must be more than 0');
    expect(within(form).getByLabelText('CNY per 1 USD')).toHaveAttribute('aria-invalid', 'true');
    expect(state.puts).toHaveLength(0);
    // The server's refusal lands on the field it names, in its own words.
    await user.clear(within(form).getByLabelText('CNY per 1 USD'));
    await user.type(within(form).getByLabelText('CNY per 1 USD'), '150{Enter}');
    await waitFor(() =>
      expect(within(form).getByLabelText('CNY per 1 USD')).toHaveAccessibleDescription(
        'Invalid body.exchangeRate.cnyPerUsd: Too big: expected number to be <=100',
      ),
    );
    expect(within(form).getByLabelText('CNY per 1 USD')).toHaveAttribute('aria-invalid', 'true');
    expect(state.puts).toHaveLength(1);
    await user.clear(within(form).getByLabelText('CNY per 1 USD'));
    await user.type(within(form).getByLabelText('CNY per 1 USD'), '6.9{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('rate-history')).getByText('Owner Olga')).toBeInTheDocument());
    expect(state.puts.at(-1)).toEqual({ exchangeRate: { cnyPerUsd: 6.9 } });
    // the free-shipping threshold is typed in dollars and sent in cents; empty means none
    const free = screen.getByTestId('free-form');
    expect(within(free).getByLabelText('Threshold (USD)')).toHaveValue('69.00');
    await user.clear(within(free).getByLabelText('Threshold (USD)'));
    await user.type(within(free).getByLabelText('Threshold (USD)'), '99.5{Enter}');
    await waitFor(() => expect(state.puts.at(-1)).toEqual({ freeShipping: { thresholdUsdCents: 9_950 } }));
  });

  it('moves between tabs with the arrow keys and saves the footer contacts, marking a refused e-mail', async () => {
    const state = serve();
    const user = userEvent.setup();
    const { router } = renderScreen(<SettingsScreen />, { path: '/admin/settings' });
    const first = await screen.findByRole('tab', { name: 'Exchange rate & free shipping' });
    first.focus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Footer contacts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Footer contacts' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=contact');
    const form = await screen.findByTestId('contact-form');
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+86 20 1234 5678');
    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'sales@cubeshop.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.settings.contact).toMatchObject({ phone: '+86 20 1234 5678', email: 'sales@cubeshop.example', addressEn: 'Shenzhen' }));
  });

  it('sets when unpaid orders are reminded and cancelled: the cancel after the reminder, empty is off', async () => {
    const state = serve();
    const user = userEvent.setup();
    renderScreen(<SettingsScreen />, { path: '/admin/settings', at: '/admin/settings?tab=orders' });
    expect(await screen.findByRole('tab', { name: 'Unpaid orders' })).toHaveAttribute('aria-selected', 'true');
    const form = await screen.findByTestId('unpaid-form');
    const remind = within(form).getByLabelText('Remind after (days)');
    const cancel = within(form).getByLabelText('Cancel after (days)');
    expect(remind).toHaveValue('');
    await user.type(remind, '10');
    await user.type(cancel, '3{Enter}');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Cancel later than the reminder');
    expect(within(form).getByLabelText('Cancel after (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(state.puts).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Remind after (days)'));
    await user.type(within(form).getByLabelText('Remind after (days)'), '3');
    await user.clear(within(form).getByLabelText('Cancel after (days)'));
    await user.type(within(form).getByLabelText('Cancel after (days)'), '10{Enter}');
    await waitFor(() => expect(state.puts.at(-1)).toEqual({ unpaidOrders: { remindAfterDays: 3, cancelAfterDays: 10 } }));
    await user.clear(within(screen.getByTestId('unpaid-form')).getByLabelText('Remind after (days)'));
    await user.click(within(screen.getByTestId('unpaid-form')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.puts.at(-1)).toEqual({ unpaidOrders: { remindAfterDays: null, cancelAfterDays: 10 } }));
  });

  it('edits a row of the rate table in kg and yuan, sent in grams and fen', async () => {
    const state = serve();
    const user = userEvent.setup();
    renderScreen(<SettingsScreen />, { path: '/admin/settings', at: '/admin/settings?tab=shipping' });
    const table = await screen.findByTestId('rates-table');
    // Rows are named by the method and zone, never by their codes.
    const row = within(table).getByRole('row', { name: 'DHL × Rest of world' });
    expect(within(row).getByText('DHL')).toBeInTheDocument();
    expect(within(row).getByText('Rest of world')).toBeInTheDocument();
    expect(within(row).getByLabelText('First ¥')).toHaveValue('200.00');
    // A refusal marks the field it names, says why under the table with the row's name, and keeps what was typed.
    await user.clear(within(row).getByLabelText('Max kg'));
    await user.type(within(row).getByLabelText('Max kg'), '500{Enter}');
    expect(await within(table).findByRole('alert')).toHaveTextContent('DHL × Rest of world: Invalid body.maxWeightG');
    expect(within(row).getByLabelText('Max kg')).toHaveAttribute('aria-invalid', 'true');
    expect(within(row).getByLabelText('Max kg')).toHaveValue('500');
    expect(state.rates).toHaveLength(0);
    await user.clear(within(row).getByLabelText('First ¥'));
    await user.type(within(row).getByLabelText('First ¥'), '180.5');
    await user.clear(within(row).getByLabelText('Max kg'));
    await user.type(within(row).getByLabelText('Max kg'), '20{Enter}');
    await waitFor(() => expect(state.rates).toHaveLength(1));
    expect(state.rates[0]).toMatchObject({ methodId: 'dhl', zoneCode: 'REST', firstPriceFen: 18_050, maxWeightG: 20_000, firstWeightG: 500 });
  });
});
