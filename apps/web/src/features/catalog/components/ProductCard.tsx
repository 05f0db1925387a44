import { memo, useId, useRef, useState } from 'react';
import { useFixedT } from '@/lib/fixed-t';
import { cn } from '@/components/ui/cn';
import { pictureSrcSet, thumbnailUrl, type TProductSummary } from '../api/types';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { initialQuantity, meetsOrderRules } from '../lib/quantity';
import { chosenStock } from '../lib/style-stock';
import { initialType, resolveType } from '../lib/type-selection';
import { FavoriteButton } from './FavoriteButton';
import { Labels } from './Labels';
import { CardTiers } from './PriceTiers';
import { Price } from './Price';
import { StockBadge } from './StockStatus';
import { QuantityStepper } from '@/components/ui/QuantityStepper';
import { SpriteIcon } from '@/components/ui/SpriteIcon';
import { useNearViewport } from '@/lib/near-viewport';

export function productPath(id: TProductSummary['id']): string {
  return `/product/${encodeURIComponent(String(id))}`;
}

/**
 * "MOQ 6 · in multiples of 3": the order rules a buyer should know before adding (docs/requirements.md, Data,
 * Product: moq). An order multiple is a pack size, not necessarily a carton: it is called what it is.
 */
export function OrderRules({
  moq,
  orderMultiple,
  quantity,
  id,
  className,
}: {
  moq: number;
  orderMultiple: number | null;
  quantity: number;
  id?: string;
  className?: string;
}) {
  const t = useFixedT('catalog');
  const parts: string[] = [];
  // MOQ 12 in multiples of 12 is just "in multiples of 12".
  if (moq > 1 && moq !== orderMultiple) parts.push(t('card.moq', { moq }));
  if (orderMultiple && orderMultiple > 1) parts.push(t('card.multiple', { n: orderMultiple }));
  if (parts.length === 0) return null;
  const ok = meetsOrderRules(quantity, moq, orderMultiple);
  return (
    <p id={id} className={cn('text-xs', ok ? 'text-gray-500' : 'font-medium text-amber-700', className)}>
      {parts.join(' · ')}
    </p>
  );
}

/** The stepper's box: the placeholder before it mounts takes exactly its place (no layout shift). */
const STEPPER_BOX = 'w-[7.125rem] shrink-0';

/**
 * One product of a list (docs/requirements.md, Screens): picture, labels, name (the detail opens in a new tab),
 * brand, price with discount, order rules, type selector, quantity stepper, add to cart and the
 * favourite heart. A page has 120 of them, so the controls stay cheap: the type select and the
 * stepper are rendered when the card comes near the screen (or at the first press of Add); until
 * then (on the server and while hydrating too) boxes of the same size show what they will hold.
 * Memoized: a list that grows step by step (lib/progressive.ts) or refetches renders only the
 * cards whose product changed (query results keep unchanged products as the same objects).
 */
