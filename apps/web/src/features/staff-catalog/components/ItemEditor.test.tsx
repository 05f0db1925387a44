import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TStaffBrandList, TStaffCategoryList } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { ItemEditor } from './ItemEditor';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff', 'staffCatalog']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const categories: TStaffCategoryList = { data: [{ id: 7, slug: 'cubes', parentId: null, nameZh: '魔方', nameEn: 'Cubes', position: 0, items: 3 }] };
const brands: TStaffBrandList = { data: [{ id: 3, slug: 'gan', nameZh: 'GAN', nameEn: 'GAN', position: 0, authorized: true, logo: null, items: 3 }] };

describe('product editor', () => {
  it('checks the form with the shared rules, derives the discount price, and shows a server refusal by its field', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json(categories)),
      http.get('/api/admin/brands', () => HttpResponse.json(brands)),
      http.post('/api/admin/items', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { code: 'BAD_REQUEST', desc: 'The barcode 690 is already used by product 100001', details: { field: 'barcode', rule: 'unique' } },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderScreen(<ItemEditor id={undefined} />);
    await screen.findByRole('heading', { name: 'New product' });

    // Nothing is sent while a required field is empty or a tier breaks the rules.
    await user.click(screen.getByTestId('item-save'));
    expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Name (Chinese)'), '测试');
    await user.type(screen.getByLabelText('Name (English)'), 'Test');
    await waitFor(() => expect(within(screen.getByTestId('item-category')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByTestId('item-category'), '7');
    await user.selectOptions(screen.getByTestId('item-brand'), '3');
    await user.type(screen.getByLabelText('List price (¥)'), '20');
    await user.clear(screen.getByLabelText('Discount (%)'));
    await user.type(screen.getByLabelText('Discount (%)'), '25');
    expect(screen.getByTestId('discount-price')).toHaveTextContent('¥15.00');
    await user.click(screen.getByTestId('tier-add'));
    await user.type(screen.getByLabelText('From pieces'), '12');
    await user.type(screen.getByLabelText('Price a piece (¥)'), '16');
    await user.click(screen.getByTestId('item-save'));
    // 16 is not below the ¥15 the buyer already pays: the shared rule says so under the tier's price.
    await waitFor(() => expect(screen.getByLabelText('Price a piece (¥)')).toBeInvalid());
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText('Price a piece (¥)'));
    await user.type(screen.getByLabelText('Price a piece (¥)'), '12.5');
    await user.type(screen.getByLabelText('Barcode'), '690');
    await user.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      nameEn: 'Test',
      categoryId: 7,
      supplierId: 3,
      price: 20,
      discountPercent: 25,
      priceTiers: [{ minQuantity: 12, price: 12.5 }],
      barcode: '690',
    });
    await waitFor(() => expect(screen.getByLabelText('Barcode')).toHaveAccessibleDescription(expect.stringContaining('already used by product 100001')));
  }, 15_000); // the rich-text editors (TipTap) and a whole form in jsdom: seconds on a loaded machine
});
