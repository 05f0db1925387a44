import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { priceBound } from './ProductPanel';
import { ProductCard } from './ProductCard';

beforeAll(async () => {
  await i18n.loadNamespaces('catalog');
});

describe('ProductCard', () => {
  it('shows the discounted price, the struck list price and the badge; the detail opens in a new tab', () => {
    render(
      <ProductCard
        product={{ id: 42, name: 'GAN 12 Maglev', labels: ['H', 'D'], currency: 'USD', price: 39.9, discountPrice: 31.92, discountPercent: 20, supplier: { id: 3, name: 'GAN' }, thumbnail: '/uploads/42-t.webp' }}
      />,
    );
    expect(screen.getByText('$31.92')).toBeInTheDocument();
    expect(screen.getByText('$39.90').tagName).toBe('S');
    expect(screen.getByText('20% OFF')).toBeInTheDocument();
    expect(screen.getByText('GAN')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /GAN 12 Maglev/ });
    expect(link).toHaveAttribute('href', '/product/42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.querySelector('img')).toHaveAttribute('src', '/uploads/42-t.webp');
  });

  it('shows one price without a discount and falls back to the spec thumbnail path', () => {
    render(<ProductCard product={{ id: 7, name: 'Mirror cube', price: 1200, discountPercent: 0, discountPrice: 1200, currency: 'CNY', supplier: 'QiYi' }} />);
    expect(screen.getByText('¥1,200.00')).toBeInTheDocument();
    expect(screen.queryByText(/OFF/)).not.toBeInTheDocument();
    expect(screen.getByRole('link').querySelector('img')).toHaveAttribute('src', '/api/items/7/thumbnail');
  });
});

describe('price filter bounds', () => {
  it('keeps plain decimals as typed and drops anything else', () => {
    expect(priceBound(' 10 ')).toBe('10');
    expect(priceBound('10.5')).toBe('10.5');
    expect(priceBound('')).toBeUndefined();
    expect(priceBound('-1')).toBeUndefined();
    expect(priceBound('1e3')).toBeUndefined();
  });
});
