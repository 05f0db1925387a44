import { IMPORT_REFUSED_CODE, ZImportResult, type TImportResult } from '@cubeshop/shared';
import { api, describeFailure, isApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { toast } from '@/lib/stores/toast';
import { downloadFile } from '@/lib/download';

// The catalog's spreadsheets (docs/catalog.md, Spreadsheets): exports, templates and the import.

/** The list filters an export takes (the product list's query string, without the page). */
export const EXPORT_FILTERS = ['keyword', 'categoryId', 'supplierId', 'archived'] as const;

export function exportFilters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of EXPORT_FILTERS) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  return out;
}

const stamp = () => new Date().toISOString().slice(0, 10);

export const downloadExport = (format: 'csv' | 'xlsx', filters: Record<string, string>) =>
  downloadFile(`/api/admin/items/export.${format}`, `products-${stamp()}.${format}`, filters);

export const downloadTemplate = (format: 'csv' | 'xlsx') => downloadFile(`/api/admin/items/template.${format}`, `products-template.${format}`);

/**
 * POST /api/admin/items/import: a dry run first, then the same file with dryRun=false. Large files
 * take a while. An apply refused for errors answers 422 with the report (status refused, nothing
 * written): that report is the answer the screen shows, not a failure toast; any other failure is
 * told as the API client tells it.
 */
export async function importFile(file: File, dryRun: boolean): Promise<TImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await api.post<TImportResult>('/api/admin/items/import', form, { params: { dryRun: String(dryRun) }, timeoutMs: 300_000, silent: true });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 422 && error.code === IMPORT_REFUSED_CODE) {
      const report = ZImportResult.safeParse(error.details);
      if (report.success) return report.data;
    }
    // 401 sent the staff member to sign in already; a cancel is never shown.
    if (error.status !== 401 && error.kind !== 'aborted') {
      const { type, message } = describeFailure({ kind: error.kind, status: error.status, serverMessage: error.desc }, 'shop', translate);
      if (type === 'warning') toast.warning(message);
      else toast.error(message);
    }
    throw error;
  }
}
