import { Readable, type Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, readSheetCell, safeSheetRow, type TLocale, type TSheetFormat } from '@cubeshop/shared';
import { badRequest, DomainError } from '../../../lib/app-error.js';
import { sheetNotes, SHEET_HEADERS, type Cell } from './catalog.sheet.columns.js';

/**
 * Spreadsheet files in and out (docs/catalog.md, Spreadsheets): CSV (UTF-8, comma, semicolon or
 * tab separated; csv-parse/csv-stringify) and XLSX (exceljs, streamed both ways). An XLSX is
 * recognised by its content (a zip), anything else must be UTF-8 text. A file that is neither,
 * is empty, is cut short or has no header row is refused with 400, never 500.
 *
 * Formula injection: every CSV cell written goes through `safeSheetRow` (a text starting with
 * `=`, `+`, `-`, `@`, tab or CR gets a leading `'`; numbers stay numbers), and the import takes that
 * quote off again (`readSheetCell`), so an exported sheet imports unchanged. XLSX cells are typed:
 * exceljs writes text as a string value with no formula element, so a spreadsheet program shows
 * it as text and nothing is added to it (docs/security.md, What is defended).
 */

export interface SheetRow {
  /** 1-based row as a spreadsheet shows it (the header is row 1). */
  row: number;
  cells: Cell[];
}
export interface SheetFile {
  headers: string[];
  rows: SheetRow[];
}

const isZip = (data: Buffer) => data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
/** A whole zip ends with its central directory's end record (a file cut short has none). */
const zipComplete = (data: Buffer) => data.subarray(Math.max(0, data.length - 65_557)).lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) >= 0;

/** The first sheet of a CSV or XLSX file: its header row and every row below it. */
export async function readSheet(data: Buffer): Promise<SheetFile> {
  if (data.length === 0) throw badRequest('importEmpty');
  const table = isZip(data) ? await readXlsx(data) : readCsv(data);
  const headerAt = table.findIndex((r) => r.cells.some((c) => c !== null && String(c).trim() !== ''));
  if (headerAt < 0) throw badRequest('importEmpty');
  const header = table[headerAt]!;
  const rows = table.slice(headerAt + 1);
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest('importTooManyRows', { max: IMPORT_MAX_ROWS });
  return { headers: header.cells.map((c) => (c === null ? '' : String(c).trim())), rows };
}

function readCsv(data: Buffer): SheetRow[] {
  if (data.subarray(0, 65_536).includes(0)) throw badRequest('importFormat');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest('importFormat');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: false, skip_empty_lines: false, bom: true });
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest('importCsvBroken', { row: line ?? '?' });
  }
  return records.map((cells, i) => ({ row: i + 1, cells: cells.map((c) => (c.trim() === '' ? null : readSheetCell(c))) }));
}

/** A cell of exceljs as text, number or boolean (rich text joined, formulas by their result, dates as ISO days). */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : readSheetCell(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellOf(value.result);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return null;
}

/**
 * Re-cuts a stream of bytes at whole UTF-8 characters. exceljs 4.4's streaming reader decodes
 * each chunk of a sheet on its own, so a Chinese character split between two chunks came out
 * as two replacement characters (about 1 row in 500 of an export).
 */
export async function* utf8Chunks(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer | string> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      yield chunk;
      continue;
    }
    const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let end = buf.length;
    let lead = end - 1;
    while (lead >= 0 && end - lead < 4 && (buf[lead]! & 0xc0) === 0x80) lead--;
    if (lead >= 0) {
      const first = buf[lead]!;
      const size = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
      if (end - lead < size) end = lead;
    }
    carry = buf.subarray(end);
    if (end > 0) yield buf.subarray(0, end);
  }
  if (carry.length > 0) yield carry;
}

/** Feeds exceljs's sheet and shared-string parsers whole characters only (see utf8Chunks). */
function wholeCharacters(reader: object): void {
  const internals = reader as {
    _parseWorksheet: (source: AsyncIterable<Buffer>, sheetNo: string) => unknown;
    _parseSharedStrings: (entry: AsyncIterable<Buffer>) => unknown;
  };
  const worksheet = internals._parseWorksheet.bind(reader);
  const sharedStrings = internals._parseSharedStrings.bind(reader);
  internals._parseWorksheet = (source, sheetNo) => worksheet(utf8Chunks(source) as AsyncIterable<Buffer>, sheetNo);
  internals._parseSharedStrings = (entry) => sharedStrings(Readable.from(utf8Chunks(entry)));
}

async function readXlsx(data: Buffer): Promise<SheetRow[]> {
  if (!zipComplete(data)) throw badRequest('importUnreadable');
  const rows: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    wholeCharacters(reader);
    let first = true;
    for await (const sheet of reader) {
      const sheetRows = sheet as unknown as AsyncIterable<ExcelJS.Row>;
      // Only the first sheet holds products (the export's second one is the column notes). The
      // others are still read to their end: exceljs parks a sheet that comes before the shared
      // strings in a temp file and deletes it once the sheet is read, and a sheet skipped unread
      // left its file stream opening after the delete (an uncaught ENOENT) or holding its fd.
      if (!first) {
        for await (const _ of sheetRows) void _;
        continue;
      }
      first = false;
      for await (const row of sheetRows) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: Cell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
        rows.push({ row: row.number, cells });
        if (rows.length > IMPORT_MAX_ROWS + 1) throw badRequest('importTooManyRows', { max: IMPORT_MAX_ROWS });
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw badRequest('importUnreadable');
  }
  return rows;
}

/** A sink for an export's rows; `end` finishes the file. */
export interface SheetWriter {
  row(values: (string | number)[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * Writes a sheet to `out` as rows arrive (the header first): CSV with a UTF-8 BOM (so Excel
 * reads the Chinese right), XLSX through exceljs's streaming writer with a second sheet of
 * column notes in the staff member's language.
 */
export function sheetWriter(format: TSheetFormat, out: Writable, locale: TLocale): SheetWriter {
  if (format === 'csv') {
    const csv = stringify({ bom: true, record_delimiter: 'windows' });
    csv.pipe(out);
    const write = (values: (string | number)[]) =>
      new Promise<void>((resolve) => {
        if (csv.write(safeSheetRow(values))) resolve();
        else csv.once('drain', resolve);
      });
    let started = false;
    return {
      async row(values) {
        if (!started) {
          started = true;
          await write(SHEET_HEADERS);
        }
        await write(values);
      },
      async end() {
        if (!started) await write(SHEET_HEADERS);
        await new Promise<void>((resolve) => csv.end(resolve));
      },
    };
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(locale === 'zh' ? '商品' : 'Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SHEET_HEADERS.map((h) => ({ header: h, key: h, width: /^(name|description)/.test(h) ? 30 : 14 }));
  sheet.getRow(1).font = { bold: true };
  let pending = 0;
  return {
    async row(values) {
      sheet.addRow(values).commit();
      // Let the zip stream drain now and then so a large export never sits in memory.
      if (++pending % 1000 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async end() {
      sheet.commit();
      const notes = book.addWorksheet(locale === 'zh' ? '说明' : 'Notes');
      notes.columns = [
        { header: locale === 'zh' ? '列' : 'Column', width: 24 },
        { header: locale === 'zh' ? '说明' : 'Meaning', width: 70 },
        { header: locale === 'zh' ? 'English' : '中文', width: 70 },
        { header: locale === 'zh' ? '示例' : 'Example', width: 30 },
      ];
      notes.getRow(1).font = { bold: true };
      for (const line of sheetNotes(locale)) notes.addRow(line).commit();
      notes.commit();
      await book.commit();
    },
  };
}
