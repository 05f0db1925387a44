import { useTranslation } from 'react-i18next';
import { PAYMENT_RECORD_METHODS, type TPaymentRecordMethod } from '@cubeshop/shared';

// What the staff screens' forms share (orders, requests, customers).

/** A dense staff input or select. */
export const staffInput = 'h-8 rounded border border-gray-300 bg-white px-2 text-sm';

/** The sentence of a refused change (components/staff/server-error.ts, the one mapping). */
export { errorText } from './server-error';

/** How a payment or refund moved (form field `method`); it starts at the order's own way of paying. */
export function PaymentMethodField({ defaultValue = 'bankTransfer' }: { defaultValue?: TPaymentRecordMethod }) {
  const { t } = useTranslation('staff');
  return (
    <label className="flex flex-col gap-0.5">
      <span className="text-xs text-gray-600">{t('order.method')}</span>
      <select name="method" className={staffInput} defaultValue={defaultValue}>
        {PAYMENT_RECORD_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`order.methods.${m}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The bank's or provider's reference of a payment or refund (form field `reference`). */
export function PaymentReferenceField() {
  const { t } = useTranslation('staff');
  return (
    <label className="flex flex-col gap-0.5">
      <span className="text-xs text-gray-600">{t('order.reference')}</span>
      <input name="reference" maxLength={100} className={staffInput} />
    </label>
  );
}
