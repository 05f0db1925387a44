import { useFixedT } from '@/lib/fixed-t';
import { cn } from '@/components/ui/cn';
import { SpriteIcon } from '@/components/ui/SpriteIcon';
import { useFavoriteToggle } from '../hooks/use-favorite-toggle';

/** Heart toggle of a card (icon) or the detail (icon and words). */
export function FavoriteButton({
  itemId,
  favorite,
  variant = 'icon',
  className,
}: {
  itemId: number;
  favorite: boolean;
  variant?: 'icon' | 'full';
  className?: string;
}) {
  const t = useFixedT('catalog');
  const { toggle, pending } = useFavoriteToggle();
  const label = t(favorite ? 'favorite.remove' : 'favorite.add');
  const icon = (
    <SpriteIcon name={favorite ? 'heart-filled' : 'heart'} className={cn('size-5 transition-colors', favorite ? 'text-brand-600' : 'text-gray-500')} />
  );
  if (variant === 'full') {
    return (
      <button
        type="button"
        aria-pressed={favorite}
        aria-busy={pending}
        disabled={pending}
        onClick={() => void toggle(itemId, favorite)}
        className={cn(
          'inline-flex h-11 items-center justify-center gap-2 rounded-md border px-4 text-sm font-medium transition-colors disabled:opacity-60',
          favorite ? 'border-brand-200 bg-brand-50 text-brand-700' : 'border-gray-300 bg-white text-ink hover:bg-gray-50',
          className,
        )}
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
      className={cn('icon-button', className)}
    >
      {icon}
    </button>
  );
}
