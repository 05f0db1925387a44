import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/Breadcrumb';
import { ProductPanel } from '@/features/catalog/components/ProductPanel';
import { isProductTag } from '../guard';
import NotFoundRoute from './NotFoundRoute';
import type { MetaFunction, PrefetchFunction } from '../page';
import { prefetchProductPanel } from '../prefetch';

/** /products-by-tag/{newest|hot|discount}; other tags were sent to /404 by the route loader. */
export default function ProductsByTagRoute() {
  const { t } = useTranslation('catalog');
  const { tag } = useParams();
  if (!isProductTag(tag)) return <NotFoundRoute />;
  return (
    <div className="space-y-3">
      <header className="space-y-1">
        <Breadcrumb label={t('category.breadcrumb')} items={[{ label: t('common:nav.home'), to: '/' }, { label: t(`tag.${tag}.title`) }]} />
        <h1 className="text-2xl font-bold text-ink">{t(`tag.${tag}.title`)}</h1>
        <p className="text-sm text-gray-600">{t(`tag.${tag}.intro`)}</p>
      </header>
      <ProductPanel key={tag} source={{ kind: 'tag', tag }} />
    </div>
  );
}

export const prefetch: PrefetchFunction = async ({ queryClient, url, params }) => {
  if (isProductTag(params.tag)) await prefetchProductPanel(queryClient, { kind: 'tag', tag: params.tag }, url);
};

export const meta: MetaFunction = ({ t, params }) => {
  return isProductTag(params.tag) ? { title: t(`catalog:tag.${params.tag}.title`), description: t(`common:seo.tag.${params.tag}`) } : {};
};
