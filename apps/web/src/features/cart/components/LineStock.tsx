import { useTranslation } from 'react-i18next';
import { minValidQuantity, type TCartItem } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';

/**
 * A cart line's stock (docs/catalog.md, Stock) for the quantity being asked (the stepper's value
 * while it is saved): a warning when it is more than is available and the product takes no
 * pre-orders (the order would be refused), what ships later for a pre-order, else what is
 * available. Quiet for products whose stock is not tracked.
 */
export function LineStock({ line, quantity, className }: { line: TCartItem; quantity: number; className?: string }) {
  const { t } = useTranslation('cart');
  const available = line.available;
  if (available === null || available === undefined) return null;
  const beyond = quantity > available;
  let text: string;
  let tone: string;
  let alert = false;
  if (beyond && line.preorder) {
    text = available > 0 ? t('stock.preorderPart', { count: available }) : t('stock.preorder');
    tone = 'text-sky-700';
  } else if (beyond) {
    // Fewer pieces than the smallest quantity one may order (a carton of 120, 1 left): none to buy.
    text = available >= minValidQuantity(line) ? t('stock.short', { count: available }) : t('stock.out');
    tone = 'font-medium text-red-700';
    alert = true;
  } else if (line.stockStatus === 'low') {
    text = t('stock.low', { count: available });
    tone = 'text-amber-700';
  } else {
    text = t('stock.inStock');
    tone = 'text-emerald-700';
  }
  return (
    <p className={cn('mt-1 text-xs', tone, className)} data-testid="line-stock" data-short={alert || undefined} role={alert ? 'alert' : undefined}>
      {text}
    </p>
  );
}
