import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney, PAYPAL_OUTCOMES, PAYPAL_PAY_METHOD_ID, type TOrderDetail, type TPayPalOutcome } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/SkeletonField';
import { isApiError } from '@/lib/api-client';
import { usePayPalConfig, useStartPayPal } from '../api/paypal';

const isOutcome = (v: string | null): v is TPayPalOutcome => (PAYPAL_OUTCOMES as readonly string[]).includes(v ?? '');

/**
 * How the trip to PayPal ended (/order/{id}?paypal=...), as the server's return URL told it. Paid,
 * or already paid (PayPal did not charge again: another tab paid, staff recorded a payment) are
 * good news; the rest ask the buyer to look (amountChanged: pay the new amount below).
 */
function Outcome({ outcome }: { outcome: TPayPalOutcome }) {
  const { t } = useTranslation('orders');
  const good = outcome === 'paid' || outcome === 'alreadyPaid';
  const Icon = good ? CircleCheck : outcome === 'failed' ? CircleAlert : Info;
  const tone = good
    ? 'border-green-200 bg-green-50 text-green-900'
    : outcome === 'failed'
      ? 'border-red-200 bg-red-50 text-red-900'
      : 'border-amber-200 bg-amber-50 text-amber-900';
  return (
    <div
      role={good ? 'status' : 'alert'}
      data-testid="paypal-outcome"
      data-outcome={outcome}
      className={`flex gap-2 rounded-lg border px-4 py-3 text-sm ${tone}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{t(`paypal.outcome.${outcome}`)}</p>
    </div>
  );
}

/**
 * The buyer's PayPal payment on the order page (docs/orders.md, PayPal): for an order paid by
 * PayPal with a balance, a button that sends the buyer to PayPal to approve the payment (the
 * server captures it when PayPal sends the buyer back); when the shop has no PayPal credentials,
 * the invoice-by-e-mail text instead. Also the notice of how the last trip to PayPal ended.
 */
export function PayPalPay({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const outcome = params.get('paypal');
  const due = order.payMethod.id === PAYPAL_PAY_METHOD_ID && order.status !== 'cancel' && order.balance > 0;
  const config = usePayPalConfig(due);
  const start = useStartPayPal();
  const amount = formatMoney(Math.round(order.balance * 100), order.currency);
  const redirecting = start.isPending || start.isSuccess;

  const pay = () =>
    start.mutate(order.id, {
      onSuccess: ({ approveUrl }) => window.location.assign(approveUrl),
    });

  return (
    <>
      {isOutcome(outcome) ? <Outcome outcome={outcome} /> : null}
      {due && config.data?.online ? (
        <Card title={t('paypal.title')}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="paypal-pay">
            <p className="text-sm text-gray-700">{t('paypal.intro', { amount })}</p>
            <Button onClick={pay} disabled={redirecting} aria-busy={redirecting || undefined} className="shrink-0">
              {redirecting ? t('paypal.redirecting') : t('paypal.button')}
            </Button>
          </div>
          {start.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {isApiError(start.error) && start.error.kind === 'http' ? start.error.desc : t('paypal.startFailed')}
            </p>
          ) : null}
        </Card>
      ) : due && config.data ? (
        <Card title={t('paypal.invoiceTitle')}>
          <p className="text-sm text-gray-700" data-testid="paypal-invoice">
            {t('paypal.invoice', { amount })}
          </p>
        </Card>
      ) : null}
    </>
  );
}
