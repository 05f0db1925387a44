// npm test: install what is missing, build, type-check, lint, unit + server integration tests on
// embedded PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set), then the Playwright
// end-to-end tests in the system Chromium. Prints how long each step took, a table of the steps,
// and one closing line: "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root, runCapture, runStatus } from './lib.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-test-'));
const totals = { passed: 0, failed: 0 };
let failedSteps = [];
/** What a failed step printed that the closing lines should repeat (a long log's end is all CI shows). */
const explanations = [];
/** The steps run so far: what, how long (ms), how it ended; printed as a table at the end. */
const steps = [];
const startedAt = Date.now();

function duration(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Runs one step, says how long it took and records it for the closing table. */
async function step(label, work) {
  const start = Date.now();
  const result = await work();
  const ms = Date.now() - start;
  steps.push({ label, ms, result });
  log(`${label}: ${duration(ms)} (${result})`);
  return result;
}

function printSteps() {
  const width = Math.max(...steps.map((s) => s.label.length), 'total'.length);
  const lines = steps.map((s) => `  ${s.label.padEnd(width)}  ${duration(s.ms).padStart(6)}  ${s.result}`);
  lines.push(`  ${'total'.padEnd(width)}  ${duration(Date.now() - startedAt).padStart(6)}`);
  process.stdout.write(`\nsteps (m:ss):\n${lines.join('\n')}\n`);
}

/** Runs a command with its output held back, resolving to { status, output }: for steps run side by side. */
function runQuiet(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/**
 * Runs vitest and records why it failed when it did: failed tests are counted from its JSON report;
 * a failure with no failed test (an unhandled error, a worker that died) counts as one failure, and
 * vitest's own explanation is repeated at the end.
 */
async function vitestStep(label, args, file, options = {}) {
  const { status, output } = await runCapture(bin('vitest'), args, options);
  const before = { ...totals };
  countVitest(file, label);
  const counted = `${totals.passed - before.passed} passed, ${totals.failed - before.failed} failed`;
  if (status === 0) return counted;
  failedSteps.push(label);
  if (totals.failed === before.failed) {
    totals.failed += 1;
    // eslint-disable-next-line no-control-regex
    const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
    const start =
      [/Unhandled (Errors?|Rejection)/, /Worker exited|process exited unexpectedly/i, /⎯ Failed/]
        .map((pattern) => plain.search(pattern))
        .find((at) => at >= 0) ?? -1;
    explanations.push(
      `${label}: vitest exited ${status} with no failed test. What it said:\n${start >= 0 ? plain.slice(start, start + 6000) : plain.slice(-4000)}`,
    );
  }
  return `${counted} (exit ${status})`;
}

function countVitest(file, label) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  // Name every failed test at the end: a long log's end is all CI shows.
  const failed = (r.testResults ?? []).flatMap((suite) =>
    (suite.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map(
        (t) =>
          `  ${path.relative(root, suite.name)} > ${t.fullName ?? t.title}\n    ${String(t.failureMessages?.[0] ?? '')
            .split('\n')
            .slice(0, 12)
            .join('\n    ')}`,
      ),
  );
  for (const suite of r.testResults ?? []) {
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failed.push(
        `  ${path.relative(root, suite.name)}\n    ${String(suite.message ?? '')
          .split('\n')
          .slice(0, 12)
          .join('\n    ')}`,
      );
    }
  }
  if (failed.length) explanations.push(`${label}: failed tests:\n${failed.join('\n')}`);
  totals.failed += (r.numFailedTests ?? 0) + (r.numTotalTestSuites && r.success === false && !r.numFailedTests ? 1 : 0);
}
function countPlaywright(file) {
  if (!fs.existsSync(file)) return 'no report';
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.passed += passed;
  totals.failed += stats?.unexpected ?? 0;
  return `${passed} passed, ${stats?.unexpected ?? 0} failed${stats?.flaky ? ` (${stats.flaky} flaky)` : ''}`;
}

/** A fresh database next to `baseUrl`'s (named after it and `suffix`), and how to drop it. */
async function freshDatabase(baseUrl, suffix) {
  const { default: pg } = await import('pg');
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_').slice(0, 63);
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`).catch(() => {}) };
}

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

/** True when a Redis server answers PING at host:port (plain TCP, no dependencies). */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

await step('install + build', () => {
  ensureInstalled();
  ensureBuilt();
  return 'ok';
});

if (!process.env.TEST_REDIS_URL && (await redisAnswers('redis://127.0.0.1:6379'))) {
  process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
}
log(
  process.env.TEST_REDIS_URL
    ? `Redis tests (several instances) use TEST_REDIS_URL=${process.env.TEST_REDIS_URL}`
    : 'No Redis answers at 127.0.0.1:6379 and TEST_REDIS_URL is not set: the several-instance Redis tests are left out (CI runs them).',
);
// The deploy journey (apps/server/src/reliability/deploy.nginx.redis.pg.test.ts, docs/deploy.md)
// runs the shop behind nginx in the PostgreSQL pass with Redis; apps/server/vitest.config.ts
// leaves it out when it finds no nginx binary in the same places.
const nginxBin = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) => p && fs.existsSync(p));
log(
  nginxBin
    ? `The deploy journey behind nginx uses ${nginxBin} (PostgreSQL pass with Redis)`
    : 'No nginx found (NGINX_BIN, /usr/sbin/nginx): the deploy journey behind nginx is left out (CI installs it; Debian: apt-get install nginx-light).',
);

// Type-check and lint side by side (each keeps one core busy); each one's output is shown when it
// ends. The type-check ends first (about half lint's time): the unit and PGlite tests start then,
// on the core it leaves, while lint finishes. Either check failing ends the run before the
// PostgreSQL pass and the journeys.
log('type-checking and linting ...');
const check = (label, script) =>
  step(label, async () => {
    const { status, output } = await runQuiet('npm', ['run', '--silent', script]);
    if (output.trim()) process.stdout.write(`--- ${label} ---\n${output}${output.endsWith('\n') ? '' : '\n'}`);
    return status === 0 ? 'ok' : `failed (exit ${status})`;
  });
const typecheck = check('type-check', 'typecheck');
const lint = check('lint', 'lint');
function stopIfChecksFailed() {
  if (steps.every((s) => s.result === 'ok' || !['type-check', 'lint'].includes(s.label))) return;
  for (const text of explanations) process.stdout.write(`\n${text}\n`);
  printSteps();
  log(
    `failed: ${steps
      .filter((s) => ['type-check', 'lint'].includes(s.label) && s.result !== 'ok')
      .map((s) => s.label)
      .join(', ')}`,
  );
  process.exit(1);
}
if ((await typecheck) !== 'ok') {
  await lint;
  stopIfChecksFailed();
}

log('unit and server integration tests (embedded PGlite), beside the end of lint ...');
const vitestPglite = path.join(reports, 'vitest-pglite.json');
const pglitePass = step('vitest (PGlite)', () =>
  vitestStep('vitest (PGlite)', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestPglite}`], vitestPglite),
);
await lint;
await pglitePass;
stopIfChecksFailed();

