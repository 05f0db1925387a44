import { useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TImportResult } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/Spinner';
import { catalogKeys } from '../api/catalog-staff';
import { CatalogTabs } from '../components/CatalogTabs';
import { downloadExport, downloadTemplate, exportFilters, importFile } from './sheets-api';
import { ImportReport } from './ImportReport';
import { refreshAfterWrite } from '@/lib/query-client';

/** After a check or an apply, the answer says what happened (result.status: dryRun, applied, refused). */
type Stage = { kind: 'idle' } | { kind: 'checking' | 'applying'; file: File } | { kind: 'done'; file: File; result: TImportResult };

/**
 * /admin/items/import: the catalog's spreadsheets (docs/catalog.md, Spreadsheets). Exports (CSV
 * or XLSX, with the product list's filters when opened from it), templates, and the import: a
 * file dropped or chosen is checked first (a dry run: counts, changes per row, every error by
 * row and column); "Apply" sends the same file again to be written, all or nothing: the report
 * then says it was applied (what was written) or refused (nothing written, the errors).
 */
export function ImportScreen() {
  const { t } = useTranslation('catalogImport');
  const [params] = useSearchParams();
  const filters = exportFilters(params);
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  async function check(file: File) {
    setStage({ kind: 'checking', file });
    try {
      setStage({ kind: 'done', file, result: await importFile(file, true) });
    } catch {
      setStage({ kind: 'idle' });
    }
  }
  async function apply() {
    if (stage.kind !== 'done' || stage.result.status !== 'dryRun') return;
    const { file } = stage;
    setStage({ kind: 'applying', file });
    try {
      // Applied, or refused (the catalog changed since the check): the report says which.
      const result = await importFile(file, false);
      setStage({ kind: 'done', file, result });
      if (result.status === 'applied') await refreshAfterWrite(queryClient, catalogKeys.all);
    } catch {
      setStage({ kind: 'idle' });
    }
  }
  async function download(key: string, work: () => Promise<void>) {
    setBusy(key);
    try {
      await work();
    } catch {
      // the API client has shown why
    } finally {
      setBusy(null);
    }
  }
  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void check(file);
  }

  const filterText = Object.entries(filters)
    .map(([k, v]) => `${t(`filters.${k}`)}: ${v}`)
    .join(', ');
  const working = stage.kind === 'checking' || stage.kind === 'applying';

  return (
    <section aria-labelledby="import-title" className="space-y-4">
      <CatalogTabs />
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="import-title" className="text-lg font-semibold text-ink">
          {t('title')}
        </h1>
        <Link to={`/admin/items${params.toString() ? `?${params}` : ''}`} className="text-sm text-brand-700 hover:underline">
          {t('back')}
        </Link>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2 rounded border border-gray-200 bg-white p-3">
          <h2 className="font-medium text-ink">{t('export.title')}</h2>
          <p className="text-sm text-gray-600">{filterText ? t('export.filtered', { filters: filterText }) : t('export.all')}</p>
          <div className="flex flex-wrap gap-2">
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button
                key={format}
                size="sm"
                disabled={busy !== null}
                onClick={() => void download(`export-${format}`, () => downloadExport(format, filters))}
                data-testid={`export-${format}`}
              >
                {busy === `export-${format}` ? <Spinner className="mr-1 size-4" label="…" /> : null}
                {t(`export.${format}`)}
              </Button>
            ))}
          </div>
        </div>
        <div className="space-y-2 rounded border border-gray-200 bg-white p-3">
          <h2 className="font-medium text-ink">{t('template.title')}</h2>
          <p className="text-sm text-gray-600">{t('template.hint')}</p>
          <div className="flex flex-wrap gap-2">
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button
                key={format}
                size="sm"
                variant="secondary"
                disabled={busy !== null}
                onClick={() => void download(`template-${format}`, () => downloadTemplate(format))}
                data-testid={`template-${format}`}
              >
                {t(`template.${format}`)}
              </Button>
            ))}
          </div>
        </div>
      </div>

      <div className="space-y-2">
        <h2 className="font-medium text-ink">{t('upload.title')}</h2>
        <p className="text-sm text-gray-600">{t('upload.rules')}</p>
        <label
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-1 rounded border-2 border-dashed p-6 text-center text-sm',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-gray-300 bg-white hover:border-brand-400',
            working && 'pointer-events-none opacity-60',
          )}
        >
          <span>{t('upload.drop')}</span>
          <span className="text-brand-700 underline">{t('upload.choose')}</span>
          <span className="text-xs text-gray-500">{t('upload.limit')}</span>
          <input
            ref={picker}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            data-testid="import-file"
            disabled={working}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void check(file);
            }}
          />
        </label>
        {working ? (
          <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
            <Spinner className="size-4" label="…" />
            {t(stage.kind === 'checking' ? 'upload.checking' : 'upload.applying', { name: stage.file.name })}
          </p>
        ) : null}
      </div>

      {stage.kind === 'done' ? (
        <ImportReport
          fileName={stage.file.name}
          result={stage.result}
          onApply={() => void apply()}
          onAnother={() => {
            setStage({ kind: 'idle' });
            picker.current?.click();
          }}
        />
      ) : null}
    </section>
  );
}
