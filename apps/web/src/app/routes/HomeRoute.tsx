import { useTranslation } from 'react-i18next';
import { Advantages } from '@/features/catalog/components/Advantages';
import { NewestCarousel } from '@/features/catalog/components/NewestCarousel';
import { ProductPanel } from '@/features/catalog/components/ProductPanel';
import { newestQuery } from '@/features/catalog/api/get-newest';
import type { MetaFunction, PrefetchFunction } from '../page';
import { prefetchProductPanel } from '../prefetch';
import { organizationLd, websiteLd } from '../seo';

/** Home: newest carousel, four advantages, the product panel (docs/requirements.md, Screens). */
export default function HomeRoute() {
  const { t } = useTranslation('catalog');
  return (
    <div className="space-y-4 md:space-y-5">
      <h1 className="sr-only">{t('home.title')}</h1>
      <NewestCarousel />
      <Advantages />
      <ProductPanel source={{ kind: 'all' }} searchPage="/search" title={t('home.productsTitle')} />
    </div>
  );
}

export const prefetch: PrefetchFunction = async ({ queryClient, url }) => {
  await Promise.all([queryClient.prefetchQuery(newestQuery()), prefetchProductPanel(queryClient, { kind: 'all' }, url)]);
};

export const meta: MetaFunction = ({ t, origin }) => {
  const name = t('common:app.name');
  return { description: t('common:seo.home'), jsonLd: [organizationLd(origin, name), websiteLd(origin, name)] };
};
