import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LayoutList, Rows3, Search, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CART_TOTAL_LINE_THRESHOLD, deliveryOf, MAX_CART_LINES, ORDER_ERROR_BANNER_MS, type TAddress, type TOrderCreate } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { isApiError } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { useCartInfo } from '../api/get-cart-info';
import { useCartItems } from '../api/get-cart-items';
import { useCreateOrder } from '../api/create-order';
import { useExpressFee, useExpressFees } from '../api/get-express-fee';
import { useExpressMethods } from '../api/get-express-methods';
import { usePaymentMethods } from '../api/get-payment-methods';
import { IdempotencyKeys, canCreateOrder, feeRequest, orderRuleMessages, stockShortLines, totalsKey, type TStockShortLine } from '../lib/checkout';
import { CartLines } from './CartLines';
import { ShippingCard } from './ShippingCard';
import { StockRefusal } from './StockRefusal';
import { SummaryCard, type TFeeState } from './SummaryCard';
import { useDebounced } from '@/lib/debounced';

function readCompact(): boolean {
  return readString(STORAGE_KEYS.cartCompactView) === 'true';
}

type LoadState = 'idle' | 'loading' | 'error' | 'ready';
const stateOf = (q: { isPending: boolean; isError: boolean; fetchStatus: string }, enabled = true): LoadState =>
  !enabled ? 'idle' : q.isError ? 'error' : q.isPending && q.fetchStatus !== 'idle' ? 'loading' : q.isPending ? 'idle' : 'ready';

/**
 * Cart and checkout (docs/requirements.md, Screens): title and search, the lines (cards on mobile, a table on
 * desktop), and the right column with delivery address, shipping and payment, and the order
 * summary with the create-order button. The delivery address belongs to features/addresses:
 * the route passes the chosen one (`address`, null while there is none) and its card, and
 * `quoteAction` (features/quotes: ask for a quote instead of ordering at the list prices).
 */
