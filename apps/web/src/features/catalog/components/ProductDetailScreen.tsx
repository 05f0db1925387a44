import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';

/**
 * Product detail (spec section 2): breadcrumb, image, name and labels, price, style and quantity,
 * add to cart and favourite, specifications, description. The product data plugs in here.
 */
export function ProductDetailScreen() {
  const { t } = useTranslation('catalog');
  return (
    <div className="space-y-4">
      <nav aria-label={t('detail.breadcrumb')} className="text-sm text-gray-500">
        <ol className="flex flex-wrap items-center gap-1">
          <li className="after:ml-1 after:content-['/']">
            <Link to="/" className="hover:text-brand-700 hover:underline">
              {t('common:nav.home')}
            </Link>
          </li>
          <li>
            <Skeleton className="inline-block h-4 w-24 align-middle" />
          </li>
        </ol>
      </nav>
      <div className="grid gap-6 rounded-lg border border-gray-200 bg-white p-4 md:grid-cols-2 md:p-6" aria-busy="true">
        <Skeleton className="aspect-square w-full" />
        <div className="space-y-4">
          <Skeleton className="h-7 w-4/5" />
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-8 w-40" />
          <div>
            <p className="mb-2 text-sm font-medium text-gray-700">{t('detail.style')}</p>
            <div className="flex flex-wrap gap-2">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-9 w-20" />
              ))}
            </div>
          </div>
          <div>
            <p className="mb-2 text-sm font-medium text-gray-700">{t('detail.quantity')}</p>
            <Skeleton className="h-10 w-32" />
          </div>
          <div className="flex gap-3">
            <Skeleton className="h-11 flex-1" />
            <Skeleton className="h-11 w-11" />
          </div>
        </div>
      </div>
      <Card title={t('detail.specifications')}>
        <div className="grid gap-2 sm:grid-cols-2" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      </Card>
      <Card title={t('detail.description')}>
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </Card>
    </div>
  );
}
