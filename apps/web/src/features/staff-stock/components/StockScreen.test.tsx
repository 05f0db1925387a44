import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ZStockAdjust, ZStockSheet, type TStockSheet, type TStockSheetRow } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { BUYER } from '@/test/msw/fixtures';
import { StockScreen } from './StockScreen';

// The stock screen (/admin/stock): products with every style's pieces, the low-stock filter kept
// in the URL and sent to the API, and a count that needs a reason and sends only what changed.

const styled: TStockSheetRow = {
  id: 41,
  nameZh: '轨道三阶',
  nameEn: 'Orbit 3x3',
  barcode: '690001',
  thumbnail: '/img/41.webp',
  tracked: true,
  lowStockAt: 10,
  stockStatus: 'low',
  styles: [
    { code: 'red', zh: '红色', en: 'Red', onHand: 5, reserved: 2, available: 3, stockStatus: 'low' },
    { code: 'blue', zh: '蓝色', en: 'Blue', onHand: 0, reserved: 0, available: 0, stockStatus: 'out_of_stock' },
  ],
};
const loose: TStockSheetRow = {
  id: 42,
  nameZh: '散装魔方',
  nameEn: 'Loose cube',
  barcode: null,
  thumbnail: '/img/42.webp',
  tracked: false,
  lowStockAt: 10,
  stockStatus: 'in_stock',
  styles: [{ code: '', zh: '', en: '', onHand: 0, reserved: 0, available: 0, stockStatus: 'in_stock' }],
};

function sheet(rows: TStockSheetRow[]): TStockSheet {
  return ZStockSheet.parse({ data: rows, pager: { page: 1, recPerPage: 20, recTotal: rows.length } });
}

beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'common']);
});
beforeEach(() => {
  resetSession();
  signIn({ ...BUYER, admin: true, role: 'warehouse' });
  server.use(
    http.get('/api/admin/stock', ({ request }) =>
      HttpResponse.json(sheet(new URL(request.url).searchParams.get('stockStatus') === 'low' ? [styled] : [styled, loose])),
    ),
    http.put('/api/admin/items/:id/stock', () => HttpResponse.json({ itemId: 41, tracked: true, stockStatus: 'in_stock', lines: [] })),
  );
});

describe('StockScreen', { timeout: 20_000 }, () => {
  it('lists every style with its pieces and state as words, never codes', async () => {
    renderScreen(<StockScreen />, { path: '/admin/stock' });
    const orbit = await screen.findByRole('rowgroup', { name: 'Orbit 3x3' });
    const rows = within(orbit).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Red');
    expect(rows[0]).toHaveTextContent('Low stock');
    expect(rows[1]).toHaveTextContent('Blue');
    expect(rows[1]).toHaveTextContent('Out of stock');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Red', '5', '2', '3', 'Low stock']);
    const other = screen.getByRole('rowgroup', { name: 'Loose cube' });
    expect(other).toHaveTextContent('One style');
    expect(other).toHaveTextContent('Not counted yet: sold without a limit');
    expect(screen.queryByText('out_of_stock')).not.toBeInTheDocument();
    expect(screen.getByText('2 products')).toBeInTheDocument();
  });

  it('filters low stock through the URL and the API', async () => {
    const { router } = renderScreen(<StockScreen />, { path: '/admin/stock' });
    await screen.findByRole('rowgroup', { name: 'Loose cube' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stock state' }), 'Low stock');
    await waitFor(() => expect(screen.queryByRole('rowgroup', { name: 'Loose cube' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?stockStatus=low');
    expect(calls('GET', '/api/admin/stock').at(-1)!.query.get('stockStatus')).toBe('low');
  });

  it('searches and pages through the URL: a new search starts again at page 1', async () => {
    server.use(
      http.get('/api/admin/stock', ({ request }) =>
        HttpResponse.json(
          ZStockSheet.parse({ data: [styled], pager: { page: Number(new URL(request.url).searchParams.get('page') ?? 1), recPerPage: 20, recTotal: 45 } }),
        ),
      ),
    );
    const { router } = renderScreen(<StockScreen />, { path: '/admin/stock' });
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(calls('GET', '/api/admin/stock').at(-1)!.query.get('page')).toBe('2');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'orbit{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=orbit'));
    await waitFor(() => expect(calls('GET', '/api/admin/stock').at(-1)!.query.get('keyword')).toBe('orbit'));
    expect(calls('GET', '/api/admin/stock').at(-1)!.query.get('page')).toBeNull();
  });

  it('sets a count with its reason, sending only the styles that changed', async () => {
    renderScreen(<StockScreen />, { path: '/admin/stock' });
    await userEvent.click(await screen.findByRole('button', { name: 'Count Orbit 3x3' }));
    const dialog = screen.getByRole('dialog', { name: 'Count: Orbit 3x3' });
    const save = within(dialog).getByRole('button', { name: 'Save count' });
    await userEvent.click(save);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Change at least one count, or cancel.');
    const blue = within(dialog).getByRole('textbox', { name: 'Pieces on hand: Blue' });
    await userEvent.clear(blue);
    await userEvent.type(blue, '24');
    await userEvent.click(save);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why the count changes.');
    expect(calls('PUT')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goods received');
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = calls('PUT', '/api/admin/items/41/stock');
    await waitFor(() => expect(put!.body).toEqual({ lines: [{ typeCode: 'blue', onHand: 24 }], reason: 'Goods received' }));
    expect(ZStockAdjust.safeParse(put!.body).success).toBe(true);
    expect(await screen.findByText('The stock of Orbit 3x3 was saved')).toBeInTheDocument();
  });

  it('counts every style of a product not counted before, opened with Enter on its row', async () => {
    renderScreen(<StockScreen />, { path: '/admin/stock' });
    await screen.findByRole('rowgroup', { name: 'Loose cube' });
    // j/k walk the styles: Orbit's red and blue, then the loose cube's one line.
    await userEvent.keyboard('jj{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Count: Loose cube' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'First count');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save count' }));
    await waitFor(() => expect(calls('PUT', '/api/admin/items/42/stock')[0]?.body).toEqual({ lines: [{ typeCode: '', onHand: 0 }], reason: 'First count' }));
  });
});
