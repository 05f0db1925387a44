import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// The PDF toolkit of the order documents: the CJK font (Noto Sans SC from the npm package
// @expo-google-fonts/noto-sans-sc, never a system font, read once per process), an A4 page with
// margins, and a table that breaks across pages and repeats its header. pdfkit embeds only the
// glyphs a document uses, so a document stays a few tens of KB.

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The font files, read on first use and kept for the life of the process. */
export function documentFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: fs.readFileSync(require.resolve(FONT_FILES.regular)), bold: fs.readFileSync(require.resolve(FONT_FILES.bold)) };
  return fonts;
}

export const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where content stops: room is left for the page footer. */
const BOTTOM = PAGE.height - PAGE.margin - 18;
export const GREY = '#555555';
const RULE = '#bbbbbb';

export type Doc = PDFKit.PDFDocument;

/** A new A4 document with both weights registered as 'regular' and 'bold'. */
export function createDoc(meta: { title: string; subject: string }): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    compress: true,
    info: { Title: meta.title, Subject: meta.subject, Author: 'Cubeshop', Creator: 'Cubeshop' },
  });
  const { regular, bold } = documentFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
  return doc;
}

/** The finished document's bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Starts a new page when less than `height` is left; true when it did. */
export function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= BOTTOM) return false;
  doc.addPage();
  return true;
}

/** A thin horizontal rule across the content at the current y. */
export function rule(doc: Doc, y = doc.y): void {
  doc
    .save()
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .restore();
}

/** Label: value pairs, one a line, in a column of `width` starting at x. Empty values are left out. Returns the bottom y. */
export function fields(doc: Doc, x: number, y: number, width: number, rows: [string, string | null | undefined][], labelWidth = 80): number {
  let at = y;
  for (const [label, value] of rows) {
    if (value === null || value === undefined || value === '') continue;
    doc.font('regular').fontSize(8.5).fillColor(GREY).text(label, x, at, { width: labelWidth, lineBreak: false });
    doc.fillColor('black').text(value, x + labelWidth, at, { width: width - labelWidth });
    at = Math.max(doc.y, at + 11) + 1;
  }
  return at;
}

/** A titled block of text lines (an address) in a column. Returns the bottom y. */
export function block(doc: Doc, x: number, y: number, width: number, title: string, lines: (string | null | undefined)[]): number {
  doc.font('bold').fontSize(9).fillColor('black').text(title, x, y, { width });
  doc.font('regular').fontSize(8.5);
  for (const line of lines) if (line) doc.text(line, x, doc.y, { width });
  return doc.y;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A table row: one string per column (a cell may have a second, grey line under it). */
export type Cell = string | { text: string; note?: string | null | undefined };

const CELL_PAD = 3;
const FONT_SIZE = 8;

function header(doc: Doc, columns: readonly Column[]): void {
  const y = doc.y;
  doc.font('bold').fontSize(FONT_SIZE).fillColor('black');
  let x = PAGE.margin;
  let bottom = y;
  for (const c of columns) {
    doc.text(c.header, x + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, align: c.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
    x += c.width;
  }
  rule(doc, bottom + CELL_PAD);
  doc.y = bottom + CELL_PAD + 1;
}

/**
 * Rows under a header row; a row that does not fit starts a new page, where the header is drawn
 * again. Cells wrap within their column.
 */
export function table(doc: Doc, columns: readonly Column[], rows: readonly Cell[][]): void {
  ensureRoom(doc, 40);
  header(doc, columns);
  for (const row of rows) {
    doc.font('regular').fontSize(FONT_SIZE);
    let height = 0;
    row.forEach((cell, i) => {
      const width = columns[i]!.width - 2 * CELL_PAD;
      const { text, note } = typeof cell === 'string' ? { text: cell, note: undefined } : cell;
      let h = doc.heightOfString(text || ' ', { width });
      if (note) h += doc.fontSize(FONT_SIZE - 1).heightOfString(note, { width });
      doc.fontSize(FONT_SIZE);
      height = Math.max(height, h);
    });
    height += 2 * CELL_PAD;
    if (ensureRoom(doc, height)) header(doc, columns);
    const y = doc.y;
    let x = PAGE.margin;
    row.forEach((cell, i) => {
      const c = columns[i]!;
      const { text, note } = typeof cell === 'string' ? { text: cell, note: undefined } : cell;
      const options = { width: c.width - 2 * CELL_PAD, align: c.align ?? 'left' } as const;
      doc
        .font('regular')
        .fontSize(FONT_SIZE)
        .fillColor('black')
        .text(text, x + CELL_PAD, y + CELL_PAD, options);
      if (note)
        doc
          .fontSize(FONT_SIZE - 1)
          .fillColor(GREY)
          .text(note, x + CELL_PAD, doc.y, options);
      x += c.width;
    });
    rule(doc, y + height);
    doc.y = y + height + 0.5;
  }
  doc.fillColor('black');
}

/** Page numbers at the foot of every page (after the content is laid out). */
export function footers(doc: Doc, label: (n: number, of: number) => string, left: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start a page: lift the margin meanwhile.
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 8;
    doc.font('regular').fontSize(7.5).fillColor(GREY);
    doc.text(left, PAGE.margin, y, { width: CONTENT_WIDTH / 2, lineBreak: false });
    doc.text(label(i + 1 - range.start, range.count), PAGE.margin + CONTENT_WIDTH / 2, y, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = PAGE.margin;
  }
  doc.fillColor('black');
}
