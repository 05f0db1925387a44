// npm run bench:web: Lighthouse on the built shop (demo data) in the system Chromium, for the home
// page, a category page of 120 products, a search page and a product page, in zh and en. Each row
// is the median of BENCH_WEB_RUNS runs (default 3) by performance score. Prints the category
// scores (performance, accessibility, best practices, SEO) and the main metrics, and lists every
// failing accessibility, best-practice and SEO audit with the elements it names.
// Options: BENCH_WEB_URL=http://host:port (measure a running shop instead of starting one),
// BENCH_WEB_FORM=mobile|desktop|both (default mobile), BENCH_WEB_PAGES=home,list,search,product,
// BENCH_WEB_LANGS=zh,en, BENCH_WEB_RUNS=3.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createRequire } from 'node:module';
import { startServer } from './lib.mjs';

const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;

const chromePath = process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromePath) {
  console.error('No Chromium: install one (apt-get install chromium) or set CHROME_PATH.');
  process.exit(1);
}

const PAGES = {
  home: '/',
  list: '/products-by-category/1',
  search: '/search?keyword=magnetic',
  product: '/product/100001',
};
const wanted = (process.env.BENCH_WEB_PAGES ?? 'home,list,search,product').split(',').filter((p) => p in PAGES);
const forms = process.env.BENCH_WEB_FORM === 'both' ? ['mobile', 'desktop'] : process.env.BENCH_WEB_FORM === 'desktop' ? ['desktop'] : ['mobile'];
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const languages = (process.env.BENCH_WEB_LANGS ?? 'zh,en').split(',');

const server = process.env.BENCH_WEB_URL ? null : await startServer({ DATABASE_URL: '' });
const base = process.env.BENCH_WEB_URL ?? server.url;

// Warm the server's caches and the generated pictures once, as a returning shop would be: each
// page, and the first pictures it shows (pictures are drawn on their first request).
for (const p of wanted) {
  const html = await fetch(`${base}${PAGES[p]}`)
    .then((r) => r.text())
    .catch(() => '');
  const pictures = [...html.matchAll(/<img[^>]*\ssrc="(\/api\/[^"]+)"/g)].slice(0, 12).map((m) => m[1].replaceAll('&amp;', '&'));
  await Promise.all(
    pictures.map((src) =>
      fetch(`${base}${src}`)
        .then((r) => r.arrayBuffer())
        .catch(() => {}),
    ),
  );
}

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-lh-'));
const chrome = await chromeLauncher.launch({
  chromePath,
  userDataDir,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

const rows = [];
const failures = [];
try {
  for (const form of forms) {
    for (const lang of languages) {
      for (const name of wanted) {
        // The language a first visitor's browser asks for; the shop stores it in localStorage.
        const url = `${base}${PAGES[name]}`;
        const flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          extraHeaders: { 'Accept-Language': lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-US,en;q=0.9' },
        };
        const results = [];
        for (let i = 0; i < runs; i++) results.push((await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined)).lhr);
        // The median run by performance score (Lighthouse's own advice for noisy single runs).
        results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const lhr = results[Math.floor(results.length / 2)];
        const { categories, audits } = lhr;
        const score = (c) => (categories[c]?.score == null ? '-' : Math.round(categories[c].score * 100));
        const ms = (a) => (audits[a]?.numericValue == null ? '-' : Math.round(audits[a].numericValue));
        rows.push({
          page: `${name} (${lang}, ${form})`,
          perf: score('performance'),
          a11y: score('accessibility'),
          'best pr.': score('best-practices'),
          seo: score('seo'),
          'FCP ms': ms('first-contentful-paint'),
          'LCP ms': ms('largest-contentful-paint'),
          'TBT ms': ms('total-blocking-time'),
          CLS: audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '-',
          'DOM nodes': audits['dom-size']?.numericValue ?? '-',
          // Lighthouse's measure of how fast this machine was during each run (its
          // environment.benchmarkIndex): a score is read against the machine it came from.
          'bench index (runs)': results.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)).join(' / '),
        });
        for (const category of ['accessibility', 'best-practices', 'seo']) {
          for (const ref of categories[category]?.auditRefs ?? []) {
            const audit = audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
              const items = (audit.details?.items ?? [])
                .slice(0, 5)
                .map((i) => i.node?.snippet ?? i.node?.selector ?? i.url ?? i.description ?? '')
                .filter(Boolean);
              failures.push(`${name} (${lang}, ${form}) ${category} ${audit.id}: ${audit.title}${items.length ? `\n      ${items.join('\n      ')}` : ''}`);
            }
          }
        }
      }
    }
  }
} finally {
  await chrome.kill();
  fs.rmSync(userDataDir, { recursive: true, force: true });
  await server?.stop();
}

const indexes = rows.flatMap((r) => r['bench index (runs)'].split(' / ').map(Number)).sort((a, b) => a - b);
console.log(
  `\nLighthouse ${lighthouseVersion} in ${chromePath}, Node ${process.versions.node}, ${os.cpus().length} cores, median of ${runs} (mobile: simulated slow 4G and 4x CPU slowdown)`,
);
console.log(
  `Lighthouse benchmark index of this machine during the runs: ${indexes[0] ?? '-'} to ${indexes.at(-1) ?? '-'}, median ${indexes[Math.floor(indexes.length / 2)] ?? '-'} (targets are stated at 1,300-1,600)`,
);
console.table(rows);
if (failures.length) {
  console.log('\nFailing audits (accessibility, best practices, SEO):');
  for (const f of failures) console.log(`  - ${f}`);
} else {
  console.log('\nNo failing accessibility, best-practice or SEO audit.');
}
