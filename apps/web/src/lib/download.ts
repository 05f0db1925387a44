import { api, type QueryValue } from './api-client';

/** Saves a Blob as a file: the browser's download of an object URL (nothing of the session goes in a URL). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads an API file (an order PDF, a zip) with the bearer token in the Authorization header,
 * as every API call sends it, and saves it as `fileName`. Failures toast like any API call and throw.
 */
export async function downloadFile(path: string, fileName: string, params?: Record<string, QueryValue>): Promise<void> {
  const blob = await api.get<Blob>(path, { params, blob: true, timeoutMs: 120_000, headers: { accept: 'application/pdf, application/zip, application/json' } });
  saveBlob(blob, fileName);
}
