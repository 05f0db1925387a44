import { useId, useState } from 'react';
import { Globe, PackageX, RefreshCw, RotateCcw, ShieldCheck, ShoppingCart, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RETURN_DAYS } from '@cubeshop/shared';
import { Breadcrumb } from '@/components/ui/Breadcrumb';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { isRetryableError } from '@/components/ui/QueryError';
import { cn } from '@/components/ui/cn';
import { idOf } from '@/lib/api';
import { isApiError } from '@/lib/api-client';
import { alertDialog } from '@/lib/stores/modal';
import { usePageTitle } from '@/lib/stores/title';
import { useItem } from '../api/get-item';
import type { TProductDetail } from '../api/types';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { productProperties } from '../lib/properties';
import { initialQuantity } from '../lib/quantity';
import { chosenStock, quantityLimit, type TChosenStock } from '../lib/style-stock';
import { initialType, resolveType } from '../lib/type-selection';
import { FavoriteButton } from './FavoriteButton';
import { Labels } from './Labels';
import { Price } from './Price';
import { StockLine } from './StockStatus';
import { TierTable } from './PriceTiers';
import { OrderRules } from './ProductCard';
import { ProductImages } from './ProductImages';
import { QuantityStepper } from '@/components/ui/QuantityStepper';

const categoryHref = (id: number) => `/products-by-category/${encodeURIComponent(String(id))}`;

/** Home, the category path and the name; while loading a placeholder, after a failure home only. */
function DetailBreadcrumb({ product, failed = false }: { product?: TProductDetail; failed?: boolean }) {
  const { t } = useTranslation('catalog');
  const home = { label: t('common:nav.home'), to: '/' };
  return product ? (
    <Breadcrumb
      label={t('detail.breadcrumb')}
      items={[home, ...product.categoryPath.map((c) => ({ key: c.id, label: c.name, to: categoryHref(c.id) })), { label: product.name }]}
    />
  ) : failed ? (
    <Breadcrumb label={t('detail.breadcrumb')} items={[home]} />
  ) : (
    <Breadcrumb label={t('detail.breadcrumb')} items={[home]} tail={<Skeleton className="inline-block h-4 w-40 align-middle" />} />
  );
}

function DetailSkeleton() {
  return (
    <div className="grid gap-6 rounded-lg border border-gray-200 bg-white p-4 md:grid-cols-2 md:p-6" aria-busy="true" data-testid="detail-loading">
      <Skeleton className="aspect-square w-full" />
      <div className="space-y-4">
        <Skeleton className="h-7 w-4/5" />
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-16 w-full" />
        <div className="flex flex-wrap gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-9 w-20" />
          ))}
        </div>
        <Skeleton className="h-10 w-32" />
        <div className="flex gap-3">
          <Skeleton className="h-11 flex-1" />
          <Skeleton className="h-11 w-32" />
        </div>
      </div>
    </div>
  );
}

/** What a style button says beside its name: sold out, pre-order, or how few are left. */
function StyleNote({ option }: { option: TProductDetail['types'][number] }) {
  const { t } = useTranslation('catalog');
  if (option.stockStatus === 'out_of_stock') return <span className="ml-0.5 text-xs font-normal text-gray-500">{t('detail.styleOut')}</span>;
  if (option.stockStatus === 'preorder') return <span className="ml-0.5 text-xs font-normal text-sky-700">{t('detail.stylePreorder')}</span>;
  if (option.stockStatus === 'low' && typeof option.available === 'number' && option.available > 0) {
    return <span className="ml-0.5 text-xs font-normal text-amber-700">{t('detail.styleLeft', { count: option.available })}</span>;
  }
  return null;
}

/**
 * Style buttons (each with its stock), quantity and add to cart. A choice with nothing to buy
 * (sold out, or fewer pieces than the minimum order) cannot be added and says why; a quantity
 * above what is left says how many there are and offers them (docs/catalog.md, Stock).
 */
