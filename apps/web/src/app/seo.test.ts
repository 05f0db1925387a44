import { describe, expect, it } from 'vitest';
import { detail } from '@/features/catalog/test/helpers';
import { productLd } from './seo';

describe('product structured data', () => {
  it('tells search engines the stock state the page shows, not always "in stock"', () => {
    const availability = (stockStatus: 'in_stock' | 'low' | 'out_of_stock' | 'preorder') =>
      (productLd('https://shop.example', detail({ stockStatus }), 'A cube') as { offers: { availability: string } }).offers.availability;
    expect(availability('in_stock')).toBe('https://schema.org/InStock');
    expect(availability('low')).toBe('https://schema.org/LimitedAvailability');
    expect(availability('out_of_stock')).toBe('https://schema.org/OutOfStock');
    expect(availability('preorder')).toBe('https://schema.org/PreOrder');
  });
});
