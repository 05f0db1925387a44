// Catalog scenarios for `npm run bench` (bench/run.mjs calls benchCatalog once per database).
// Seeds 100,000 SKUs through the real CLI (`npx cubeshop seed --skus N`: in-process against
// PostgreSQL, through the running server's loopback channel with embedded PGlite), then measures
// the list, search and detail routes with autocannon beside GET /api/health on the same server.
//
// "hot" rows repeat one URL, as a crowd opening the same page does: they measure the shared
// page cache. "cold" rows draw each request from thousands of different URLs (pages, sorts,
// keywords, ids), so most requests miss the cache and reach the database.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKUS = Number(process.env.BENCH_SKUS ?? 100_000);
// What a browser sends: the server answers compressed, as it would in production.
const HEADERS = { 'accept-encoding': 'br, gzip', 'x-lang-type': 'zh', 'x-price-type': 'CNY' };

const KEYWORDS = ['磁力', '魔方', '三阶', '镜面', '金字塔', '计时器', 'gan', 'moyu', 'magnetic', 'maglev', 'pyraminx', 'timer', 'mirror', 'weilong', 'mofang', 'cili', 'sjmf', 'mf', 'wrm', 'v9', '356', 'rs3m', '奇艺', '永骏', 'qiyi', 'yuxin', 'lube', 'bag', 'megaminx', 'skewb', 'smart', '智能', 'shengshou', 'dayan', 'tornado', 'uv', 'stickerless', '实色', 'gift', '礼盒'];

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
    // ids for the cold detail row: 20 random pages of 120
    const ids = [];
    for (let i = 0; i < 20; i++) {
      const page = await (await fetch(`${server.url}/api/items?recPerPage=120&sortBy=basePrice&page=${int(1, Math.floor(total / 120))}`)).json();
      ids.push(...page.data.map((p) => p.id));
    }

    const hot = (name, pathAndQuery) => measure(name, `${server.url}${pathAndQuery}`, { headers: HEADERS });
    const cold = (name, makePath) =>
      measure(name, server.url, { headers: HEADERS, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: makePath() }) }] });

    rows.push(await hot('GET /api/health (ceiling)', '/api/health'));
    rows.push(await hot('list 120, no filter (hot)', '/api/items'));
    rows.push(await hot('list 120, category+price+sort (hot)', `/api/items?categoryId=${cube3.id}&minPrice=20&maxPrice=200&sortBy=basePrice&order=asc`));
    rows.push(await hot('keyword 磁力 (hot)', `/api/items?keyword=${encodeURIComponent('磁力')}`));
    rows.push(await hot('pinyin keyword weilong (hot)', '/api/items?keyword=weilong'));
    rows.push(await hot('product detail (hot)', `/api/items/${detailId}`));
    rows.push(await cold('list 120, random page and sort (cold)', () => `/api/items?page=${int(1, Math.ceil(total / 120))}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}&order=${pick(['asc', 'desc'])}`));
    rows.push(
      await cold('list 120, random category+price+sort (cold)', () => {
        const min = int(0, 150);
        return `/api/items?categoryId=${pick(leafIds)}&minPrice=${min}&maxPrice=${min + int(20, 400)}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}&order=${pick(['asc', 'desc'])}`;
      }),
    );
    rows.push(await cold('keyword, random word and page (cold)', () => `/api/items?keyword=${encodeURIComponent(pick(KEYWORDS))}&page=${int(1, 5)}&sortBy=${pick(['basePrice', 'lastUpdatedTime'])}`));
    rows.push(await cold('product detail, random id (cold)', () => `/api/items/${pick(ids)}`));
    return { label, seeded, seedSeconds, rows, load: `${loadBefore} before seeding, ${os.loadavg()[0].toFixed(1)} after measuring` };
  } finally {
    await server.stop();
  }
}

export function printCatalog({ label, seeded, seedSeconds, rows, load }) {
  console.log(`\nCatalog on ${label}: ${seeded} (CLI wall time ${seedSeconds} s). 1-minute load average ${load} (${os.cpus().length} cores).`);
  console.table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer, measure } = await import('./lib.mjs');
  const results = [await benchCatalog({ label: 'embedded PGlite', startServer, measure })];
  if (process.env.BENCH_DATABASE_URL) results.push(await benchCatalog({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL, startServer, measure }));
  results.forEach(printCatalog);
}
