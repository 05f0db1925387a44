import { useTranslation } from 'react-i18next';
import { discountBadge, formatMoney } from '@cubeshop/shared';
import { getCurrency } from '@/lib/currency';
import { getLocale } from '@/lib/locale';
import { supplierName, thumbnailUrl, toMinor, type TProductSummary } from '../api/types';

const LABEL_STYLE: Record<string, string> = {
  H: 'bg-brand-600 text-white',
  N: 'bg-emerald-600 text-white',
  D: 'bg-amber-500 text-white',
};

export function productPath(id: TProductSummary['id']): string {
  return `/product/${encodeURIComponent(String(id))}`;
}

/** One product in a list; the detail opens in a new tab (spec section 2). */
export function ProductCard({ product }: { product: TProductSummary }) {
  const { t } = useTranslation('catalog');
  const currency = product.currency ?? getCurrency();
  const discounted = (product.discountPercent ?? 0) > 0 && product.discountPrice !== null && product.discountPrice !== undefined;
  const supplier = supplierName(product.supplier);
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <a href={productPath(product.id)} target="_blank" rel="noopener" className="group block">
        <div className="relative aspect-square bg-gray-100">
          <img src={thumbnailUrl(product)} alt="" loading="lazy" className="size-full object-contain transition-transform group-hover:scale-105" />
          {product.labels?.length ? (
            <div className="absolute top-2 left-2 flex gap-1">
              {product.labels.map((label) => (
                <span key={label} title={t(`card.labels.${label}`, { defaultValue: label })} className={`rounded px-1.5 py-0.5 text-[10px] font-bold ${LABEL_STYLE[label] ?? 'bg-gray-700 text-white'}`}>
                  {label}
                </span>
              ))}
            </div>
          ) : null}
          {discounted ? (
            <span className="absolute top-2 right-2 rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">{discountBadge(product.discountPercent ?? 0, getLocale())}</span>
          ) : null}
        </div>
        <h3 className="line-clamp-2 px-3 pt-2 text-sm font-medium text-ink group-hover:text-brand-700">{product.name}</h3>
      </a>
      <div className="mt-auto px-3 pt-1 pb-3">
        {supplier ? <p className="truncate text-xs text-gray-500">{supplier}</p> : null}
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          {discounted ? (
            <>
              <span className="font-semibold text-brand-700">{formatMoney(toMinor(product.discountPrice ?? 0), currency)}</span>
              <s className="text-xs text-gray-400">{formatMoney(toMinor(product.price), currency)}</s>
            </>
          ) : (
            <span className="font-semibold text-brand-700">{formatMoney(toMinor(product.price), currency)}</span>
          )}
        </p>
      </div>
    </article>
  );
}