export function CartScreen({ address, addressCard, quoteAction }: { address: TAddress | null; addressCard: ReactNode; quoteAction?: ReactNode }) {
  const { t, i18n } = useTranslation('cart');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const enabled = !isAnonymous;

  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const [compact, setCompact] = useState(readCompact);
  const items = useCartItems(keyword, enabled);
  const info = useCartInfo(enabled);

  const methods = useExpressMethods(address?.deliveryRegionId);
  const payments = usePaymentMethods();
  const [paymentChoice, setPayment] = useState('');
  const payment = payments.data?.some((p) => p.id === paymentChoice) ? paymentChoice : '';
  // Every method quoted at once: each shows its fee, or why it cannot carry this cart and cannot be chosen.
  const all = feeRequest(address, '*', payment, info.data);
  const fees = useExpressFees(
    all && {
      deliveryRegionId: all.deliveryRegionId,
      deliveryPostalCode: all.deliveryPostalCode,
      payMethod: all.payMethod,
      totalGw: all.totalGw,
      totalVolumeWeight: all.totalVolumeWeight,
    },
    totalsKey(info.data),
  );
  const [methodChoice, setMethod] = useState('');
  const unavailable = fees.data?.some((m) => m.id === methodChoice && !m.available) ?? false;
  const method = methods.data?.some((m) => m.id === methodChoice) && !unavailable ? methodChoice : '';

  // The quote: asked again whenever address, method, payment or the cart totals change.
  const request = feeRequest(address, method, payment, info.data);
  const feeKey = totalsKey(info.data);
  const fee = useExpressFee(request, feeKey);
  const feeCalculated = request !== null && fee.isSuccess && !fee.isFetching;
  const feeState: TFeeState =
    request === null
      ? { kind: 'idle' }
      : fee.isError
        ? { kind: 'error', reason: isApiError(fee.error) && fee.error.status === 400 ? fee.error.desc : null }
        : feeCalculated
          ? { kind: 'ready', fee: fee.data }
          : { kind: 'loading' };
  const feeError = fee.isError ? fee.errorUpdatedAt : 0;
  useEffect(() => {
    if (feeError) toast.error(t('errors.feeFailed'));
  }, [feeError, t]);

  const [comment, setComment] = useState('');
  const [banner, setBanner] = useState<string | null>(null);
  // An order refused for stock: its short lines and when (the cart read after it is the fresh one).
  const [stockRefusal, setStockRefusal] = useState<{ lines: TStockShortLine[]; at: number } | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), ORDER_ERROR_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const lines = items.data?.data ?? [];
  // The rule check covers every line, not just the ones the search shows.
  const allLines = useCartItems('', enabled && keyword !== '');
  const ruleQuery = keyword === '' ? items : allLines;
  const ruleLines = ruleQuery.data?.data;
  const separator = i18n.language.startsWith('zh') ? '、' : ', ';
  const ruleMessages = useMemo(() => orderRuleMessages(ruleLines ?? [], (key, params) => t(key, params), separator), [ruleLines, t, separator]);

  const create = useCreateOrder();
  const keys = useRef(new IdempotencyKeys());
  const submittingRef = useRef(false);
  const lineCount = info.data?.lineCount ?? 0;
  const ready = canCreateOrder({ address, expressMethod: method, payMethod: payment, lineCount, feeCalculated, submitting: create.isPending });

  const missing = !address
    ? t('summary.missing.address')
    : !method
      ? t('summary.missing.method')
      : !payment
        ? t('summary.missing.payment')
        : lineCount === 0
          ? t('summary.missing.items')
          : null;

  const submit = async () => {
    if (submittingRef.current || !address || !ready) return;
    if (ruleMessages.length) {
      toast.warning(ruleMessages[0]!);
      return;
    }
    const payload: TOrderCreate = {
      expressMethod: method,
      payMethod: payment,
      ...deliveryOf(address),
      comment: comment.trim() || undefined,
    };
    const idempotencyKey = keys.current.keyFor(payload);
    submittingRef.current = true;
    setBanner(null);
    setStockRefusal(null);
    try {
      const created = await create.mutateAsync({ payload, idempotencyKey });
      keys.current.done();
      setComment('');
      toast.success(t('order.success'));
      const id = created.id;
      void navigate(id !== undefined && id !== null && String(id) !== '' ? `/order/${encodeURIComponent(String(id))}` : '/my-order');
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      // Refused for stock: the lines that are short, each with its fixes; not the generic banner.
      const short = isApiError(error) ? stockShortLines(error.details) : null;
      if (short) {
        setStockRefusal({ lines: short, at: Date.now() });
        void refreshAfterWrite(queryClient, queryKeys.cart.all);
        return;
      }
      const serverMessage = isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.desc ? error.desc : null;
      setBanner(serverMessage ?? t('order.failed'));
    } finally {
      submittingRef.current = false;
    }
  };

  const toggleCompact = () => {
    setCompact((v) => {
      writeString(STORAGE_KEYS.cartCompactView, String(!v));
      return !v;
    });
  };

  const emptyCart = info.data?.lineCount === 0 && keyword === '' && lines.length === 0 && !items.isPending;
  const CompactIcon = compact ? LayoutList : Rows3;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-ink">
          {t('title')}
          {info.data && info.data.lineCount > 0 ? <span className="ml-2 text-base font-normal text-gray-500">({info.data.lineCount})</span> : null}
        </h1>
        <div className="flex items-center gap-2">
          <div className="relative w-full sm:w-80">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              aria-label={t('searchLabel')}
              placeholder={t('searchPlaceholder')}
              className="h-10 w-full rounded-md border border-gray-300 bg-white pr-3 pl-9 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none sm:text-sm"
            />
          </div>
          <Button variant="secondary" onClick={toggleCompact} aria-pressed={compact} title={t('compactView')} className="px-3">
            <CompactIcon aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('compactView')}</span>
          </Button>
        </div>
      </div>

      {emptyCart ? (
        <Card className="py-12 text-center">
          <ShoppingCart aria-hidden="true" className="mx-auto size-12 text-gray-300" />
          <h2 className="mt-3 text-lg font-semibold text-ink">{t('empty.title')}</h2>
          <p className="mt-1 text-sm text-gray-600">{t('empty.text')}</p>
          <Link to="/" className="mt-4 inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
            {t('empty.continue')}
          </Link>
        </Card>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem] 2xl:grid-cols-[minmax(0,1fr)_24rem]">
          <Card title={t('items')} className="min-w-0">
            {items.isError && !items.data ? (
              <QueryError
                className="py-8"
                error={items.error}
                onRetry={() => void items.refetch()}
                retrying={items.isFetching}
                message={t('errors.cartFailed')}
                notFoundMessage={t('errors.cartFailed')}
              />
            ) : !items.data ? (
              <div className="space-y-3" aria-busy="true">
                {[0, 1, 2].map((row) => (
                  <div key={row} className="flex gap-3">
                    <Skeleton className="size-14 shrink-0" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-4 w-4/5" />
                      <Skeleton className="h-4 w-1/2" />
                    </div>
                  </div>
                ))}
              </div>
            ) : lines.length === 0 ? (
              <div className="py-8 text-center text-sm text-gray-600">
                <p>{t('noMatch', { keyword })}</p>
                <Button className="mt-3" variant="secondary" onClick={() => setSearch('')}>
                  {t('clearSearch')}
                </Button>
              </div>
            ) : (
              <div aria-busy={items.isFetching || undefined}>
                <CartLines lines={lines} compact={compact} />
                {lines.length > CART_TOTAL_LINE_THRESHOLD && info.data ? (
                  <p className="mt-3 border-t border-gray-100 pt-3 text-right text-sm text-gray-700" data-testid="total-lines">
                    {t('totalLine', { lines: t('lines', { count: info.data.lineCount }), pieces: t('pieces', { count: info.data.pieceCount }) })}
                  </p>
                ) : null}
                {lineCount >= MAX_CART_LINES ? <p className="mt-2 text-xs text-amber-700">{t('maxLines', { count: MAX_CART_LINES })}</p> : null}
              </div>
            )}
          </Card>

          <div className="space-y-4">
            {addressCard}
            <ShippingCard
              hasAddress={Boolean(address)}
              methods={methods.data ?? []}
              quotes={fees.data}
              methodsState={stateOf(methods, Boolean(address))}
              method={method}
              onMethod={setMethod}
              onRetryMethods={() => void methods.refetch()}
              payments={payments.data ?? []}
              paymentsState={stateOf(payments)}
              payment={payment}
              onPayment={setPayment}
              onRetryPayments={() => void payments.refetch()}
            />
            <SummaryCard
              info={info.data}
              fee={feeState}
              comment={comment}
              onComment={setComment}
              ruleMessages={ruleMessages}
              canSubmit={ready}
              submitting={create.isPending}
              onSubmit={() => void submit()}
              banner={banner}
              notice={
                stockRefusal ? (
                  <StockRefusal
                    shortLines={stockRefusal.lines}
                    lines={ruleLines ?? []}
                    fresh={ruleQuery.dataUpdatedAt >= stockRefusal.at}
                    onDismiss={() => setStockRefusal(null)}
                  />
                ) : null
              }
              onRetry={() => void submit()}
              onDismissBanner={() => setBanner(null)}
              missing={missing}
            />
            {quoteAction}
          </div>
        </div>
      )}
    </div>
  );
}
