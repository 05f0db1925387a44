import { useTranslation } from 'react-i18next';
import type { TStaffOrderDetail } from '@cubeshop/shared';
import { AuditChange, useAuditActionLabel } from '@/components/audit/AuditChange';
import { Section } from '@/components/staff/Section';
import { formatStamp } from './badges';

/** The order's audit trail: every staff change, newest first, in words (money in the order's currency, lines by name). */
export function HistoryCard({ detail }: { detail: TStaffOrderDetail }) {
  const { t } = useTranslation('staff');
  const actionLabel = useAuditActionLabel();
  const lines = new Map(detail.order.items.map((l) => [l.id, l.typeName ? `${l.name} (${l.typeName})` : l.name]));
  const lineName = (lineId: number) => lines.get(lineId);
  return (
    <Section title={t('order.history')}>
      {detail.audit.length === 0 ? (
        <p className="text-sm text-gray-600">{t('order.noHistory')}</p>
      ) : (
        <ol className="space-y-1.5 text-sm">
          {detail.audit.map((a) => (
            <li key={a.id} className="border-l-2 border-gray-200 pl-2">
              <div className="flex flex-wrap gap-x-2">
                <span className="font-medium">{actionLabel(a.action)}</span>
                <span className="text-gray-600">
                  {a.actor.name}
                  {a.actor.role ? ` · ${t(`nav.role.${a.actor.role}`)}` : ''}
                </span>
                <span className="text-xs text-gray-500 tabular-nums">{formatStamp(a.time)}</span>
              </div>
              <AuditChange entry={a} currency={detail.order.currency} lineName={lineName} />
              {a.note ? <p className="text-gray-700">“{a.note}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
