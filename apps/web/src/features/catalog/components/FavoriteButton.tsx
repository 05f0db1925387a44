import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useFavoriteToggle } from '../hooks/use-favorite-toggle';

/** Heart toggle of a card (icon) or the detail (icon and words). */
export function FavoriteButton({ itemId, favorite, variant = 'icon', className }: { itemId: number; favorite: boolean; variant?: 'icon' | 'full'; className?: string }) {
  const { t } = useTranslation('catalog');
  const { toggle, pending } = useFavoriteToggle();
  const label = t(favorite ? 'favorite.remove' : 'favorite.add');
  const icon = <Heart aria-hidden="true" className={cn('size-5 transition-colors', favorite ? 'fill-brand-600 text-brand-600' : 'text-gray-500')} />;
  if (variant === 'full') {
    return (
      <button
        type="button"
        aria-pressed={favorite}
        aria-busy={pending}
        disabled={pending}
        onClick={() => void toggle(itemId, favorite)}
        className={cn('inline-flex h-11 items-center justify-center gap-2 rounded-md border px-4 text-sm font-medium transition-colors disabled:opacity-60', favorite ? 'border-brand-200 bg-brand-50 text-brand-700' : 'border-gray-300 bg-white text-ink hover:bg-gray-50', className)}
      >
        {icon}
        {t(favorite ? 'favorite.favorited' : 'favorite.favorite')}
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={label}
      title={label}
      aria-busy={pending}
      disabled={pending}
      onClick={() => void toggle(itemId, favorite)}
      className={cn('inline-flex size-9 items-center justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-gray-200 transition hover:bg-white disabled:opacity-60', className)}
    >
      {icon}
    </button>
  );
}
