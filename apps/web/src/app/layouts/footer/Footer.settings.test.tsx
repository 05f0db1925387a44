import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TShopPublicSettings } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession } from '@/test/render';
import { Footer } from './Footer';

// The footer's contact details come from the owner's settings (GET /api/shop/settings); while
// they load, or when the call fails, the built-in ones of common.json show.
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
beforeEach(() => resetSession());

const settings: TShopPublicSettings = {
  contact: {
    email: 'sales@cube.example',
    phone: '+86 20 1234 5678',
    wechat: 'cube_sales',
    whatsapp: '+86 139 0000 0000',
    addressZh: '广州市天河区 1 号',
    addressEn: '1 Tianhe Road, Guangzhou',
    hoursZh: '每天',
    hoursEn: 'Every day',
  },
  carousel: { mode: 'newest' },
  freeShippingThresholdUsdCents: 6_900,
};

describe('Footer contacts', () => {
  it('shows the owner’s phone, e-mail and address in the page’s language', async () => {
    server.use(http.get('/api/shop/settings', () => HttpResponse.json(settings)));
    renderScreen(<Footer />);
    expect(await screen.findByText('+86 20 1234 5678')).toHaveAttribute('href', 'tel:+862012345678');
    expect(screen.getByText('sales@cube.example')).toHaveAttribute('href', 'mailto:sales@cube.example');
    expect(screen.getByText('广州市天河区 1 号')).toBeInTheDocument();
  });

  it('falls back to the built-in details when the settings cannot be read', async () => {
    server.use(http.get('/api/shop/settings', () => HttpResponse.json({ code: 'UNAVAILABLE', desc: 'down' }, { status: 503 })));
    renderScreen(<Footer />);
    expect(await screen.findByTestId('footer-phone')).toHaveTextContent(i18n.t('common:contact.phone'));
  });
});
