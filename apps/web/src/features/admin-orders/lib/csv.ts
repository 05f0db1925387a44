import { stringify } from 'csv-stringify/browser/esm/sync';

/** Rows as CSV (RFC 4180 quoting) with a byte-order mark so spreadsheet programs read UTF-8 (Chinese names). */
export function toCsv(rows: (string | number)[][]): string {
  return `\uFEFF${stringify(rows)}`;
}
