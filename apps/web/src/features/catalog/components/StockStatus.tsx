import type { TStockStatus } from '@cubeshop/shared';
import { useFixedT } from '@/lib/fixed-t';
import { cn } from '@/components/ui/cn';

/** Dot and text colour per state (docs/catalog.md, Stock). */
const TONE: Record<TStockStatus, string> = {
  in_stock: 'stock-in',
  low: 'stock-low',
  out_of_stock: 'stock-out',
  preorder: 'stock-pre',
};

/**
 * The stock state on a list card: one short line ("In stock", "Low stock", "Out of stock",
 * "Pre-order"), a single element so 120 cards stay light. The state may be up to the list
 * page's cache lifetime old (docs/catalog.md, Stock).
 */
export function StockBadge({ status, className }: { status: TStockStatus | undefined; className?: string }) {
  const t = useFixedT('catalog');
  if (!status) return null;
  return (
    <p className={cn('stock-badge', TONE[status], className)} data-testid="stock-badge" data-stock={status}>
      {t(`stock.badge.${status}`)}
    </p>
  );
}

/**
 * The stock state on a product's page (of the chosen style when there is one), with what it means
 * for delivery (pre-order: ships in 1-2 weeks); a low count says how many are left.
 */
export function StockLine({ status, available, className }: { status: TStockStatus | undefined; available?: number | null | undefined; className?: string }) {
  const t = useFixedT('catalog');
  if (!status) return null;
  const meaning =
    status === 'low' && typeof available === 'number' && available > 0 ? t('stock.detail.lowCount', { count: available }) : t(`stock.detail.${status}`);
  return (
    // One text box beside the dot, so a long meaning wraps under the state on a phone (the dot stays on the first line).
    <p
      className={cn('stock-badge items-start text-sm before:mt-[0.4375rem]', TONE[status], className)}
      data-testid="stock-line"
      data-stock={status}
      aria-live="polite"
    >
      <span>
        <span className="font-semibold">{t(`stock.badge.${status}`)}</span>
        <span className="text-gray-600"> · {meaning}</span>
      </span>
    </p>
  );
}
