import { useTranslation } from 'react-i18next';
import type { TAuditEntry, TCurrency } from '@cubeshop/shared';
import { createAuditFormatter } from './audit-format';

/** An audited action as staff read it ("Payment recorded"), in the staff member's language. */
export function useAuditActionLabel() {
  const { t } = useTranslation('staff');
  return (action: string) => t(`order.action.${action.replace('.', '_')}`, { defaultValue: action });
}

/**
 * What an audited change moved, in words in the staff member's language: "Payment status: Partly
 * paid → Paid", "Packed quantity: 25 → 24" (audit-format.ts). On the order page, `currency` (the
 * order's) formats the order's money and `lineName` names the line a change is about.
 */
export function AuditChange({
  entry,
  currency,
  lineName,
}: {
  entry: Pick<TAuditEntry, 'before' | 'after'> & Partial<Pick<TAuditEntry, 'action'>>;
  currency?: TCurrency | undefined;
  lineName?: ((lineId: number) => string | undefined) | undefined;
}) {
  const { t, i18n } = useTranslation(['staff', 'orders']);
  const locale = i18n.language === 'zh' ? 'zh' : 'en';
  const { context, changes } = createAuditFormatter({ t, locale, currency, lineName })(entry);
  if (!context.length && !changes.length) return null;
  const colon = locale === 'zh' ? '：' : ': ';
  return (
    <div className="text-xs text-gray-700" data-testid="audit-change">
      {context.length ? (
        <p className="text-gray-600" data-testid="audit-context">
          {context.map((c) => `${c.label}${colon}${c.value}`).join(' · ')}
        </p>
      ) : null}
      <ul className="space-y-0.5">
        {changes.map((c, i) => (
          <li key={i} className="break-words">
            <span className="text-gray-600">
              {c.label}
              {colon}
            </span>
            {c.before !== undefined ? (
              <>
                <span>{c.before}</span> → <span className="font-medium text-ink">{c.after}</span>
              </>
            ) : (
              <span className="font-medium text-ink">{c.after}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
