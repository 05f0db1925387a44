import { tierFor } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { useFixedT } from '@/lib/fixed-t';
import type { TProductSummary } from '../api/types';
import { formatAmount, tierViews } from '../lib/price';

type Tiered = Pick<TProductSummary, 'priceTiers' | 'currency'>;

/**
 * The quantity breaks on a list card (docs/catalog.md, Prices): one short line, "12+ ¥9.00 ·
 * 48+ ¥8.50", the first two breaks only (the detail has the table). Nothing without tiers.
 */
export function CardTiers({ product }: { product: Tiered }) {
  const t = useFixedT('catalog');
  const tiers = tierViews(product);
  if (tiers.length === 0) return null;
  // A narrow card cuts the line short: the title has it whole.
  const text = tiers
    .slice(0, 2)
    .map((tier) => t('tiers.short', { n: tier.minQuantity, price: tier.price }))
    .join(' · ');
  return (
    <p className="card-tiers" data-testid="card-tiers" title={text}>
      <span className="sr-only">{t('tiers.label')}: </span>
      {text}
    </p>
  );
}

/**
 * The quantity breaks on the detail: a small table (from n pieces: price a piece), the base row
 * first, the break the chosen quantity reaches marked, and what that quantity saves.
 */
export function TierTable({ product, quantity }: { product: Tiered & Pick<TProductSummary, 'price' | 'discountPrice'>; quantity: number }) {
  const t = useFixedT('catalog');
  const tiers = product.priceTiers ?? [];
  if (tiers.length === 0) return null;
  const base = product.discountPrice ?? product.price;
  const active = tierFor(quantity, tiers);
  const saving = active ? Math.round((base - active.price) * 100 * quantity) / 100 : 0;
  const rows = [{ minQuantity: 1, price: base }, ...tiers];
  return (
    <div data-testid="tier-table">
      <p className="mb-1.5 text-sm font-medium text-gray-700">{t('tiers.title')}</p>
      <table className="w-full max-w-sm text-sm tabular-nums">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('tiers.quantity')}</th>
            <th scope="col">{t('tiers.unitPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const on = active ? row.minQuantity === active.minQuantity : row.minQuantity === 1;
            return (
              <tr
                key={row.minQuantity}
                className={cn('border-b border-gray-100', on && 'bg-emerald-50 font-semibold text-emerald-800')}
                aria-current={on || undefined}
              >
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {t('tiers.from', { count: row.minQuantity })}
                </th>
                <td className="py-1 text-right">{formatAmount(row.price, product.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {saving > 0 ? (
        <p className="mt-1.5 text-sm text-emerald-700" data-testid="tier-saving">
          {t('tiers.saving', { amount: formatAmount(saving, product.currency), count: quantity })}
        </p>
      ) : null}
    </div>
  );
}
