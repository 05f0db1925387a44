import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TShopPublicSettings } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { shopSettingsKey } from '@/lib/shop-settings';
import { server } from '@/test/msw/server';
import { renderScreen } from '@/test/render';
import OrdersShippingPolicyPage from './OrdersShippingPolicyPage';

// The policy states the free-shipping threshold the owner set in Settings, never a built-in figure:
// after the owner moves it from $69 to $99 the page says $99, and with free shipping off it
// promises none.
const settings = (thresholdUsdCents: number | null): TShopPublicSettings => ({
  contact: {
    email: 'sales@cube.example',
    phone: '+86 20 1234 5678',
    wechat: 'w',
    whatsapp: '+86 1',
    addressZh: '广州',
    addressEn: 'Guangzhou',
    hoursZh: '每天',
    hoursEn: 'Every day',
  },
  carousel: { mode: 'newest' },
  freeShippingThresholdUsdCents: thresholdUsdCents,
});

beforeAll(async () => {
  await i18n.loadNamespaces(['content', 'common']);
});

describe('orders and shipping policy', () => {
  it.each([
    ['en', 'Free shipping on orders over US$99', 'US$99 or more ship free'],
    ['zh', '满 99 美元（结算时按汇率折算为人民币）包邮', '商品金额满 99 美元（结算时按汇率折算为人民币）包邮，'],
  ] as const)('%s: states the threshold of the settings', async (lang, highlight, fees) => {
    await i18n.changeLanguage(lang);
    server.use(http.get('/api/shop/settings', () => HttpResponse.json(settings(9_900))));
    renderScreen(<OrdersShippingPolicyPage />, { path: '/orders-shipping-policy' });
    expect(await screen.findByText(highlight)).toBeInTheDocument();
    expect(screen.getByText((text) => text.includes(fees))).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/\b69\b/);
  });

  it('promises no free shipping while it is off', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('/api/shop/settings', () => HttpResponse.json(settings(null))));
    const queryClient = createQueryClient();
    renderScreen(<OrdersShippingPolicyPage />, { path: '/orders-shipping-policy', queryClient });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // Read once the settings have arrived (while they load no figure is claimed either).
    await waitFor(() => expect(queryClient.getQueryState(shopSettingsKey)?.status).toBe('success'));
    expect(screen.getByRole('list', { name: 'Policy highlights' })).toHaveTextContent('24');
    expect(document.body).not.toHaveTextContent(/free shipping on orders over/i);
    expect(document.body).not.toHaveTextContent(/ship free/i);
  });
});
