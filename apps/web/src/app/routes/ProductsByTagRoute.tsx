import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ProductPanel } from '@/features/catalog/components/ProductPanel';
import { isProductTag } from '../guard';
import NotFoundRoute from './NotFoundRoute';

/** /products-by-tag/{newest|hot|discount}; other tags were sent to /404 by the route loader. */
export default function ProductsByTagRoute() {
  const { t } = useTranslation('catalog');
  const { tag } = useParams();
  if (!isProductTag(tag)) return <NotFoundRoute />;
  return (
    <div className="space-y-3">
      <header className="space-y-1">
        <nav aria-label={t('category.breadcrumb')} className="text-sm text-gray-500">
          <ol className="flex flex-wrap items-center gap-1">
            <li className="flex items-center gap-1 after:text-gray-300 after:content-['/']">
              <Link to="/" className="hover:text-brand-700 hover:underline">
                {t('common:nav.home')}
              </Link>
            </li>
            <li className="text-gray-700" aria-current="page">
              {t(`tag.${tag}.title`)}
            </li>
          </ol>
        </nav>
        <h1 className="text-2xl font-bold text-ink">{t(`tag.${tag}.title`)}</h1>
        <p className="text-sm text-gray-600">{t(`tag.${tag}.intro`)}</p>
      </header>
      <ProductPanel key={tag} source={{ kind: 'tag', tag }} />
    </div>
  );
}
