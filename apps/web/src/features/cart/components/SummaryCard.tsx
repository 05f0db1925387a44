import { useId, type ReactNode } from 'react';
import { CircleAlert, RotateCw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatVolume, formatWeight, ORDER_COMMENT_MAX, type TCartInfo, type TExpressFee } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { Spinner } from '@/components/ui/Spinner';
import { toMinor } from '../lib/checkout';

export type TFeeState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; reason: string | null } | { kind: 'ready'; fee: TExpressFee };

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong ? 'flex items-center justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold' : 'flex items-start justify-between gap-4'
      }
    >
      <dt className={strong ? 'text-ink' : 'text-gray-600'}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** Order summary (docs/requirements.md, Screens): counts, amounts, weights, the shipping quote, total, comment and the create-order button. */
export function SummaryCard({
  info,
  fee,
  comment,
  onComment,
  ruleMessages,
  canSubmit,
  submitting,
  onSubmit,
  banner,
  notice,
  onRetry,
  onDismissBanner,
  missing,
}: {
  info: TCartInfo | undefined;
  fee: TFeeState;
  comment: string;
  onComment: (value: string) => void;
  ruleMessages: string[];
  canSubmit: boolean;
  submitting: boolean;
  onSubmit: () => void;
  banner: string | null;
  /** What the order's refusal asks of the buyer when it is not a plain error (not enough stock: StockRefusal). */
  notice?: ReactNode;
  onRetry: () => void;
  onDismissBanner: () => void;
  missing: string | null;
}) {
  const { t } = useTranslation('cart');
  const commentId = useId();
  const hintId = useId();
  const money = (v: number) => (info ? formatMoney(toMinor(v), info.currency) : '');

  return (
    <Card title={t('summary.title')}>
      {!info ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-4 w-full" />
          ))}
        </div>
      ) : (
        <dl className="space-y-2 text-sm" data-testid="order-summary">
          <Row label={t('summary.itemCount')}>
            {t('summary.itemCountValue', { lines: t('summary.lines', { count: info.lineCount }), pieces: t('summary.pcs', { count: info.pieceCount }) })}
          </Row>
          <Row label={t('summary.itemAmount')}>
            <span data-testid="goods-amount">{money(fee.kind === 'ready' ? fee.fee.goodsAmount : info.goodsAmount)}</span>
            {info.discount > 0 ? <span className="block text-xs text-brand-700">{t('summary.saved', { amount: money(info.discount) })}</span> : null}
            {info.tierSaving > 0 ? (
              <span className="block text-xs text-emerald-700" data-testid="tier-saving-total">
                {t('tiers.savedTotal', { amount: money(info.tierSaving) })}
              </span>
            ) : null}
          </Row>
          <Row label={t('summary.grossWeight')}>{formatWeight(info.totalGw)}</Row>
          <Row label={t('summary.volume')}>{formatVolume(info.totalVolume)}</Row>
          <Row label={t('summary.volumeWeight')}>{formatWeight(info.totalVolumeWeight)}</Row>
          <Row label={t('summary.shipping')}>
            {fee.kind === 'idle' ? (
              <span className="text-gray-500">{t('summary.feeIdle')}</span>
            ) : fee.kind === 'loading' ? (
              <span className="inline-flex items-center gap-1 text-gray-500" aria-live="polite">
                <Spinner className="size-3.5" />
                {t('summary.feeLoading')}
              </span>
            ) : fee.kind === 'error' ? (
              <span className="text-red-700">{t('summary.feeUnavailable')}</span>
            ) : fee.fee.freeShipping ? (
              <span data-testid="shipping-fee">
                <s className="mr-1 text-gray-600">{money(fee.fee.base)}</s>
                <span className="font-medium text-green-800">{t('summary.freeShipping')}</span>
                {fee.fee.base > 0 ? <span className="block text-xs text-green-800">{t('summary.saved', { amount: money(fee.fee.base) })}</span> : null}
              </span>
            ) : (
              <span data-testid="shipping-fee" className="font-medium">
                {money(fee.fee.freight)}
              </span>
            )}
          </Row>
          {fee.kind === 'error' && fee.reason ? <p className="text-xs text-red-700">{fee.reason}</p> : null}
          {fee.kind === 'ready' && fee.fee.surcharge > 0 ? (
            <Row label={t('summary.surchargeLine', { method: fee.fee.payMethod?.name ?? '', percent: fee.fee.surchargePercent })}>
              <span data-testid="payment-surcharge">{money(fee.fee.surcharge)}</span>
            </Row>
          ) : null}
          {fee.kind === 'ready' ? (
            <div className="rounded-md bg-gray-50 px-3 py-2 text-xs text-gray-600" data-testid="shipping-breakdown">
              <div className="flex justify-between gap-2">
                <span>{t('summary.route', { method: fee.fee.expressMethod.name, zone: fee.fee.zone.name })}</span>
              </div>
              <div className="flex justify-between gap-2">
                <span>{t('summary.chargeableWeight')}</span>
                <span className="tabular-nums">{formatWeight(fee.fee.chargeableWeight)}</span>
              </div>
              <div className="flex justify-between gap-2">
                <span>{t('summary.transit')}</span>
                <span>{t('shipping.days', { min: fee.fee.transitDays.min, max: fee.fee.transitDays.max })}</span>
              </div>
            </div>
          ) : null}
          {info.freeShippingThreshold !== null && !info.freeShipping && info.lineCount > 0 ? (
            <p className="text-xs text-gray-600">
              {t('summary.freeShippingHint', {
                amount: money(Math.max(0, info.freeShippingThreshold - info.goodsAmount)),
                threshold: money(info.freeShippingThreshold),
              })}
            </p>
          ) : null}
          <Row label={t('summary.grandTotal')} strong>
            <span data-testid="grand-total" className="text-brand-700">
              {money(fee.kind === 'ready' ? fee.fee.grandTotal : info.goodsAmount)}
            </span>
            {fee.kind !== 'ready' ? <span className="block text-xs font-normal text-gray-500">{t('summary.excludingShipping')}</span> : null}
          </Row>
        </dl>
      )}

      <div className="mt-4">
        <label htmlFor={commentId} className="mb-1 block text-sm font-medium text-gray-700">
          {t('summary.comment')}
        </label>
        <textarea
          id={commentId}
          rows={3}
          maxLength={ORDER_COMMENT_MAX}
          value={comment}
          onChange={(e) => onComment(e.target.value)}
          placeholder={t('summary.commentPlaceholder')}
          className="block w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none sm:text-sm"
        />
      </div>

      {ruleMessages.length ? (
        <div role="alert" className="mt-3 space-y-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="moq-error">
          {ruleMessages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}

      {notice}

      {banner ? (
        <div
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
          data-testid="order-error-banner"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 flex-1 space-y-2">
            <p className="break-words">{banner}</p>
            <Button size="sm" variant="secondary" onClick={onRetry} disabled={submitting}>
              <RotateCw aria-hidden="true" className="size-3.5" />
              {t('order.retry')}
            </Button>
          </div>
          <button type="button" onClick={onDismissBanner} aria-label={t('order.dismiss')} className="rounded p-0.5 text-red-700 hover:bg-red-100">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}

      <button
        type="button"
        onClick={onSubmit}
        disabled={!canSubmit}
        aria-busy={submitting || undefined}
        aria-describedby={missing ? hintId : undefined}
        className="mt-4 inline-flex h-11 w-full items-center justify-center gap-2 rounded-md bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-300"
      >
        {submitting ? <Spinner className="size-4" /> : null}
        {submitting ? t('summary.submitting') : t('summary.createOrder')}
      </button>
      {missing ? (
        <p id={hintId} className="mt-2 text-xs text-gray-500">
          {missing}
        </p>
      ) : null}
    </Card>
  );
}
