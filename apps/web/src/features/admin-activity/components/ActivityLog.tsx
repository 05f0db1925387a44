import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuditChange, useAuditActionLabel } from '@/components/audit/AuditChange';
import { humanize } from '@/components/audit/audit-format';
import { StaffPager } from '@/components/staff/StaffPager';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { getLocale } from '@/lib/locale';
import { useAudit } from '../api/get-audit';

const stamp = (iso: string) =>
  new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

/** /admin/activity: who changed what and when, across the back office (owner). */
export function ActivityLog() {
  const { t } = useTranslation('backoffice');
  const actionLabel = useAuditActionLabel();
  /** What a change was made to, in words ("Shipping rate dhl × eu"); an entity without a label reads as its humanised name. */
  const entityLabel = (entity: string, id: string) => {
    if (entity === 'item' && id === 'import') return t('audit.entity.itemImport');
    const shown = id.replace('|', ' × ');
    return /^[a-z_]+$/.test(entity) ? t(`audit.entity.${entity}`, { id: shown, defaultValue: `${humanize(entity)} ${shown}` }) : `${humanize(entity)} ${shown}`;
  };
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const log = useAudit(page);
  if (log.isError && !log.data) return <QueryError error={log.error} onRetry={() => void log.refetch()} message={t('activity.loadFailed')} />;
  if (!log.data) return <Spinner className="mx-auto size-6" label="…" />;
  const pages = Math.max(1, Math.ceil(log.data.pager.recTotal / log.data.pager.recPerPage));
  return (
    <section aria-labelledby="activity-title" className="space-y-2">
      <h1 id="activity-title" className="text-lg font-semibold text-ink">
        {t('activity.title')}
      </h1>
      {log.data.data.length === 0 ? (
        <p className="rounded border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-gray-600">{t('activity.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-100 text-xs text-gray-700">
              <tr>
                {(['time', 'who', 'what', 'on', 'change'] as const).map((c) => (
                  <th key={c} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                    {t(`activity.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.data.data.map((a) => {
                return (
                  <tr key={a.id} className="border-t border-gray-100 align-top">
                    <td className="px-2 py-1 whitespace-nowrap tabular-nums">{stamp(a.time)}</td>
                    <td className="px-2 py-1 whitespace-nowrap">
                      {a.actor.name}
                      {a.actor.role ? <span className="ml-1 text-xs text-gray-500">{t(`nav.role.${a.actor.role}`)}</span> : null}
                    </td>
                    <td className="px-2 py-1 whitespace-nowrap">{actionLabel(a.action)}</td>
                    <td className="px-2 py-1 whitespace-nowrap">
                      {a.entity === 'order' ? (
                        <Link to={`/admin/orders/${a.entityId}`} className="text-brand-700 tabular-nums hover:underline">
                          {a.entityId}
                        </Link>
                      ) : a.entity === 'customer' ? (
                        <Link to={`/admin/customers/${a.entityId}`} className="text-brand-700 tabular-nums hover:underline">
                          {t('nav.customers')} {a.entityId}
                        </Link>
                      ) : a.entity === 'item' && /^\d+$/.test(a.entityId) ? (
                        <Link to={`/admin/items/${a.entityId}`} className="text-brand-700 hover:underline">
                          {t('audit.entity.item', { id: a.entityId })}
                        </Link>
                      ) : (
                        entityLabel(a.entity, a.entityId)
                      )}
                    </td>
                    <td className="min-w-[16rem] px-2 py-1">
                      <AuditChange entry={a} />
                      {a.note ? <span className="ml-1 text-xs text-gray-600">“{a.note}”</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <StaffPager page={page} pages={pages} onPage={(p) => setParams({ page: String(p) })} />
    </section>
  );
}
