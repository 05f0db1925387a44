import { useTranslation } from 'react-i18next';
import type { TAuditEntry } from '@cubeshop/shared';

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** An audited action as staff read it ("Payment recorded"), in the staff member's language. */
export function useAuditActionLabel() {
  const { t } = useTranslation('backoffice');
  return (action: string) => t(`order.action.${action.replace('.', '_')}`, { defaultValue: action });
}

/** The fields an audited change moved, as "field: before → after" (a field new in the change: "field: after"). */
export function AuditChange({ entry }: { entry: Pick<TAuditEntry, 'before' | 'after'> }) {
  const { before, after } = entry;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => show(before?.[k]) !== show(after?.[k]));
  if (!keys.length) return null;
  return (
    <span className="font-mono text-xs text-gray-700">
      {keys.map((k) => `${k}: ${before && k in before ? `${show(before[k])} → ` : ''}${show(after?.[k])}`).join('; ')}
    </span>
  );
}
