import { itemQuery } from '@/features/catalog/api/get-item';
import { ProductDetailScreen } from '@/features/catalog/components/ProductDetailScreen';
import { idOf } from '@/lib/api';
import { isApiError } from '@/lib/api-client';
import { plainText, type MetaFunction, type PrefetchFunction } from '../page';
import { breadcrumbLd, productLd } from '../seo';

export default function ProductDetailRoute() {
  return <ProductDetailScreen />;
}

export const prefetch: PrefetchFunction = async ({ queryClient, params }) => {
  try {
    await queryClient.fetchQuery(itemQuery(idOf(params.id)));
  } catch (error) {
    // A product that does not exist (or an id that is not one): the page says so, with 404.
    return { status: isApiError(error) && (error.status === 404 || error.status === 400) ? 404 : 503 };
  }
};

export const meta: MetaFunction = ({ queryClient, params, t, origin }) => {
  const product = queryClient.getQueryData(itemQuery(idOf(params.id)).queryKey);
  if (!product) return { noindex: true, title: t('common:routes.notFound'), description: t('common:seo.notFound') };
  const description = plainText(product.description) || product.name;
  const steps = [
    { name: t('common:nav.home'), path: '/' },
    ...product.categoryPath.map((c) => ({ name: c.name, path: `/products-by-category/${c.id}` })),
    { name: product.name, path: `/product/${product.id}` },
  ];
  return {
    title: product.name,
    description,
    image: product.image,
    type: 'product',
    jsonLd: [productLd(origin, product, description), breadcrumbLd(origin, steps)],
  };
};
