import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCategories } from '@/features/catalog/api/get-categories';
import { ProductPanel } from '@/features/catalog/components/ProductPanel';
import { SupplierStrip } from '@/features/catalog/components/SupplierStrip';
import { categoryPath } from '@/features/catalog/lib/category-tree';
import { usePageTitle } from '@/lib/stores/title';

/**
 * /products-by-category/{id}: breadcrumb, title, brand strip, product panel. When the category
 * tree loads and the id is not in it, the category is missing: go to /404. When the tree itself
 * cannot be loaded, the page stays with a generic title (category errors are silent).
 * Another category swaps the id in place (same route, no reload); the panel is keyed by it, so
 * its filters, brand strip and page start fresh.
 */
export default function ProductsByCategoryRoute() {
  const { t } = useTranslation('catalog');
  const { categoryId = '' } = useParams();
  const navigate = useNavigate();
  const categories = useCategories();
  const trail = categories.data ? categoryPath(categories.data, categoryId) : [];
  const missing = categories.isSuccess && trail.length === 0;

  useEffect(() => {
    if (missing) void navigate('/404', { replace: true });
  }, [missing, navigate]);

  const current = trail[trail.length - 1];
  usePageTitle(current?.name);
  const crumb = 'flex items-center gap-1 after:text-gray-300 after:content-["/"] last:after:content-none';

  return (
    <div className="space-y-3">
      <header className="space-y-1">
        <nav aria-label={t('category.breadcrumb')} className="text-sm text-gray-500">
          <ol className="flex flex-wrap items-center gap-1">
            <li className={crumb}>
              <Link to="/" className="hover:text-brand-700 hover:underline">
                {t('common:nav.home')}
              </Link>
            </li>
            {trail.map((node, i) =>
              i === trail.length - 1 ? (
                <li key={String(node.id)} className="text-gray-700" aria-current="page">
                  {node.name}
                </li>
              ) : (
                <li key={String(node.id)} className={crumb}>
                  <Link to={`/products-by-category/${encodeURIComponent(String(node.id))}`} className="hover:text-brand-700 hover:underline">
                    {node.name}
                  </Link>
                </li>
              ),
            )}
          </ol>
        </nav>
        {categories.isPending ? <Skeleton className="h-8 w-48" /> : <h1 className="text-2xl font-bold text-ink">{current?.name ?? t('category.title')}</h1>}
      </header>
      <ProductPanel key={categoryId} source={{ kind: 'category', categoryId }} top={(strip) => <SupplierStrip {...strip} />} />
    </div>
  );
}
