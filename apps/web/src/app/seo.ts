import type { TProductDetail } from '@cubeshop/shared';
import { absoluteUrl } from './page';

/**
 * schema.org structured data of the shop's pages (JSON-LD): who sells (Organization), the site's
 * search (WebSite), a product with its offer (Product) and where a page sits (BreadcrumbList).
 */
export function organizationLd(origin: string, name: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, '/favicon.svg'),
  };
}

export function websiteLd(origin: string, name: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    url: absoluteUrl(origin, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(origin, '/search')}?keyword={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbLd(origin: string, trail: { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: absoluteUrl(origin, step.path) })),
  };
}

/** schema.org availability of the product's stock state (docs/catalog.md, Stock). */
const AVAILABILITY: Record<TProductDetail['stockStatus'], string> = {
  in_stock: 'https://schema.org/InStock',
  low: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
};

export function productLd(origin: string, product: TProductDetail, description: string): Record<string, unknown> {
  const url = absoluteUrl(origin, `/product/${product.id}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.id),
    ...(product.barcode ? { gtin: product.barcode } : {}),
    image: product.images.map((i) => absoluteUrl(origin, i.image)),
    description,
    brand: { '@type': 'Brand', name: product.supplier.name },
    category: product.categoryPath.map((c) => c.name).join(' > '),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: product.currency,
      price: product.discountPrice.toFixed(2),
      availability: AVAILABILITY[product.stockStatus],
      itemCondition: 'https://schema.org/NewCondition',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.moq },
    },
  };
}
