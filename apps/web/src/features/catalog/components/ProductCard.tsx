import { useId, useRef, useState } from 'react';
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { thumbnailUrl, type TProductSummary } from '../api/types';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { initialQuantity, meetsOrderRules } from '../lib/quantity';
import { initialType, resolveType } from '../lib/type-selection';
import { FavoriteButton } from './FavoriteButton';
import { Labels } from './Labels';
import { Price } from './Price';
import { QuantityStepper } from '@/components/ui/QuantityStepper';

export function productPath(id: TProductSummary['id']): string {
  return `/product/${encodeURIComponent(String(id))}`;
}

/** "MOQ 6 · multiples of 3": the order rules a buyer should know before adding (spec section 3, moq). */
export function OrderRules({ moq, orderMultiple, quantity, id, className }: { moq: number; orderMultiple: number | null; quantity: number; id?: string; className?: string }) {
  const { t } = useTranslation('catalog');
  const parts: string[] = [];
  if (moq > 1) parts.push(t('card.moq', { moq }));
  if (orderMultiple && orderMultiple > 1 && orderMultiple !== moq) parts.push(t('card.multiple', { n: orderMultiple }));
  else if (orderMultiple && orderMultiple > 1) parts.push(t('card.perCarton'));
  if (parts.length === 0) return null;
  const ok = meetsOrderRules(quantity, moq, orderMultiple);
  return (
    <p id={id} className={cn('text-xs', ok ? 'text-gray-500' : 'font-medium text-amber-700', className)}>
      {parts.join(' · ')}
    </p>
  );
}

/**
 * One product of a list (spec section 2): picture, labels, name (the detail opens in a new tab),
 * brand, price with discount, order rules, type selector, quantity stepper, add to cart and the
 * favourite heart.
 */
export function ProductCard({ product, priority = false }: { product: TProductSummary; priority?: boolean }) {
  const { t } = useTranslation('catalog');
  const ids = { type: useId(), typeError: useId(), rules: useId() };
  const [type, setType] = useState(() => initialType(product.types));
  const [typeError, setTypeError] = useState(false);
  const [quantity, setQuantity] = useState(() => initialQuantity(product.moq, product.orderMultiple));
  const typeRef = useRef<HTMLSelectElement>(null);
  const { add, isPending } = useAddToCart();
  const href = productPath(product.id);
  const types = product.types ?? [];

  const onAdd = () => {
    const resolved = resolveType(types, type);
    if (!resolved.ok) {
      setTypeError(true);
      typeRef.current?.focus();
      return;
    }
    void add({ itemId: product.id, type: resolved.type, quantity });
  };

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white transition-shadow hover:shadow-md" data-testid="product-card" data-product-id={product.id}>
      <div className="relative">
        <a href={href} target="_blank" rel="noopener" tabIndex={-1} aria-hidden="true" className="group block bg-white">
          <img
            src={thumbnailUrl(product)}
            alt=""
            width={320}
            height={320}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className="aspect-square w-full object-contain p-2 transition-transform duration-300 group-hover:scale-[1.03]"
          />
        </a>
        <Labels labels={product.labels ?? []} className="pointer-events-none absolute top-2 left-2 max-w-[70%]" />
        <FavoriteButton itemId={product.id} favorite={product.favorite} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 border-t border-gray-100 p-2.5 sm:p-3">
        <h3 className="text-sm leading-5 font-medium text-ink">
          <a href={href} target="_blank" rel="noopener" className="line-clamp-2 min-h-10 hover:text-brand-700 hover:underline" title={product.name}>
            {product.name}
            <span className="sr-only"> {t('card.newTab')}</span>
          </a>
        </h3>
        {product.supplier?.name ? (
          <p className="truncate text-xs text-gray-500" data-testid="card-brand">
            {product.supplier.name}
          </p>
        ) : null}
        <Price product={product} />
        <OrderRules id={ids.rules} moq={product.moq} orderMultiple={product.orderMultiple} quantity={quantity} />
        <div className="mt-auto space-y-2 pt-1">
          {types.length > 1 ? (
            <div>
              <label htmlFor={ids.type} className="sr-only">
                {t('card.style')}
              </label>
              <select
                ref={typeRef}
                id={ids.type}
                value={type ?? ''}
                aria-invalid={typeError || undefined}
                aria-describedby={typeError ? ids.typeError : undefined}
                onChange={(e) => {
                  setType(e.target.value || undefined);
                  setTypeError(false);
                }}
                className={cn('h-8 w-full min-w-0 rounded-md border bg-white px-2 text-sm focus:border-brand-500 focus:outline-none', typeError ? 'border-red-500' : 'border-gray-300', !type && 'text-gray-500')}
              >
                <option value="">{t('card.selectStyle')}</option>
                {types.map((option) => (
                  <option key={option.code} value={option.code} className="text-ink">
                    {option.name}
                  </option>
                ))}
              </select>
              {typeError ? (
                <p id={ids.typeError} role="alert" className="mt-1 text-xs font-medium text-red-600">
                  {t('card.selectTypeError')}
                </p>
              ) : null}
            </div>
          ) : types.length === 1 ? (
            <p className="truncate text-xs text-gray-600">
              {t('card.style')}: {types[0]!.name}
            </p>
          ) : null}
          <div className="flex items-center gap-1.5">
            <QuantityStepper size="sm" value={quantity} onChange={setQuantity} orderMultiple={product.orderMultiple} moq={product.moq} describedBy={ids.rules} labels={{ input: t('quantity.labelFor', { name: product.name }), decrease: t('quantity.decrease'), increase: t('quantity.increase') }} />
            <button
              type="button"
              onClick={onAdd}
              disabled={isPending}
              aria-busy={isPending}
              className="inline-flex h-8 min-w-8 flex-1 items-center justify-center gap-1 rounded-md bg-brand-600 px-2 text-sm font-medium text-white hover:bg-brand-700 disabled:bg-brand-300"
              aria-label={t('card.addToCartFor', { name: product.name })}
            >
              <ShoppingCart aria-hidden="true" className="size-4 shrink-0" />
              <span className="hidden truncate xl:inline">{t('card.add')}</span>
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
