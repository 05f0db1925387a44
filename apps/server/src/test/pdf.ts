import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as a reader's tools see it (pdfjs-dist, the PDF engine of Firefox): page
 * count, and per page the strings in reading order. `compact` drops whitespace, so a test can
 * look for a phrase however the layout split it into runs.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string; compact: string; pageTexts: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pageTexts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    pageTexts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  const text = pageTexts.join('\n');
  return { pages: pdf.numPages, text, compact: text.replace(/\s+/g, ''), pageTexts };
}

/** The phrase without whitespace, to compare with `compact`. */
export const squeeze = (s: string) => s.replace(/\s+/g, '');
