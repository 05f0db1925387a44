import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests against the real server (built web app + API + embedded PGlite in a fresh
// data folder) in the system Chromium: no browser is downloaded.
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
// The workers load this file again: they take the runner's folder (the specs that run the CLI against the server need it).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e/.tmp', `data-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });
process.env.E2E_DATA_DIR = dataDir;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The stand-ins listen on fixed ports, or next to E2E_PORT when it is set, so two suites (two clones) can run side by side.
const standIn = (offset: number, fallback: number) => (process.env.E2E_PORT ? port + offset : fallback);
const smtpPort = standIn(1, 2526);
const mailboxPort = standIn(2, 2527);
const translatePort = standIn(3, 2528);
const paypalPort = standIn(4, 2529);
const mailboxUrl = `http://127.0.0.1:${mailboxPort}`;
const translateUrl = `http://127.0.0.1:${translatePort}`;
const paypalUrl = `http://127.0.0.1:${paypalPort}`;
const paypal = { PAYPAL_CLIENT_ID: 'e2e-client', PAYPAL_CLIENT_SECRET: 'e2e-secret', PAYPAL_WEBHOOK_ID: 'WH-E2E' };
process.env.E2E_MAILBOX_URL = mailboxUrl; // read by e2e/support/mailbox.ts in the workers

export default defineConfig({
  testDir: './specs',
  outputDir: './.tmp/results',
  fullyParallel: true,
  // One browser per core (2 on the 2-core CI machine), at most 4: every worker's pages talk to the
  // one server process below, whose embedded database answers one query at a time.
  workers: Math.min(4, availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'e2e/.tmp/report.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed journey keeps its trace: the page's DOM at every step, network, console, sources.
    // Not the screencast: recording its frames for every journey (kept or not) made 25 journeys
    // take 210-254 s against 162 s without it (136-148 s with no trace at all), on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // A test mailbox: SMTP on 2526, its messages over HTTP on 2527 (e2e/support/mailbox.mjs).
      command: `node ${path.join(root, 'e2e/support/mailbox.mjs')}`,
      env: { MAILBOX_SMTP_PORT: String(smtpPort), MAILBOX_HTTP_PORT: String(mailboxPort) },
      url: `${mailboxUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A stand-in LibreTranslate on 2528 (e2e/support/translate.mjs): the chat's translations are real and predictable.
      command: `node ${path.join(root, 'e2e/support/translate.mjs')}`,
      env: { TRANSLATE_PORT: String(translatePort) },
      url: `${translateUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A stand-in for PayPal's REST API and approval page on 2529 (apps/server/src/test/paypal.ts): PayPal online is on.
      command: `node --import tsx ${path.join(root, 'apps/server/src/test/paypal.ts')}`,
      env: { PAYPAL_STANDIN_PORT: String(paypalPort), ...paypal },
      url: `${paypalUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ${path.join(root, 'apps/server/dist/server.js')}`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      // Migrations and the demo catalog on embedded PGlite (or on E2E_DATABASE_URL's PostgreSQL
      // database, which npm test gives when TEST_DATABASE_URL is set): about 10 s on a quiet 2-core
      // machine, over 60 s when other work loads it.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // Load shedding answers 503 past 1 s of event-loop delay; embedded PGlite runs its queries on the
      // event loop, and two browsers' journeys at once reached it (a staff page refused mid-journey).
      // The journeys test the shop, not overload (apps/server/src/plugins/pressure.test.ts tests that): 5 s.
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '5000',
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        REDIS_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TRANSLATE_PROVIDER: 'libretranslate',
        TRANSLATE_URL: translateUrl,
        PAYPAL_API_URL: paypalUrl,
        ...paypal,
      },
    },
  ],
});