function Purchase({
  product,
  type,
  onType,
  stock,
}: {
  product: TProductDetail;
  type: string | undefined;
  onType: (type: string | undefined) => void;
  stock: TChosenStock;
}) {
  const { t } = useTranslation('catalog');
  const ids = { quantity: useId(), rules: useId(), types: useId(), stock: useId() };
  const [quantity, setQuantity] = useState(() => initialQuantity(product.moq, product.orderMultiple));
  const { add, isPending } = useAddToCart();
  const limit = quantityLimit(product, stock);
  const soldOut = limit === 0;
  const over = limit !== null && limit > 0 && quantity > limit;
  const onAdd = () => {
    const resolved = resolveType(product.types, type);
    if (!resolved.ok) {
      void alertDialog({ type: 'warning', title: t('detail.selectTypeTitle'), message: t('detail.selectType') });
      return;
    }
    void add({ itemId: product.id, type: resolved.type, quantity });
  };
  return (
    <div className="space-y-4">
      {product.types.length > 0 ? (
        <div role="group" aria-labelledby={ids.types}>
          <p id={ids.types} className="mb-2 text-sm font-medium text-gray-700">
            {t('detail.style')}
          </p>
          <div className="flex flex-wrap gap-2">
            {product.types.map((option) => {
              const out = option.stockStatus === 'out_of_stock';
              return (
                <button
                  key={option.code}
                  type="button"
                  aria-pressed={type === option.code}
                  data-stock={option.stockStatus}
                  onClick={() => onType(type === option.code && product.types.length > 1 ? undefined : option.code)}
                  className={cn(
                    'min-h-9 rounded-md border px-3 py-1 text-sm transition-colors',
                    type === option.code
                      ? 'border-brand-600 bg-brand-50 font-medium text-brand-700 ring-1 ring-brand-600'
                      : out
                        ? 'border-dashed border-gray-300 bg-gray-50 text-gray-500 hover:border-gray-400'
                        : 'border-gray-300 bg-white text-gray-700 hover:border-gray-400',
                  )}
                >
                  <span className={cn(out && 'line-through decoration-gray-400')}>{option.name}</span> <StyleNote option={option} />
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
      <TierTable product={product} quantity={quantity} />
      <div>
        <label htmlFor={ids.quantity} className="mb-2 block text-sm font-medium text-gray-700">
          {t('detail.quantity')}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <QuantityStepper
            id={ids.quantity}
            value={quantity}
            onChange={setQuantity}
            orderMultiple={product.orderMultiple}
            moq={product.moq}
            describedBy={ids.rules}
            labels={{ input: t('quantity.label'), decrease: t('quantity.decrease'), increase: t('quantity.increase') }}
          />
          <OrderRules id={ids.rules} moq={product.moq} orderMultiple={product.orderMultiple} quantity={quantity} className="text-sm" />
        </div>
      </div>
      {soldOut ? (
        <p id={ids.stock} className="text-sm font-medium text-red-700" data-testid="stock-note">
          {t(type && product.types.length > 0 ? 'detail.styleSoldOut' : 'detail.soldOut')}
        </p>
      ) : over ? (
        <p id={ids.stock} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-amber-800" data-testid="stock-note">
          {t('detail.onlyAvailable', { count: limit })}
          <button type="button" onClick={() => setQuantity(limit)} className="rounded text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {t('detail.lowerTo', { count: limit })}
          </button>
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          onClick={onAdd}
          disabled={isPending || soldOut || over}
          aria-busy={isPending}
          aria-describedby={soldOut || over ? ids.stock : undefined}
          className="h-11 w-full text-base sm:w-auto sm:flex-1"
        >
          <ShoppingCart aria-hidden="true" className="size-5" />
          {t('detail.addToCart')}
        </Button>
        <FavoriteButton itemId={product.id} favorite={product.favorite} variant="full" />
      </div>
    </div>
  );
}

/**
 * What every order gets (docs/requirements.md, The shop and Constants): reassurance next to the buy button. The shipping
 * promise follows the choice's stock: a pre-order ships in 1-2 weeks, a sold-out one promises none.
 */
function Promises({ status }: { status: TChosenStock['status'] }) {
  const { t } = useTranslation('catalog');
  const shipping =
    status === 'preorder'
      ? [{ Icon: Truck, text: t('detail.promises.shippingPreorder') }]
      : status === 'out_of_stock'
        ? []
        : [{ Icon: Truck, text: t('detail.promises.shipping') }];
  const items = [
    ...shipping,
    { Icon: Globe, text: t('detail.promises.worldwide') },
    { Icon: RotateCcw, text: t('detail.promises.returns', { days: RETURN_DAYS }) },
    { Icon: ShieldCheck, text: t('detail.promises.certified') },
  ];
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-gray-100 pt-4 text-xs text-gray-600 sm:text-sm">
      {items.map(({ Icon, text }) => (
        <li key={text} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          {text}
        </li>
      ))}
    </ul>
  );
}

function Detail({ product }: { product: TProductDetail }) {
  const { t } = useTranslation('catalog');
  usePageTitle(product.name);
  const properties = productProperties(product);
  // The chosen style: the stock line, the buy button and the shipping promise follow it.
  const [type, setType] = useState(() => initialType(product.types));
  const stock = chosenStock(product, type);
  return (
    <>
      <div className="grid gap-6 rounded-lg border border-gray-200 bg-white p-4 md:grid-cols-2 md:p-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-10">
        <ProductImages product={product} />
        <div className="min-w-0 space-y-4">
          <div className="space-y-2">
            <Labels labels={product.labels} />
            <h1 className="text-xl leading-snug font-bold text-ink md:text-2xl">{product.name}</h1>
            <p className="text-sm text-gray-500">
              {product.supplier?.name ? (
                <>
                  {t('detail.brand')}: <span className="text-gray-700">{product.supplier.name}</span>
                  <span className="mx-2 text-gray-300">|</span>
                </>
              ) : null}
              {t('detail.itemNo')}: <span className="text-gray-700 tabular-nums">{product.id}</span>
            </p>
          </div>
          <div className="rounded-lg bg-brand-50/60 px-4 py-3">
            <Price product={product} size="lg" />
          </div>
          <StockLine status={stock.status} available={stock.available} />
          <Purchase key={product.id} product={product} type={type} onType={setType} stock={stock} />
          <Promises status={stock.status} />
        </div>
      </div>
      {properties.length > 0 ? (
        <Card title={t('detail.specifications')}>
          <dl className="grid gap-x-8 text-sm sm:grid-cols-2" data-testid="properties">
            {properties.map(({ key, value }) => (
              <div key={key} className="flex justify-between gap-4 border-b border-gray-100 py-2" data-property={key}>
                <dt className="shrink-0 text-gray-500">{t(`properties.${key}`)}</dt>
                <dd className="min-w-0 text-right break-words text-ink tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      {product.description ? (
        <Card title={t('detail.description')}>
          {/* Sanitized on the server (docs/catalog.md): only the server's HTML is set here. */}
          <div
            className="max-w-none text-sm leading-relaxed text-gray-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-ink [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_h3]:text-ink [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_strong]:font-semibold [&_strong]:text-ink [&_table]:my-3 [&_table]:w-full [&_td]:border [&_td]:border-gray-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-gray-200 [&_th]:bg-gray-50 [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5"
            data-testid="description"
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        </Card>
      ) : null}
    </>
  );
}

/**
 * Product detail (docs/requirements.md, Screens): breadcrumb (home, category path, name), pictures with a
 * click-to-enlarge preview, name and labels, prices, type buttons, quantity, add to cart,
 * favourite, the properties that are present, and the description; loading and error states.
 */
export function ProductDetailScreen() {
  const { t } = useTranslation('catalog');
  const item = useItem(idOf(useParams().id));
  const notFound = item.isError && isApiError(item.error) && (item.error.status === 404 || item.error.status === 400);
  return (
    <div className="space-y-4">
      <DetailBreadcrumb {...(item.data ? { product: item.data } : {})} failed={item.isError} />
      {item.data ? (
        <Detail key={item.data.id} product={item.data} />
      ) : item.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-gray-200 bg-white px-4 py-16 text-center">
          {notFound ? (
            <>
              <PackageX aria-hidden="true" className="size-12 text-gray-300" />
              <h1 className="text-lg font-semibold text-ink">{t('detail.notFound')}</h1>
              <p className="text-sm text-gray-600">{t('detail.notFoundText')}</p>
              <Link to="/" className="mt-2 inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
                {t('common:ui.backHome')}
              </Link>
            </>
          ) : isRetryableError(item.error) ? (
            <>
              <p className="text-gray-700">{t('detail.error')}</p>
              <Button variant="secondary" onClick={() => void item.refetch()} disabled={item.isFetching}>
                <RefreshCw aria-hidden="true" className={cn('size-4', item.isFetching && 'animate-spin')} />
                {t('common:ui.retry')}
              </Button>
            </>
          ) : (
            <>
              <p className="text-gray-700">{t('detail.error')}</p>
              <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
                {t('common:ui.backHome')}
              </Link>
            </>
          )}
        </div>
      ) : (
        <DetailSkeleton />
      )}
    </div>
  );
}
