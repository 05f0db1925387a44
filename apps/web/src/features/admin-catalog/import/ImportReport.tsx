import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORT_LIST_MAX, type TImportResult } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';

/**
 * What an import did or would do: the counts, every error by row and column (nothing is written
 * while there is one), and per row what changes; "Apply" after a clean dry run.
 */
export function ImportReport({ fileName, result, applied, onApply, onAnother }: { fileName: string; result: TImportResult; applied: boolean; onApply: () => void; onAnother: () => void }) {
  const { t } = useTranslation('catalogImport');
  const changing = result.created + result.updated;
  const errors = result.errors.length;
  return (
    <div className="space-y-3 rounded border border-gray-200 bg-white p-3" data-testid="import-report">
      <p role="status" className="text-sm font-medium text-ink" data-testid="import-summary">
        {applied ? t('result.applied', { name: fileName }) : errors ? t('result.refused', { name: fileName }) : t('result.dryRun', { name: fileName })}
      </p>
      <ul className="flex flex-wrap gap-2 text-sm">
        <li className="rounded bg-green-50 px-2 py-0.5 text-green-800" data-testid="count-created">{t('result.created', { count: result.created })}</li>
        <li className="rounded bg-blue-50 px-2 py-0.5 text-blue-800" data-testid="count-updated">{t('result.updated', { count: result.updated })}</li>
        <li className="rounded bg-gray-100 px-2 py-0.5 text-gray-700" data-testid="count-unchanged">{t('result.unchanged', { count: result.unchanged })}</li>
        {errors ? (
          <li className="rounded bg-red-50 px-2 py-0.5 text-red-800" data-testid="count-errors">
            {t('result.errors', { count: errors })}
          </li>
        ) : null}
      </ul>

      <div className="flex flex-wrap items-center gap-2">
        {!applied && !errors && changing > 0 ? (
          <Button size="sm" onClick={onApply} data-testid="import-apply">
            {t('result.apply', { count: changing })}
          </Button>
        ) : null}
        {!applied && !errors && changing === 0 ? <span className="text-sm text-gray-600">{t('result.nothing')}</span> : null}
        {errors ? <span className="text-sm text-red-800">{t('result.fixFirst')}</span> : null}
        <Button size="sm" variant="secondary" onClick={onAnother}>
          {t('result.another')}
        </Button>
      </div>

      {errors ? (
        <div className="space-y-1">
          <h3 className="text-sm font-medium text-ink">{t('errors.title')}</h3>
          {errors >= IMPORT_LIST_MAX ? <p className="text-xs text-gray-600">{t('result.first', { count: IMPORT_LIST_MAX })}</p> : null}
          <div className="max-h-96 overflow-auto rounded border border-red-200">
            <table className="w-full text-left text-sm" data-testid="import-errors">
              <thead className="sticky top-0 bg-red-50 text-xs text-red-900">
                <tr>
                  <th scope="col" className="px-2 py-1 font-medium">{t('errors.row')}</th>
                  <th scope="col" className="px-2 py-1 font-medium">{t('errors.column')}</th>
                  <th scope="col" className="px-2 py-1 font-medium">{t('errors.message')}</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((e, i) => (
                  <tr key={i} className="border-t border-red-100">
                    <td className="px-2 py-0.5 tabular-nums">{e.row}</td>
                    <td className="px-2 py-0.5 font-mono text-xs">{e.column || '—'}</td>
                    <td className="px-2 py-0.5">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}

      {result.changes.length ? (
        <div className="space-y-1">
          <h3 className="text-sm font-medium text-ink">{t('changes.title')}</h3>
          {changing > result.changes.length ? <p className="text-xs text-gray-600">{t('result.first', { count: result.changes.length })}</p> : null}
          <div className="max-h-96 overflow-auto rounded border border-gray-200">
            <table className="w-full text-left text-sm" data-testid="import-changes">
              <thead className="sticky top-0 bg-gray-100 text-xs text-gray-700">
                <tr>
                  <th scope="col" className="px-2 py-1 font-medium">{t('changes.row')}</th>
                  <th scope="col" className="px-2 py-1 font-medium">{t('changes.id')}</th>
                  <th scope="col" className="px-2 py-1 font-medium">{t('changes.action')}</th>
                  <th scope="col" className="px-2 py-1 font-medium">{t('changes.fields')}</th>
                </tr>
              </thead>
              <tbody>
                {result.changes.map((c) => (
                  <tr key={c.row} className="border-t border-gray-100">
                    <td className="px-2 py-0.5 tabular-nums">{c.row}</td>
                    <td className="px-2 py-0.5 tabular-nums">{c.id ? <Link to={`/admin/items/${c.id}`} className="text-brand-700 hover:underline">{c.id}</Link> : '—'}</td>
                    <td className="px-2 py-0.5">{t(`changes.${c.action}`)}</td>
                    <td className="px-2 py-0.5 font-mono text-xs break-words">{c.fields.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </div>
  );
}
