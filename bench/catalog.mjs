// Catalog scenarios for `npm run bench` (bench/run.mjs calls benchCatalog once per database).
// Alone: `node bench/catalog.mjs` after a build (BENCH_SKUS: fewer SKUs for quick runs; BENCH_DATABASE_URL adds PostgreSQL;
// BENCH_CATALOG_PG_ONLY=1 skips embedded PGlite).
// Seeds 100,000 SKUs through the real CLI (`npx cubeshop seed --skus N`: in-process against
// PostgreSQL, through the running server's loopback channel with embedded PGlite), then measures
// the list, search and detail routes with autocannon beside GET /api/health on the same server.
//
// "hot" rows repeat one URL, as a crowd opening the same page does: they measure the shared
// page cache. "cold" rows draw each request from thousands of different URLs (pages, sorts,
// keywords, ids), so most requests miss the cache and reach the database. Cold rows also draw the
// language and currency (x-lang-type zh/en, x-price-type CNY/USD) of each request. After the rows,
// every list page is read once in each language and currency (every cache warm) and the server's
// resident memory (VmRSS) is printed with the table.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKUS = Number(process.env.BENCH_SKUS ?? 100_000);
// What a browser sends: the server answers compressed, as it would in production.
const HEADERS = { 'accept-encoding': 'br, gzip', 'x-lang-type': 'zh', 'x-price-type': 'CNY' };

// Model names as cubers type them (docs/catalog.md, Search, Model names): run together, apart, short forms, misspelt.
const MODEL_KEYWORDS = [
  'gan356',
  'gan 356 m',
  'wrmv10',
  'wrm v10',
  'valk3',
  'rs3m2020',
  'mgc3x3',
  'tornadov3',
  'gan12',
  'gts3',
  'xmd',
  'cb',
  'weilonggts3',
  'gan357',
  'valk4',
  'wrmv11',
  '魔域威龙',
  'gan魔方',
];
const KEYWORDS = [
  '磁力',
  '魔方',
  '三阶',
  '镜面',
  '金字塔',
  '计时器',
  'gan',
  'moyu',
  'magnetic',
  'maglev',
  'pyraminx',
  'timer',
  'mirror',
  'weilong',
  'mofang',
  'cili',
  'sjmf',
  'mf',
  'wrm',
  'v9',
  '356',
  'rs3m',
  '奇艺',
  '永骏',
  'qiyi',
  'yuxin',
  'lube',
  'bag',
  'megaminx',
  'skewb',
  'smart',
  '智能',
  'shengshou',
  'dayan',
  'tornado',
  'uv',
  'stickerless',
  '实色',
  'gift',
  '礼盒',
];

function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/bin/cubeshop.mjs'), ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`cubeshop ${args.join(' ')} exited with ${code}`))));
  });
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const VIEWS = [
  { 'x-lang-type': 'zh', 'x-price-type': 'CNY' },
  { 'x-lang-type': 'en', 'x-price-type': 'USD' },
  { 'x-lang-type': 'zh', 'x-price-type': 'USD' },
  { 'x-lang-type': 'en', 'x-price-type': 'CNY' },
];

