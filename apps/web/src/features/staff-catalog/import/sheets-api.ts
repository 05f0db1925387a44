import { IMPORT_REFUSED_CODE, ZImportResult, type TImportResult } from '@cubeshop/shared';
import { api, idOf, type ApiQuery } from '@/lib/api';
import { describeFailure, isApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { toast } from '@/lib/stores/toast';
import { DOWNLOAD, downloadFile } from '@/lib/download';

// The catalog's spreadsheets (docs/catalog.md, Spreadsheets): exports, templates and the import.

/** The filters of an export. */
export type TExportFilters = ApiQuery<'/api/admin/items/export.csv'>;

const ARCHIVED = ['false', 'true', 'all'] as const;
const isArchived = (value: string | null): value is (typeof ARCHIVED)[number] => (ARCHIVED as readonly (string | null)[]).includes(value);

/** The list filters an export takes, from the product list's URL (keyword, categoryId, supplierId, archived; not the page). */
export function exportFilters(params: URLSearchParams): TExportFilters {
  const out: TExportFilters = {};
  const keyword = params.get('keyword');
  if (keyword) out.keyword = keyword;
  const categoryId = idOf(params.get('categoryId') ?? undefined);
  if (!Number.isNaN(categoryId)) out.categoryId = categoryId;
  const supplierId = idOf(params.get('supplierId') ?? undefined);
  if (!Number.isNaN(supplierId)) out.supplierId = supplierId;
  const archived = params.get('archived');
  if (isArchived(archived)) out.archived = archived;
  return out;
}

const stamp = () => new Date().toISOString().slice(0, 10);

const EXPORT_PATHS = { csv: '/api/admin/items/export.csv', xlsx: '/api/admin/items/export.xlsx' } as const;
const TEMPLATE_PATHS = { csv: '/api/admin/items/template.csv', xlsx: '/api/admin/items/template.xlsx' } as const;

export const downloadExport = (format: 'csv' | 'xlsx', filters: TExportFilters) =>
  downloadFile(api.download(EXPORT_PATHS[format], { ...DOWNLOAD, params: { query: filters } }), `products-${stamp()}.${format}`);

export const downloadTemplate = (format: 'csv' | 'xlsx') => downloadFile(api.download(TEMPLATE_PATHS[format], DOWNLOAD), `products-template.${format}`);

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
    return await api.POST('/api/admin/items/import', {
      params: { query: { dryRun: dryRun ? 'true' : 'false' } },
      body: form,
      timeoutMs: 300_000,
      silent: true,
    });
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
