// Catalog spreadsheets at scale (docs/catalog.md, Spreadsheets): seeds BENCH_SKUS
// (default 100,000) products through the CLI, then as an owner through the HTTP API:
// - exports the whole catalog as CSV and as XLSX (streamed; time and size);
// - imports the CSV export with every price changed (100,000 updates): dry run, then apply;
// - imports 100,000 new products (no id, no barcode): dry run, then apply;
// - imports the XLSX export unchanged (dry run: 100,000 rows read and compared);
// - right after the bulk change, list and keyword search p99 with autocannon (cold: random
//   pages, sorts and words, so most requests reach the database).
// Runs on PostgreSQL when BENCH_DATABASE_URL is set (a fresh database, dropped after), else on
// embedded PGlite. Run alone: node bench/catalog-import.mjs (after a build); npm run bench runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, startServer } from './lib.mjs';
import { freshDatabase, runCli } from './orders.mjs';

const SKUS = Number(process.env.BENCH_SKUS ?? 100_000);
const HEADERS = { 'accept-encoding': 'br, gzip', 'x-lang-type': 'zh', 'x-price-type': 'CNY' };
const KEYWORDS = ['磁力', '魔方', '三阶', 'gan', 'moyu', 'magnetic', 'timer', 'weilong', 'mf', 'qiyi', 'megaminx', '智能'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const int = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** Minimal CSV: split records (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      field = field.replace(/\r$/, '');
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}
const toCsv = (rows) => rows.map((r) => r.map((v) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',')).join('\r\n');

/** @param {{ label: string, databaseUrl?: string }} options */
export async function benchCatalogImport({ label, databaseUrl }) {
  const db = databaseUrl ? await freshDatabase(databaseUrl) : undefined;
  const server = await startServer({ DATABASE_URL: db?.url ?? '' });
  const rows = [];
  try {
    const env = { DATA_DIR: server.dataDir, DATABASE_URL: db?.url ?? '' };
    const seeded = Date.now();
    await runCli(['seed', '--skus', String(SKUS)], env);
    const seedSeconds = (Date.now() - seeded) / 1000;
    await runCli(['user', 'create', '--account', 'bench_owner', '--password', 'Bench1234', '--role', 'owner'], env);
    const signin = await fetch(`${server.url}/api/authn/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'bench_owner', password: 'Bench1234' }),
    });
    const { token } = await signin.json();
    const auth = { authorization: `Bearer ${token}`, 'x-lang-type': 'en' };

    const timed = async (scenario, work) => {
      const started = performance.now();
      const extra = await work();
      rows.push({ scenario, seconds: Number(((performance.now() - started) / 1000).toFixed(1)), ...extra });
    };
    const download = async (format) => {
      const res = await fetch(`${server.url}/api/admin/items/export.${format}?archived=all`, { headers: auth });
      if (!res.ok) throw new Error(`export ${format}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const upload = async (data, fileName, dryRun) => {
      const form = new FormData();
      form.append('file', new Blob([data]), fileName);
      const res = await fetch(`${server.url}/api/admin/items/import?dryRun=${dryRun}`, { method: 'POST', headers: auth, body: form });
      const body = await res.json();
      if (!res.ok || body.errors?.length) throw new Error(`import ${fileName}: ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
      const { created, updated, unchanged } = body.planned;
      return { rows: body.rows, created, updated, unchanged };
    };

    let csv;
    let xlsx;
    await timed(`export ${SKUS} rows, CSV`, async () => {
      csv = await download('csv');
      if (process.env.BENCH_SAVE_DIR) fs.writeFileSync(path.join(process.env.BENCH_SAVE_DIR, 'export.csv'), csv);
      return { MB: mb(csv.length) };
    });
    await timed(`export ${SKUS} rows, XLSX`, async () => {
      xlsx = await download('xlsx');
      return { MB: mb(xlsx.length) };
    });

    // Every price up by 1 yuan: 100,000 updates.
    const table = parseCsv(csv.toString('utf8'));
    const priceAt = table[0].indexOf('price');
    const changed = toCsv([table[0], ...table.slice(1).map((r) => r.map((v, i) => (i === priceAt ? (Number(v) + 1).toFixed(2) : v)))]);
    await timed(`import ${SKUS} updates, CSV, dry run`, () => upload(changed, 'prices.csv', true));
    await timed(`import ${SKUS} updates, CSV, apply`, () => upload(changed, 'prices.csv', false));

    // The same rows as new products (no id, no barcode): 100,000 creates.
    const barcodeAt = table[0].indexOf('barcode');
    const fresh = toCsv([table[0], ...table.slice(1).map((r) => r.map((v, i) => (i === 0 || i === barcodeAt ? '' : v)))]);
    await timed(`import ${SKUS} new products, CSV, dry run`, () => upload(fresh, 'new.csv', true));
    await timed(`import ${SKUS} new products, CSV, apply`, () => upload(fresh, 'new.csv', false));

    await timed(`re-import the XLSX export (${SKUS} rows), dry run`, () => upload(xlsx, 'export.xlsx', true));

    // Reads right after the bulk changes (the caches were emptied by the imports).
    const first = await (await fetch(`${server.url}/api/items?recPerPage=1`)).json();
    const total = first.pager.recTotal;
    const cold = (name, makePath) =>
      measure(name, server.url, { headers: HEADERS, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: makePath() }) }] });
    const reads = [];
    reads.push(
      await cold(
        `list 120 of ${total}, random page and sort (cold)`,
        () =>
          `/api/items?page=${int(1, Math.ceil(Math.min(total, 1_200_000) / 120))}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}&order=${pick(['asc', 'desc'])}`,
      ),
    );
    reads.push(
      await cold(
        'keyword, random word and page (cold)',
        () => `/api/items?keyword=${encodeURIComponent(pick(KEYWORDS))}&page=${int(1, 5)}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}`,
      ),
    );
    return { label, seedSeconds, rows, reads };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

export function printCatalogImport(result) {
  console.log(`\nCatalog spreadsheets, ${result.label}: ${SKUS} products seeded in ${result.seedSeconds.toFixed(1)} s; ${os.cpus().length} cores`);
  console.table(result.rows);
  console.log('List and search right after the imports:');
  console.table(result.reads);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printCatalogImport(
    await benchCatalogImport({ label: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite', databaseUrl: process.env.BENCH_DATABASE_URL }),
  );
}
