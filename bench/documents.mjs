// Order documents (docs/orders.md, Documents): the proforma invoice, the commercial
// invoice and the packing list of a 200-line order rendered as PDF by the server's own renderer
// (apps/server/dist, so build first), BENCH_DOC_RUNS times each (default 30) after one warm-up, in
// both languages. Target: under 1 s each. Run alone: node bench/documents.mjs (after a build).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_DOC_RUNS ?? 30);
const LINES = Number(process.env.BENCH_DOC_LINES ?? 200);
const TARGET_MS = 1000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchDocuments() {
  const dist = (file) => pathToFileURL(path.join(root, 'apps/server/dist/modules/documents', file)).href;
  const { renderDocument } = await import(dist('documents.render.js'));
  const { sampleOrder } = await import(dist('documents.sample.js'));
  const rows = [];
  let first;
  for (const locale of ['zh', 'en']) {
    const order = sampleOrder(LINES, locale);
    const ctx = { locale, issuedAt: new Date(), validityDays: 30, seller: 'Cubeshop Trading Ltd', regionName: locale === 'zh' ? '中国' : 'China' };
    for (const kind of ['proforma', 'invoice', 'packing-list']) {
      const start = performance.now();
      const warm = await renderDocument(kind, order, ctx);
      // The very first render also reads the font files (once per process).
      first ??= performance.now() - start;
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await renderDocument(kind, order, ctx);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      rows.push({
        document: `${kind} (${locale})`,
        lines: LINES,
        'p50 ms': Math.round(percentile(times, 50)),
        'p99 ms': Math.round(p99),
        'max ms': Math.round(times.at(-1)),
        KB: Math.round(warm.length / 1024),
        'under 1 s': p99 < TARGET_MS ? 'yes' : 'NO',
      });
    }
  }
  return { rows, firstMs: first, ok: rows.every((r) => r['under 1 s'] === 'yes') };
}

export function printDocuments(result) {
  console.log(
    `\nOrder documents (PDF), ${LINES}-line order, ${RUNS} runs each after a warm-up, Node ${process.versions.node}, ${os.cpus().length} cores; first render of the process (font files read): ${Math.round(result.firstMs)} ms`,
  );
  console.table(result.rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchDocuments();
  printDocuments(result);
  if (!result.ok) process.exitCode = 1;
}
