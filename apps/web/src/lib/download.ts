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
 * The options of a file download through the typed client (`api.download(path, { ...DOWNLOAD, params })`):
 * files take longer than answers, and a refusal still comes as JSON.
 */
export const DOWNLOAD = { timeoutMs: 120_000, headers: { accept: 'application/pdf, application/zip, application/json' } } as const;

/**
 * Saves an API file (an order PDF, a zip) fetched by `api.download`, with the bearer token in the
 * Authorization header as every API call sends it, as `fileName`. Failures toast like any API call and throw.
 */
export async function downloadFile(file: Promise<Blob>, fileName: string): Promise<void> {
  saveBlob(await file, fileName);
}