if (process.env.TEST_DATABASE_URL) {
  log(`server integration tests again on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/:[^:@/]+@/, ':***@')}) ...`);
  const vitestPg = path.join(reports, 'vitest-postgres.json');
  await step('vitest (PostgreSQL)', () =>
    vitestStep('vitest (PostgreSQL)', ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestPg}`], vitestPg, {
      env: { ...process.env, TEST_DB: 'postgres' },
    }),
  );
} else {
  log('TEST_DATABASE_URL is not set: the PostgreSQL pass is left out (CI sets it).');
}

const chromium = findChromium();
if (!chromium) {
  log('No Chromium found for the end-to-end tests. Install one, for example:');
  log('  sudo apt-get install -y chromium        (Debian/Ubuntu; gives /usr/bin/chromium)');
  log('or point CHROME_PATH at a Chromium or Chrome binary.');
  failedSteps.push('e2e (no Chromium)');
  steps.push({ label: 'e2e (Playwright)', ms: 0, result: 'no Chromium' });
  totals.failed += 1;
} else {
  // With TEST_DATABASE_URL (CI) the journeys' server runs on a fresh PostgreSQL database beside it:
  // embedded PGlite answers one query at a time on the server's event loop, and two browsers'
  // journeys wait for it (measured: the same journeys took a quarter less time on PostgreSQL). The
  // embedded database is what both vitest passes' first one runs on; E2E_DATABASE=embedded keeps
  // the journeys on it too.
  const e2eDatabase =
    process.env.TEST_DATABASE_URL && process.env.E2E_DATABASE !== 'embedded' ? await freshDatabase(process.env.TEST_DATABASE_URL, 'e2e') : undefined;
  log(`end-to-end tests in ${chromium}, the shop on ${e2eDatabase ? 'PostgreSQL' : 'embedded PGlite'} ...`);
  const pwReport = path.join(reports, 'playwright.json');
  try {
    await step('e2e (Playwright)', () => {
      const status = runStatus(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
        env: { ...process.env, CHROME_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport, ...(e2eDatabase ? { E2E_DATABASE_URL: e2eDatabase.url } : {}) },
      });
      if (status !== 0) failedSteps.push('e2e');
      const counted = countPlaywright(pwReport);
      return status === 0 ? counted : `${counted} (exit ${status})`;
    });
  } finally {
    await e2eDatabase?.drop();
  }
}

fs.rmSync(reports, { recursive: true, force: true });
for (const text of explanations) process.stdout.write(`\n${text}\n`);
printSteps();
if (failedSteps.length) log(`failed: ${failedSteps.join(', ')}`);
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failedSteps.length ? 1 : 0);
