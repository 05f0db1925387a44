import { useFixedT } from '@/lib/fixed-t';
import type { TCurrency } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { getLocale } from '@/lib/locale';
import { priceView } from '../lib/price';

export interface PriceProps {
  product: { price: number; discountPrice?: number | null; discountPercent?: number | null; currency: TCurrency };
  size?: 'sm' | 'lg';
  className?: string;
}

/** What the buyer pays, the struck list price and the discount badge when discounted (docs/requirements.md, Screens and Constants). */
export function Price({ product, size = 'sm', className }: PriceProps) {
  const t = useFixedT('catalog');
  const view = priceView(product, getLocale());
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      {view.original ? <span className="sr-only">{t('price.now')}</span> : null}
      <span className={cn('font-bold text-brand-600 tabular-nums', size === 'lg' ? 'text-3xl' : 'text-base')} data-testid="price">
        {view.current}
      </span>
      {view.original ? (
        <>
          <span className="sr-only">{t('price.was')}</span>
          <s className={cn('text-gray-500 tabular-nums', size === 'lg' ? 'text-base' : 'text-xs')} data-testid="original-price">
            {view.original}
          </s>
        </>
      ) : null}
      {view.badge ? (
        <span
          className={cn('rounded bg-brand-600 font-semibold text-white', size === 'lg' ? 'px-2 py-0.5 text-sm' : 'px-1.5 text-[11px] leading-5')}
          data-testid="discount-badge"
        >
          {view.badge}
        </span>
      ) : null}
    </p>
  );
}