export const ProductCard = memo(function ProductCard({ product, priority = false }: { product: TProductSummary; priority?: boolean }) {
  const t = useFixedT('catalog');
  const ids = { type: useId(), typeError: useId(), rules: useId() };
  const cardRef = useRef<HTMLElement>(null);
  const near = useNearViewport(cardRef);
  const [wanted, setWanted] = useState(false);
  const live = near || wanted;
  const [type, setType] = useState(() => initialType(product.types));
  const [typeError, setTypeError] = useState(false);
  const [quantity, setQuantity] = useState(() => initialQuantity(product.moq, product.orderMultiple));
  const typeRef = useRef<HTMLSelectElement>(null);
  const { add, isPending } = useAddToCart();
  const href = productPath(product.id);
  const types = product.types ?? [];
  // The badge follows the chosen style (docs/catalog.md, Stock); a style's label says when it is not plainly in stock.
  const stock = chosenStock(product, type);
  const styleName = (option: (typeof types)[number]) =>
    option.stockStatus && option.stockStatus !== 'in_stock'
      ? t('card.styleWith', { name: option.name, state: t(`stock.badge.${option.stockStatus}`) })
      : option.name;

  const onAdd = () => {
    const resolved = resolveType(types, type);
    if (!resolved.ok) {
      setWanted(true);
      setTypeError(true);
      // The select may only now be rendered: focus it after this render.
      requestAnimationFrame(() => typeRef.current?.focus());
      return;
    }
    void add({ itemId: product.id, type: resolved.type, quantity });
  };

  return (
    <article ref={cardRef} className="product-card" data-testid="product-card" data-product-id={product.id}>
      <div className="relative">
        <a href={href} target="_blank" rel="noopener" tabIndex={-1} aria-hidden="true" className="card-media">
          <img
            src={thumbnailUrl(product)}
            srcSet={pictureSrcSet(product)}
            sizes="(min-width: 1024px) 240px, (min-width: 640px) 30vw, 44vw"
            alt=""
            width={320}
            height={320}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="card-img"
          />
        </a>
        <Labels labels={product.labels ?? []} className="pointer-events-none absolute top-2 left-2 max-w-[70%]" />
        <FavoriteButton itemId={product.id} favorite={product.favorite} className="absolute top-2 right-2" />
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <a href={href} target="_blank" rel="noopener" title={product.name}>
            {product.name}
            <span className="sr-only"> {t('card.newTab')}</span>
          </a>
        </h3>
        {product.supplier?.name ? (
          <p className="card-brand" data-testid="card-brand">
            {product.supplier.name}
          </p>
        ) : null}
        <Price product={product} />
        <StockBadge status={stock.status} />
        <CardTiers product={product} />
        <OrderRules id={ids.rules} moq={product.moq} orderMultiple={product.orderMultiple} quantity={quantity} />
        <div className="card-controls">
          {types.length > 1 ? (
            live ? (
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
                  className={cn(
                    'card-select focus:border-brand-500 focus:outline-none',
                    typeError ? 'border-red-500' : 'border-gray-300',
                    !type && 'text-gray-500',
                  )}
                >
                  <option value="">{t('card.selectStyle')}</option>
                  {types.map((option) => (
                    // A sold-out style cannot be chosen here (the server would refuse it anyway).
                    <option
                      key={option.code}
                      value={option.code}
                      disabled={option.stockStatus === 'out_of_stock'}
                      data-stock={option.stockStatus}
                      className={option.stockStatus === 'out_of_stock' ? 'text-gray-400' : 'text-ink'}
                    >
                      {styleName(option)}
                    </option>
                  ))}
                </select>
                {typeError ? (
                  <p id={ids.typeError} role="alert" className="mt-1 text-xs font-medium text-red-600">
                    {t('card.selectTypeError')}
                  </p>
                ) : null}
              </div>
            ) : (
              <div aria-hidden="true" className="card-select flex items-center border-gray-300 text-gray-500">
                {t('card.selectStyle')}
              </div>
            )
          ) : types.length === 1 ? (
            <p className="truncate text-xs text-gray-600">
              {t('card.style')}: {styleName(types[0]!)}
            </p>
          ) : null}
          <div className="flex items-center gap-1.5">
            <div className={STEPPER_BOX}>
              {live ? (
                <QuantityStepper
                  size="sm"
                  value={quantity}
                  onChange={setQuantity}
                  orderMultiple={product.orderMultiple}
                  moq={product.moq}
                  describedBy={ids.rules}
                  labels={{ input: t('quantity.labelFor', { name: product.name }), decrease: t('quantity.decrease'), increase: t('quantity.increase') }}
                />
              ) : (
                <div aria-hidden="true" className="flex h-8 items-center justify-center rounded-md border border-gray-300 text-sm text-ink tabular-nums">
                  {quantity}
                </div>
              )}
            </div>
            <button
              type="button"
              onClick={onAdd}
              disabled={isPending}
              aria-busy={isPending}
              className="card-add"
              aria-label={t('card.addToCartFor', { name: product.name })}
            >
              <SpriteIcon name="cart" className="size-4" />
              <span className="hidden truncate xl:inline">{t('card.add')}</span>
            </button>
          </div>
        </div>
      </div>
    </article>
  );
});
