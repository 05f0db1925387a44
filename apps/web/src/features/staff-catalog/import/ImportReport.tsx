import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TImportResult } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';

const chip = 'rounded px-2 py-0.5';

/**
 * What an import did or would do, by the answer's status: a dry run (what the file would change,
 * every error by row and column; "Apply" when it is clean), an applied import (what was written)
 * or a refused one (red: nothing was written, and the errors that stopped it).
 */
export function ImportReport({
  fileName,
  result,
  onApply,
  onAnother,
}: {
  fileName: string;
  result: TImportResult;
  onApply: () => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation('catalogImport');
  const { status, planned, written } = result;
  const changing = planned.created + planned.updated;
  const errors = result.errorCount;
  const refused = status === 'refused';
  const applied = status === 'applied';
  return (
    <div
      className={cn('space-y-3 rounded border bg-white p-3', refused ? 'border-red-300' : applied ? 'border-green-300' : 'border-gray-200')}
      data-testid="import-report"
      data-status={status}
    >
      {refused ? (
        <div role="alert" className="space-y-1 rounded bg-red-50 p-2 text-red-900">
          <p className="text-sm font-semibold" data-testid="import-summary">
            {t('result.refusedApply', { name: fileName })}
          </p>
          <p className="text-sm">{t('result.refusedWhy', { count: errors })}</p>
        </div>
      ) : (
        <p role="status" className={cn('text-sm font-medium', applied ? 'rounded bg-green-50 p-2 text-green-900' : 'text-ink')} data-testid="import-summary">
          {applied ? t('result.applied', { name: fileName }) : errors ? t('result.refused', { name: fileName }) : t('result.dryRun', { name: fileName })}
        </p>
      )}

      <ul className="flex flex-wrap gap-2 text-sm">
        {status === 'dryRun' ? (
          <>
            <li className={cn(chip, 'bg-green-50 text-green-800')} data-testid="count-created">
              {t('result.created', { count: planned.created })}
            </li>
            <li className={cn(chip, 'bg-blue-50 text-blue-800')} data-testid="count-updated">
              {t('result.updated', { count: planned.updated })}
            </li>
            <li className={cn(chip, 'bg-gray-100 text-gray-700')} data-testid="count-unchanged">
              {t('result.unchanged', { count: planned.unchanged })}
            </li>
          </>
        ) : applied ? (
          <>
            <li className={cn(chip, 'bg-green-50 text-green-800')} data-testid="count-written-created">
              {t('result.writtenCreated', { count: written.created })}
            </li>
            <li className={cn(chip, 'bg-blue-50 text-blue-800')} data-testid="count-written-updated">
              {t('result.writtenUpdated', { count: written.updated })}
            </li>
            <li className={cn(chip, 'bg-gray-100 text-gray-700')} data-testid="count-unchanged">
              {t('result.unchanged', { count: planned.unchanged })}
            </li>
          </>
        ) : (
          <li className={cn(chip, 'bg-red-100 font-medium text-red-900')} data-testid="count-written">
            {t('result.writtenNone')}
          </li>
        )}
        {errors ? (
          <li className={cn(chip, 'bg-red-50 text-red-800')} data-testid="count-errors">
            {t('result.errors', { count: errors })}
          </li>
        ) : null}
      </ul>

      <div className="flex flex-wrap items-center gap-2">
        {status === 'dryRun' && !errors && changing > 0 ? (
          <Button size="sm" onClick={onApply} data-testid="import-apply">
            {t('result.apply', { count: changing })}
          </Button>
        ) : null}
        {status === 'dryRun' && !errors && changing === 0 ? <span className="text-sm text-gray-600">{t('result.nothing')}</span> : null}
        {applied && written.created + written.updated === 0 ? <span className="text-sm text-gray-600">{t('result.appliedNothing')}</span> : null}
        {status === 'dryRun' && errors ? <span className="text-sm text-red-800">{t('result.fixFirst')}</span> : null}
        <Button size="sm" variant="secondary" onClick={onAnother}>
          {t('result.another')}
        </Button>
      </div>

      {result.errors.length ? (
        <div className="space-y-1">
          <h3 className="text-sm font-medium text-ink">{t('errors.title')}</h3>
          {errors > result.errors.length ? <p className="text-xs text-gray-600">{t('result.first', { count: result.errors.length })}</p> : null}
          <div className="max-h-96 overflow-auto rounded border border-red-200">
            <table className="w-full text-left text-sm" data-testid="import-errors">
              <thead className="sticky top-0 bg-red-50 text-xs text-red-900">
                <tr>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('errors.row')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('errors.column')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('errors.message')}
                  </th>
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
          <h3 className="text-sm font-medium text-ink">{t(applied ? 'changes.titleApplied' : refused ? 'changes.titleRefused' : 'changes.title')}</h3>
          {changing > result.changes.length ? <p className="text-xs text-gray-600">{t('result.first', { count: result.changes.length })}</p> : null}
          <div className={cn('max-h-96 overflow-auto rounded border border-gray-200', refused && 'opacity-70')}>
            <table className="w-full text-left text-sm" data-testid="import-changes">
              <thead className="sticky top-0 bg-gray-100 text-xs text-gray-700">
                <tr>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('changes.row')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('changes.id')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('changes.action')}
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    {t('changes.fields')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.changes.map((c) => (
                  <tr key={c.row} className="border-t border-gray-100">
                    <td className="px-2 py-0.5 tabular-nums">{c.row}</td>
                    <td className="px-2 py-0.5 tabular-nums">
                      {c.id ? (
                        <Link to={`/admin/items/${c.id}`} className="text-brand-700 hover:underline">
                          {c.id}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
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
