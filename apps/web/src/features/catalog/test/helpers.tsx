import type { TProduct, TProductDetail, TProductDetailType, TProductType } from '@cubeshop/shared';

export { renderScreen, resetSession, signIn } from '@/test/render';

export function product(overrides: Partial<TProduct> = {}): TProduct {
  return {
    id: 100001,
    name: 'GAN 356 M 3x3 Magnetic Speed Cube',
    types: [],
    labels: [],
    currency: 'USD',
    price: 18.31,
    discountPrice: 18.31,
    discountPercent: 0,
    basePrice: 18.31,
    priceTiers: [],
    lastUpdatedTime: '2026-03-07T15:49:14.014Z',
    supplierId: 1,
    supplier: { id: 1, name: 'GAN' },
    categoryId: 3,
    category: { id: 3, slug: '3x3', name: '3x3 Cubes' },
    moq: 1,
    orderMultiple: null,
    preorder: false,
    image: '/api/items/100001/image?v=1.1',
    thumbnail: '/api/items/100001/thumbnail?v=1.1',
    stockStatus: 'in_stock',
    favorite: false,
    ...overrides,
  };
}

/** A style of a card (in stock unless told). */
export function style(code: string, name: string, stockStatus: TProductType['stockStatus'] = 'in_stock'): TProductType {
  return { code, name, stockStatus };
}

/** A style on the product's page with its pieces (null: not tracked). */
export function detailStyle(
  code: string,
  name: string,
  stockStatus: TProductType['stockStatus'] = 'in_stock',
  available: number | null = null,
): TProductDetailType {
  return { code, name, stockStatus, available };
}

export function detail(overrides: Partial<TProductDetail> = {}): TProductDetail {
  return {
    ...product(),
    types: [],
    available: null,
    description: '<p><strong>GAN 356 M</strong>: made for speedsolving.</p>',
    images: [
      { image: '/api/items/100001/image?v=1.1', thumbnail: '/api/items/100001/thumbnail?v=1.1' },
      { image: '/api/items/100001/images/1?v=1.1', thumbnail: '/api/items/100001/images/1/thumbnail?v=1.1' },
    ],
    categoryPath: [
      { id: 1, slug: 'cubes', name: 'Speed Cubes' },
      { id: 3, slug: '3x3', name: '3x3 Cubes' },
    ],
    createdTime: '2024-07-18T23:06:07.623Z',
    barcode: '6900000000007',
    comment: null,
    nw: 0.082,
    gw: 0.122,
    volume: 0.000343,
    volumeWeight: 0.069,
    pkg: 'Color box',
    carton: '60×40×45 cm',
    pcs: 120,
    dimension: '5.6×5.6×5.6',
    unitNwDesc: '82g',
    unitGwDesc: '122g',
    unitVolumeDesc: '7×7×7 cm',
    unitVolumeWeightDesc: '69g',
    totalVolumeWeight: 21.6,
    ...overrides,
  };
}
