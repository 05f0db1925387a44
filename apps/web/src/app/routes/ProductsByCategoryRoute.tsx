import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/Breadcrumb';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCategories } from '@/features/catalog/api/get-categories';
import { ProductPanel } from '@/features/catalog/components/ProductPanel';
import { SupplierStrip } from '@/features/catalog/components/SupplierStrip';
import { categoryPath } from '@/features/catalog/lib/category-tree';
import { idOf } from '@/lib/api';
import { usePageTitle } from '@/lib/stores/title';
import { categoriesQuery } from '@/features/catalog/api/get-categories';
import type { MetaFunction, PrefetchFunction } from '../page';
import { prefetchProductPanel } from '../prefetch';
import { breadcrumbLd } from '../seo';
import { NotFoundScreen } from './NotFoundScreen';

/**
 * /products-by-category/{id}: breadcrumb, title, brand strip, product panel. When the category
 * tree loads and the id is not in it, the category is missing: go to /404. When the tree itself
 * cannot be loaded, the page stays with a generic title (category errors are silent).
 * Another category swaps the id in place (same route, no reload); the panel is keyed by it, so
 * its filters, brand strip and page start fresh.
 */
export default function ProductsByCategoryRoute() {
  const { t } = useTranslation('catalog');
  const categoryId = idOf(useParams().categoryId);
  const navigate = useNavigate();
  const categories = useCategories();
  const trail = categories.data ? categoryPath(categories.data, categoryId) : [];
  const missing = categories.isSuccess && trail.length === 0;

  useEffect(() => {
    if (missing) void navigate('/404', { replace: true });
  }, [missing, navigate]);

  const current = trail[trail.length - 1];
  usePageTitle(current?.name);

  // The server answers an unknown category with this page and status 404; here the URL follows.
  if (missing) return <NotFoundScreen />;

  return (
    <div className="space-y-3">
      <header className="space-y-1">
        <Breadcrumb
          label={t('category.breadcrumb')}
          items={[
            { label: t('common:nav.home'), to: '/' },
            ...trail.map((node) => ({ key: String(node.id), label: node.name, to: `/products-by-category/${encodeURIComponent(String(node.id))}` })),
          ]}
        />
        {categories.isPending ? <Skeleton className="h-8 w-48" /> : <h1 className="text-2xl font-bold text-ink">{current?.name ?? t('category.title')}</h1>}
      </header>
      <ProductPanel key={String(categoryId)} source={{ kind: 'category', categoryId }} top={(strip) => <SupplierStrip {...strip} />} />
    </div>
  );
}

export const prefetch: PrefetchFunction = async ({ queryClient, params, url }) => {
  const categoryId = idOf(params.categoryId);
  const [tree] = await Promise.all([
    queryClient.fetchQuery(categoriesQuery()).catch(() => undefined),
    prefetchProductPanel(queryClient, { kind: 'category', categoryId }, url),
  ]);
  if (tree && categoryPath(tree, categoryId).length === 0) return { status: 404 };
};

export const meta: MetaFunction = ({ queryClient, params, t, origin }) => {
  const tree = queryClient.getQueryData(categoriesQuery().queryKey);
  const trail = tree ? categoryPath(tree, idOf(params.categoryId)) : [];
  const current = trail[trail.length - 1];
  if (!current) return { noindex: true, title: t('common:routes.notFound'), description: t('common:seo.notFound') };
  const steps = [
    { name: t('common:nav.home'), path: '/' },
    ...trail.map((node) => ({ name: node.name, path: `/products-by-category/${encodeURIComponent(String(node.id))}` })),
  ];
  return { title: current.name, description: t('common:seo.category', { name: current.name }), jsonLd: [breadcrumbLd(origin, steps)] };
};
