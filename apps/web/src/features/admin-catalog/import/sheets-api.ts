import type { TImportResult } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
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

/** POST /api/admin/items/import: a dry run first, then the same file with dryRun=false. Large files take a while. */
export function importFile(file: File, dryRun: boolean): Promise<TImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<TImportResult>('/api/admin/items/import', form, { params: { dryRun: String(dryRun) }, timeoutMs: 300_000 });
}
