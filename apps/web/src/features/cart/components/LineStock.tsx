import { useTranslation } from 'react-i18next';
import { maxOrderable, type TCartItem } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';

const ACTION = 'inline-flex h-7 items-center rounded-md border px-2 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A cart line's stock (docs/catalog.md, Stock) for the quantity being asked (the stepper's value
 * while it is saved): a warning when it is more than is available and the product takes no
 * pre-orders (the order would be refused), with one-press fixes (lower to what is left, in whole
 * order multiples, or remove the line when none can be bought); what ships later for a
 * pre-order; else what is available. Quiet for products whose stock is not tracked.
 */
export function LineStock({
  line,
  quantity,
  className,
  onLower,
  onRemove,
  busy = false,
}: {
  line: TCartItem;
  quantity: number;
  className?: string;
  /** Sets the line to this quantity (the most that can be ordered now). */
  onLower?: ((quantity: number) => void) | undefined;
  onRemove?: (() => void) | undefined;
  busy?: boolean;
}) {
  const { t } = useTranslation('cart');
  const available = line.available;
  if (available === null || available === undefined) return null;
  const beyond = quantity > available;
  if (beyond && !line.preorder) {
    // Fewer pieces than the smallest quantity one may order (a carton of 120, 1 left): none to buy.
    const most = maxOrderable(available, line) ?? 0;
    return (
      <div className={cn('mt-1', className)} data-testid="line-stock" data-short="true">
        <p className="text-xs font-medium text-red-700" role="alert">
          {most > 0 ? t('stock.short', { count: available }) : t('stock.out')}
        </p>
        {onLower || onRemove ? (
          <div className="mt-1 flex flex-wrap gap-2">
            {most > 0 && onLower ? (
              <button
                type="button"
                onClick={() => onLower(most)}
                disabled={busy}
                className={cn(ACTION, 'border-brand-600 bg-white text-brand-700 hover:bg-brand-50')}
                data-testid="line-lower"
              >
                {t('stock.lowerTo', { count: most })} <span className="sr-only">{line.name}</span>
              </button>
            ) : null}
            {onRemove ? (
              <button
                type="button"
                onClick={onRemove}
                disabled={busy}
                className={cn(ACTION, 'border-gray-300 bg-white text-gray-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700')}
                data-testid="line-remove"
              >
                {t('stock.remove')} <span className="sr-only">{line.name}</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    );
  }
  let text: string;
  let tone: string;
  if (beyond) {
    text = available > 0 ? t('stock.preorderPart', { count: available }) : t('stock.preorder');
    tone = 'text-sky-700';
  } else if (line.stockStatus === 'low') {
    text = t('stock.low', { count: available });
    tone = 'text-amber-700';
  } else {
    text = t('stock.inStock');
    tone = 'text-emerald-700';
  }
  return (
    <p className={cn('mt-1 text-xs', tone, className)} data-testid="line-stock">
      {text}
    </p>
  );
}