/** Resident memory of the process listening on the server's port, MB (Linux; null elsewhere). */
function serverRssMb(url) {
  try {
    const port = new URL(url).port;
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** Runs `count` tasks `parallel` at a time. */
async function inParallel(count, parallel, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
const int = (min, max) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * One table for one database. `startServer` and `measure` come from run.mjs.
 * @param {{ label: string, databaseUrl?: string, startServer: Function, measure: Function }} options
 */
export async function benchCatalog({ label, databaseUrl, startServer, measure }) {
  const server = await startServer({ DATABASE_URL: databaseUrl ?? '' });
  const rows = [];
  try {
    const loadBefore = os.loadavg()[0].toFixed(1);
    const started = Date.now();
    const seeded = await runCli(['seed', '--skus', String(SKUS)], { DATA_DIR: server.dataDir, DATABASE_URL: databaseUrl ?? '' });
    const seedSeconds = ((Date.now() - started) / 1000).toFixed(1);

    const categories = await (await fetch(`${server.url}/api/categories`)).json();
    const all = categories.flatMap((c) => [c, ...c.children]);
    const cube3 = all.find((c) => c.slug === '3x3');
    const leafIds = all.filter((c) => c.children.length === 0).map((c) => c.id);
    const first = await (await fetch(`${server.url}/api/items?recPerPage=1`)).json();
    const total = first.pager.recTotal;
    const detailId = first.data[0].id;
    // ids for the cold detail row: 100 random pages of 120 (12,000 products at 100,000)
    const ids = [];
    for (let i = 0; i < 100; i++) {
      const page = await (await fetch(`${server.url}/api/items?recPerPage=120&sortBy=basePrice&page=${int(1, Math.floor(total / 120))}`)).json();
      ids.push(...page.data.map((p) => p.id));
    }

    const hot = (name, pathAndQuery) => measure(name, `${server.url}${pathAndQuery}`, { headers: HEADERS });
    const cold = (name, makePath) =>
      measure(name, server.url, {
        headers: HEADERS,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: makePath(), headers: { ...req.headers, ...pick(VIEWS) } }) }],
      });

    rows.push(await hot('GET /api/health (ceiling)', '/api/health'));
    rows.push(await hot('list 120, no filter (hot)', '/api/items'));
    rows.push(await hot('list 120, category+price+sort (hot)', `/api/items?categoryId=${cube3.id}&minPrice=20&maxPrice=200&sortBy=basePrice&order=asc`));
    rows.push(await hot('keyword 磁力 (hot)', `/api/items?keyword=${encodeURIComponent('磁力')}`));
    rows.push(await hot('pinyin keyword weilong (hot)', '/api/items?keyword=weilong'));
    rows.push(await hot('model keyword gan356 (hot)', '/api/items?keyword=gan356'));
    rows.push(await hot('model keyword "wrm v10" (hot)', `/api/items?keyword=${encodeURIComponent('wrm v10')}`));
    rows.push(await hot('model keyword valk3 (hot)', '/api/items?keyword=valk3'));
    rows.push(await hot('broad keyword 磁力 by price (hot)', `/api/items?keyword=${encodeURIComponent('磁力')}&sortBy=basePrice&order=asc`));
    rows.push(await hot('product detail (hot)', `/api/items/${detailId}`));
    rows.push(
      await cold(
        'list 120, random page and sort (cold)',
        () => `/api/items?page=${int(1, Math.ceil(total / 120))}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}&order=${pick(['asc', 'desc'])}`,
      ),
    );
    rows.push(
      await cold('list 120, random category+price+sort (cold)', () => {
        const min = int(0, 150);
        return `/api/items?categoryId=${pick(leafIds)}&minPrice=${min}&maxPrice=${min + int(20, 400)}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}&order=${pick(['asc', 'desc'])}`;
      }),
    );
    rows.push(
      await cold(
        'keyword, random word and page (cold)',
        () => `/api/items?keyword=${encodeURIComponent(pick(KEYWORDS))}&page=${int(1, 5)}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}`,
      ),
    );
    // Best match (the default with a keyword), and suggestions while typing: each keyword cut after 1 to all of its characters.
    rows.push(
      await cold('keyword, best match, random word and page (cold)', () => `/api/items?keyword=${encodeURIComponent(pick(KEYWORDS))}&page=${int(1, 5)}`),
    );
    rows.push(
      await cold(
        'model keyword, random, best match or price (cold)',
        () => `/api/items?keyword=${encodeURIComponent(pick(MODEL_KEYWORDS))}${pick(['', '&sortBy=basePrice'])}`,
      ),
    );
    rows.push(
      await cold('did you mean / broader, random model keyword (cold)', () => `/api/items/alternatives?keyword=${encodeURIComponent(pick(MODEL_KEYWORDS))}`),
    );
    rows.push(
      await cold('suggest, random prefix (cold)', () => {
        const word = pick(KEYWORDS);
        return `/api/items/suggest?keyword=${encodeURIComponent(word.slice(0, int(1, word.length)))}`;
      }),
    );
    rows.push(await cold('product detail, random id (cold)', () => `/api/items/${pick(ids)}`));
    // Searches while staff work: a product archived and put back every second, each a catalog
    // write that empties the caches and has the search index rebuilt (1-3 s at 100,000 products).
    await runCli(['user', 'create', '--account', 'bench_catalog', '--password', 'Bench1234', '--role', 'catalog'], {
      DATA_DIR: server.dataDir,
      DATABASE_URL: databaseUrl ?? '',
    });
    const signin = await fetch(`${server.url}/api/authn/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'bench_catalog', password: 'Bench1234' }),
    });
    const staff = { authorization: `Bearer ${(await signin.json()).token}`, 'content-type': 'application/json' };
    let archived = false;
    let edits = 0;
    const editing = setInterval(() => {
      archived = !archived;
      edits++;
      void fetch(`${server.url}/api/admin/items/${ids[0]}/${archived ? 'archive' : 'restore'}`, { method: 'POST', headers: staff, body: '{}' }).then((r) =>
        r.arrayBuffer(),
      );
    }, 1000);
    try {
      const row = await cold(
        'keyword, best match, a staff write every second (cold)',
        () => `/api/items?keyword=${encodeURIComponent(pick(KEYWORDS))}&page=${int(1, 5)}`,
      );
      rows.push({ ...row, scenario: `${row.scenario} (${edits} writes)` });
    } finally {
      clearInterval(editing);
    }
    if (archived) await fetch(`${server.url}/api/admin/items/${ids[0]}/restore`, { method: 'POST', headers: staff, body: '{}' });
    const load = `${loadBefore} before seeding, ${os.loadavg()[0].toFixed(1)} after measuring`;

    // Every cache warm: each list page once in every language and currency, and 5,000 details in each.
    const rssAfterRows = serverRssMb(server.url);
    const pages = Math.ceil(total / 120);
    const warmStarted = Date.now();
    await inParallel(pages * VIEWS.length, 8, async (i) => {
      const res = await fetch(`${server.url}/api/items?recPerPage=120&sortBy=basePrice&page=${(i % pages) + 1}`, {
        headers: { ...HEADERS, ...VIEWS[Math.floor(i / pages)] },
      });
      await res.arrayBuffer();
    });
    const some = ids.slice(0, 5000);
    await inParallel(some.length * VIEWS.length, 8, async (i) => {
      const res = await fetch(`${server.url}/api/items/${some[i % some.length]}`, { headers: { ...HEADERS, ...VIEWS[Math.floor(i / some.length)] } });
      await res.arrayBuffer();
    });
    const memory = {
      rssAfterRows,
      rssWarm: serverRssMb(server.url),
      warmSeconds: ((Date.now() - warmStarted) / 1000).toFixed(1),
      pages: pages * VIEWS.length,
      details: some.length * VIEWS.length,
    };
    return { label, seeded, seedSeconds, rows, load, memory };
  } finally {
    await server.stop();
  }
}

export function printCatalog({ label, seeded, seedSeconds, rows, load, memory }) {
  console.log(`\nCatalog on ${label}: ${seeded} (CLI wall time ${seedSeconds} s). 1-minute load average ${load} (${os.cpus().length} cores).`);
  console.table(rows);
  if (memory) {
    console.log(
      `Server RSS: ${memory.rssAfterRows ?? '?'} MB after the rows; ${memory.rssWarm ?? '?'} MB with every cache warm ` +
        `(${memory.pages} list pages and ${memory.details} details read in ${memory.warmSeconds} s).`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer, measure } = await import('./lib.mjs');
  const results = process.env.BENCH_CATALOG_PG_ONLY ? [] : [await benchCatalog({ label: 'embedded PGlite', startServer, measure })];
  if (process.env.BENCH_DATABASE_URL)
    results.push(await benchCatalog({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL, startServer, measure }));
  results.forEach(printCatalog);
}
