import { useTranslation } from 'react-i18next';
import { ProductCard } from '@/features/catalog/components/ProductCard';
import { FavoritesSection } from '@/features/favorites/components/FavoritesSection';

/** /favorites: the buyer's favourites as full product cards (type, quantity, add to cart; the heart removes). */
export default function FavoritesRoute() {
  const { t } = useTranslation('catalog');
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-ink">{t('favorites.title')}</h1>
        <p className="text-sm text-gray-600">{t('favorites.intro')}</p>
      </header>
      <section aria-labelledby="favorites-list">
        {/* The cards' names are level-3 headings: keep the outline whole. */}
        <h2 id="favorites-list" className="sr-only">
          {t('panel.title')}
        </h2>
        <FavoritesSection renderItem={(product) => <ProductCard product={product} />} />
      </section>
    </div>
  );
}
