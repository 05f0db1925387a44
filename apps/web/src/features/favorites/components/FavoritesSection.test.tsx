import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TProduct } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { calls } from '@/test/msw/server';
import { shop } from '@/test/msw/shop';
import { useFavoritesCount } from '../hooks/use-favorites-count';
import { FavoritesSection } from './FavoritesSection';

const item = (id: number, name: string): TProduct => ({
  id,
  name,
  types: [],
  labels: [],
  currency: 'CNY',
  price: 100,
  discountPrice: 80,
  discountPercent: 20,
  basePrice: 80,
  priceTiers: [],
  lastUpdatedTime: '2026-01-01T00:00:00Z',
  supplierId: 1,
  supplier: { id: 1, name: 'GAN' },
  categoryId: 3,
  category: { id: 3, slug: '3x3', name: '3x3' },
  moq: 1,
  orderMultiple: null,
  image: `/api/items/${id}/image`,
  thumbnail: `/api/items/${id}/thumbnail`,
  stockStatus: 'in_stock',
  preorder: false,
  favorite: true,
});

function Count() {
  return <output>{useFavoritesCount()}</output>;
}

function setup(favorites: ReturnType<typeof item>[]) {
  shop.favorites = [...favorites];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback={null}>
          <Count />
          <FavoritesSection />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.loadNamespaces('catalog');
});
beforeEach(() => {
  localStorage.setItem('token', 'user-token-123456');
  useAuthStore.setState({ token: 'user-token-123456', user: null, isAnonymous: false });
});

describe('favourites', { timeout: 20_000 }, () => {
  it('lists the favourites with prices and removes one; the count follows', async () => {
    setup([item(1, 'GAN 12'), item(2, 'MoYu RS3M')]);
    expect(await screen.findByText('GAN 12')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2'));
    expect(screen.getAllByText('¥80.00')).toHaveLength(2);
    expect(screen.getAllByText('20% OFF')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove GAN 12 from favourites' }));
    await waitFor(() => expect(screen.queryByText('GAN 12')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1'));
  });

  it('shows an empty state', async () => {
    setup([]);
    expect(await screen.findByText('No favourites yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/');
  });

  it('counts 0 without asking the server for an anonymous visitor', async () => {
    useAuthStore.setState({ token: 'anon', user: null, isAnonymous: true });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Count />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('0');
    expect(calls()).toHaveLength(0);
  });
});
