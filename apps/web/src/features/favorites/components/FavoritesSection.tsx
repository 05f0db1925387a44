import { useState, type ReactNode } from 'react';
import { Heart, HeartOff, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { discountBadge, formatMoney, type TProduct } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { getLocale } from '@/lib/locale';
import { pageCount } from '@/lib/pager';
import { alertDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { FAVORITES_PAGE_SIZE, useFavorites } from '../api/get-favorites';
import { useRemoveFavorite } from '../api/remove-favorite';

const money = (major: number, currency: TProduct['currency']) => formatMoney(Math.round(major * 100), currency);

function FavoriteItem({ product, onRemove, removing }: { product: TProduct; onRemove: () => void; removing: boolean }) {
  const { t } = useTranslation('catalog');
  const href = `/product/${encodeURIComponent(String(product.id))}`;
  const discounted = product.discountPercent > 0 && product.discountPrice < product.price;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white" data-testid="favorite-item">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
        <img src={product.thumbnail} alt="" width={320} height={320} loading="lazy" decoding="async" className="aspect-square w-full object-contain p-2" />
      </Link>
      <div className="flex flex-1 flex-col gap-1 border-t border-gray-100 p-3">
        <Link to={href} className="line-clamp-2 min-h-10 text-sm font-medium text-ink hover:text-brand-700 hover:underline">
          {product.name}
        </Link>
        {product.supplier?.name ? <p className="truncate text-xs text-gray-500">{product.supplier.name}</p> : null}
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-bold text-brand-600 tabular-nums">{money(discounted ? product.discountPrice : product.price, product.currency)}</span>
          {discounted ? (
            <>
              <s className="text-xs text-gray-500 tabular-nums">{money(product.price, product.currency)}</s>
              <span className="rounded bg-brand-600 px-1.5 text-[11px] leading-5 font-semibold text-white">
                {discountBadge(product.discountPercent, getLocale())}
              </span>
            </>
          ) : null}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-auto"
          onClick={onRemove}
          disabled={removing}
          aria-label={t('favorites.removeNamed', { name: product.name })}
        >
          <HeartOff aria-hidden="true" className="size-4" />
          {t('favorites.remove')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The buyer's favourite products, most recent first, paged by 24. On the profile screen
 * (/my-favorite) each is a compact tile with a remove button and the list links to the
 * favourites page; the page (/favorites) passes `renderItem` to show full product cards (type,
 * quantity, add to cart, the heart to remove).
 */
export function FavoritesSection({ renderItem, pageLink = false }: { renderItem?: (product: TProduct) => ReactNode; pageLink?: boolean } = {}) {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const favorites = useFavorites(page);
  const remove = useRemoveFavorite();

  const onRemove = async (product: TProduct) => {
    try {
      await remove.mutateAsync(product.id);
      toast.success(t('favorite.removed'));
    } catch {
      await alertDialog({ type: 'error', title: t('favorite.removeFailed'), message: t('favorite.failedText') });
    }
  };

  if (favorites.isPending) {
    return (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="rounded-lg border border-gray-200 p-3">
            <Skeleton className="aspect-square w-full" />
            <Skeleton className="mt-3 h-4 w-4/5" />
          </li>
        ))}
      </ul>
    );
  }
  if (favorites.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-gray-700">{t('favorites.error')}</p>
        <Button variant="secondary" onClick={() => void favorites.refetch()} disabled={favorites.isFetching}>
          <RefreshCw aria-hidden="true" className={cn('size-4', favorites.isFetching && 'animate-spin')} />
          {t('common:ui.retry')}
        </Button>
      </div>
    );
  }
  const { data, pager } = favorites.data;
  const pages = pageCount(pager, FAVORITES_PAGE_SIZE);
  if (data.length === 0 && page > 1) {
    setPage(Math.min(page - 1, pages));
    return null;
  }
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="favorites-empty">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Heart aria-hidden="true" className="size-7" />
        </span>
        <p className="font-medium text-ink">{t('favorites.empty')}</p>
        <p className="text-sm text-gray-600">{t('favorites.emptyText')}</p>
        <Link to="/" className="mt-1 inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
          {t('favorites.browse')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600" data-testid="favorites-count">
          {t('favorites.count', { count: pager.recTotal })}
        </p>
        {pageLink ? (
          <Link to="/favorites" className="text-sm font-medium text-brand-700 hover:underline">
            {t('favorites.openPage')}
          </Link>
        ) : null}
      </div>
      <ul className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4', favorites.isPlaceholderData && 'opacity-60')}>
        {data.map((product) =>
          renderItem ? (
            <li key={product.id} data-testid="favorite-item">
              {renderItem(product)}
            </li>
          ) : (
            <FavoriteItem
              key={product.id}
              product={product}
              removing={remove.isPending && remove.variables === product.id}
              onRemove={() => void onRemove(product)}
            />
          ),
        )}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t('pagination.label')} className="flex items-center justify-center gap-3 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('pagination.previous')}
          </Button>
          <span className="tabular-nums text-gray-600">
            {page} / {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('pagination.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
