#!/usr/bin/env node
/**
 * Gzip size of what a route loads: the entry chunk, its static imports, and the route's lazy
 * chunks with their static imports. Run after `vite build`:
 *   node apps/web/scripts/bundle-size.mjs HomeRoute catalog
 * Arguments are chunk name prefixes of the lazy chunks to add (route module, namespaces of the
 * current language are counted once per name). The `common` namespace, which main.tsx loads
 * before the first render, is always counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const assets = path.join(dist, 'assets');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// Vite writes one module script, or one per chunk when the entry only imports other chunks.
const entries = [...html.matchAll(/<script type="module"[^>]*src="\/assets\/([^"]+)"/g)].map((m) => m[1]);
const css = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
if (entries.length === 0) throw new Error('no entry script in dist/index.html');

const seen = new Set();
function walk(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:import|export)\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) walk(m[1]);
}
entries.forEach(walk);
const files = fs.readdirSync(assets);
for (const prefix of new Set(['common', ...process.argv.slice(2)])) {
  const match = files.filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  // a namespace has one chunk per language: count the larger one (gzipped; zh is the larger there)
  const gzipped = (f) => gzipSync(fs.readFileSync(path.join(assets, f))).length;
  const pick = match.sort((a, b) => gzipped(b) - gzipped(a))[0];
  if (pick) walk(pick);
}
let total = 0;
const rows = [...seen, ...css].map((file) => {
  const gz = gzipSync(fs.readFileSync(path.join(assets, file))).length;
  total += gz;
  return [file, gz];
});
rows.sort((a, b) => b[1] - a[1]).forEach(([file, gz]) => console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`));
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (gzip)`);
