import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ZAuditQuery, type TAuditEntry } from '@cubeshop/shared';
import { AuditChange, useAuditActionLabel } from '@/components/audit/AuditChange';
import { humanize } from '@/components/audit/audit-format';
import { useListParams } from '@/components/staff/list-params';
import { StaffPager } from '@/components/staff/StaffPager';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { getLocale } from '@/lib/locale';
import { useAudit } from '../api/get-audit';

const stamp = (iso: string) =>
  new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

/** The staff page a change was made to, when it has one (an order, a buyer, a product). */
function pageOf(a: TAuditEntry): string | null {
  if (a.entity === 'order') return `/admin/orders/${a.entityId}`;
  if (a.entity === 'customer') return `/admin/customers/${a.entityId}`;
  if (a.entity === 'item' && /^\d+$/.test(a.entityId)) return `/admin/items/${a.entityId}`;
  return null;
}

const col = staffColumns<TAuditEntry>();

/**
 * /admin/activity: who changed what and when, across the back office (owner); the page (and a
 * thing's entries: ?entity=item&entityId=42) in the URL (ZAuditQuery). Enter opens the page of
 * what the active row changed.
 */
export function ActivityLog() {
  const { t } = useTranslation('staff');
  const actionLabel = useAuditActionLabel();
  const navigate = useNavigate();
  const list = useListParams(ZAuditQuery);
  const log = useAudit(list);
  const rows = useMemo(() => log.data?.data ?? [], [log.data]);

  const columns = useMemo(() => {
    /** What a change was made to, in words ("Shipping rate dhl × eu"); an entity without a label reads as its humanised name. */
    const entityLabel = (entity: string, id: string) => {
      if (entity === 'item' && id === 'import') return t('audit.entity.itemImport');
      const shown = id.replace('|', ' × ');
      return /^[a-z_]+$/.test(entity)
        ? t(`audit.entity.${entity}`, { id: shown, defaultValue: `${humanize(entity)} ${shown}` })
        : `${humanize(entity)} ${shown}`;
    };
    return col.columns([
      col.accessor('time', { header: t('activity.col.time'), meta: { className: 'whitespace-nowrap tabular-nums' }, cell: (c) => stamp(c.getValue()) }),
      col.accessor('actor', {
        id: 'who',
        header: t('activity.col.who'),
        meta: { className: 'whitespace-nowrap' },
        cell: (c) => (
          <>
            {c.getValue().name}
            {c.getValue().role ? <span className="ml-1 text-xs text-gray-500">{t(`nav.role.${c.getValue().role}`)}</span> : null}
          </>
        ),
      }),
      col.accessor('action', { id: 'what', header: t('activity.col.what'), meta: { className: 'whitespace-nowrap' }, cell: (c) => actionLabel(c.getValue()) }),
      col.display({
        id: 'on',
        header: t('activity.col.on'),
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row: { original: a } }) => {
          const to = pageOf(a);
          if (!to) return entityLabel(a.entity, a.entityId);
          return (
            <Link to={to} className="text-brand-700 tabular-nums hover:underline">
              {a.entity === 'order' ? a.entityId : a.entity === 'customer' ? `${t('nav.customers')} ${a.entityId}` : t('audit.entity.item', { id: a.entityId })}
            </Link>
          );
        },
      }),
      col.display({
        id: 'change',
        header: t('activity.col.change'),
        enableHiding: false,
        meta: { className: 'min-w-[16rem]' },
        cell: ({ row: { original: a } }) => (
          <>
            <AuditChange entry={a} />
            {a.note ? <span className="ml-1 text-xs text-gray-600">“{a.note}”</span> : null}
          </>
        ),
      }),
    ]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- actionLabel is a new function each render, made from the same t
  }, [t]);

  return (
    <section aria-labelledby="activity-title" className="space-y-2">
      <h1 id="activity-title" className="text-lg font-semibold text-ink">
        {t('activity.title')}
      </h1>
      <StaffTable
        label={t('activity.title')}
        columns={columns}
        rows={rows}
        rowId={(a) => String(a.id)}
        query={log}
        loadFailed={t('activity.loadFailed')}
        empty={t('activity.empty')}
        columnsKey="activity"
        resetOn={list.search}
        rowClassName={() => 'align-top'}
        onOpen={(a) => {
          const to = pageOf(a);
          if (to) void navigate(to);
        }}
      />
      <StaffPager pager={log.data?.pager} onPage={list.setPage} />
    </section>
  );
}
