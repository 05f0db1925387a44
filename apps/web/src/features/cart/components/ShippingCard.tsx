import { useTranslation } from 'react-i18next';
import { formatMoney, type TExpressChoice, type TExpressMethodOption, type TPaymentMethodOption } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { cn } from '@/components/ui/cn';
import { toMinor } from '../lib/checkout';

interface Choice {
  id: string;
  name: string;
  note: string | null;
  /** Why this choice cannot be taken (it is shown and disabled). */
  unavailable?: string | undefined;
}

function ChoiceGroup({
  legend,
  name,
  choices,
  value,
  onChange,
  state,
  empty,
  onRetry,
}: {
  legend: string;
  name: string;
  choices: Choice[];
  value: string;
  onChange: (id: string) => void;
  state: 'idle' | 'loading' | 'error' | 'ready';
  empty: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('cart');
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-700">{legend}</legend>
      {state === 'loading' ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : state === 'error' ? (
        <div className="flex items-center gap-2 text-sm text-gray-700">
          <span role="alert">{t('errors.loadFailed')}</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : choices.length === 0 ? (
        <p className="text-sm text-gray-500">{empty}</p>
      ) : (
        <div className="space-y-1.5">
          {choices.map((choice) => (
            <label
              key={choice.id}
              data-testid={`choice-${choice.id}`}
              className={cn(
                'flex items-center gap-2 rounded-md border px-3 py-2 text-sm',
                choice.unavailable ? 'cursor-not-allowed border-gray-200 bg-gray-50' : 'cursor-pointer',
                !choice.unavailable && (value === choice.id ? 'border-brand-500 bg-brand-50/50' : 'border-gray-200 hover:border-gray-300'),
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.id}
                checked={value === choice.id}
                disabled={Boolean(choice.unavailable)}
                onChange={() => {
                  if (!choice.unavailable) onChange(choice.id);
                }}
                className="size-4 shrink-0 accent-brand-600"
              />
              {/* The note (price · days) sits beside the name while both fit, under it when they do not: never over it. */}
              <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <span className="min-w-0 break-words">
                  <span className={cn('block font-medium', choice.unavailable ? 'text-gray-600' : 'text-ink')}>{choice.name}</span>
                  {choice.unavailable ? <span className="block text-xs text-gray-600">{choice.unavailable}</span> : null}
                </span>
                {choice.note ? <span className="text-xs text-gray-600">{choice.note}</span> : null}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** Shipping and payment card (docs/requirements.md, Screens): methods for the selected address's region, payment methods. */
export function ShippingCard({
  hasAddress,
  methods,
  quotes,
  methodsState,
  method,
  onMethod,
  onRetryMethods,
  payments,
  paymentsState,
  payment,
  onPayment,
  onRetryPayments,
}: {
  hasAddress: boolean;
  methods: TExpressMethodOption[];
  /** Every method's quote for this cart (GET /api/cart/info/express-fees), once known. */
  quotes?: TExpressChoice[] | undefined;
  methodsState: 'idle' | 'loading' | 'error' | 'ready';
  method: string;
  onMethod: (id: string) => void;
  onRetryMethods: () => void;
  payments: TPaymentMethodOption[];
  paymentsState: 'idle' | 'loading' | 'error' | 'ready';
  payment: string;
  onPayment: (id: string) => void;
  onRetryPayments: () => void;
}) {
  const { t } = useTranslation('cart');
  return (
    <Card title={t('shipping.title')}>
      <div className="space-y-4">
        {hasAddress ? (
          <ChoiceGroup
            legend={t('shipping.method')}
            name="expressMethod"
            value={method}
            onChange={onMethod}
            state={methodsState}
            empty={t('shipping.noMethods')}
            onRetry={onRetryMethods}
            choices={methods.map((m) => {
              const days = m.transitDays ? t('shipping.days', { min: m.transitDays.min, max: m.transitDays.max }) : null;
              const quote = quotes?.find((q) => q.id === m.id);
              if (quote && !quote.available) return { id: m.id, name: m.name, note: null, unavailable: quote.reason?.message ?? t('shipping.unavailable') };
              const fee = quote?.fee;
              const price = fee ? (fee.freeShipping ? t('summary.freeShipping') : formatMoney(toMinor(fee.freight), fee.currency)) : null;
              return { id: m.id, name: m.name, note: [price, days].filter(Boolean).join(' · ') || null };
            })}
          />
        ) : (
          <div>
            <p className="mb-1 text-sm font-medium text-gray-700">{t('shipping.method')}</p>
            <p className="text-sm text-gray-500">{t('shipping.addressFirst')}</p>
          </div>
        )}
        <ChoiceGroup
          legend={t('shipping.payment')}
          name="payMethod"
          value={payment}
          onChange={onPayment}
          state={paymentsState}
          empty={t('shipping.noPayments')}
          onRetry={onRetryPayments}
          choices={payments.map((p) => ({
            id: p.id,
            name: p.name,
            note: p.surchargePercent > 0 ? t('shipping.surcharge', { percent: p.surchargePercent }) : null,
          }))}
        />
      </div>
    </Card>
  );
}
