import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type TConfig } from './config.js';
import { acquireLock, isHolder, secretPath, updateLock, type DataDirLock } from './db/lock.js';
import { seedIfEmpty } from './cli/seed/index.js';
import { openConfiguredDatabase } from './runtime.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export async function main() {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  // Libraries that read it (React's server renderer, loaded with the web bundle) run their
  // production builds unless told otherwise.
  process.env.NODE_ENV ??= config.NODE_ENV;

  let lock: DataDirLock | undefined;
  let cliSecret: string | undefined;
  if (!config.DATABASE_URL) {
    const got = acquireLock(config.DATA_DIR, 'server');
    if (isHolder(got)) {
      fail(
        `Another process (${got.role}, pid ${got.pid}) is using the embedded database in ${config.DATA_DIR}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    lock = got;
    cliSecret = randomBytes(32).toString('base64url');
    fs.writeFileSync(secretPath(config.DATA_DIR), cliSecret, { mode: 0o600 });
  }

  const database = await openConfiguredDatabase(config);
  await database.migrate();

  const { app, services } = await buildApp({ config, database, cliSecret });
  if (config.SEED_DEMO && (await seedIfEmpty(services))) app.log.info('demo data seeded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      // Chat sockets first: clients reconnect (1012) to another instance while this one drains.
      services.chat.closeSockets();
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      if (cliSecret) fs.rmSync(secretPath(config.DATA_DIR), { force: true });
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Last line of defence (every socket handler, route and job catches its own errors): a promise
  // nobody awaited is logged and the process keeps serving; an exception thrown out of an event
  // handler leaves the process in an unknown state, so it is logged and the process exits for the
  // supervisor (scripts/supervise.mjs under `npm start`, systemd or the like in production) to restart.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled promise rejection (kept running)'));
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception: exiting for a restart');
    lock?.release();
    process.exit(1);
  });

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = new URL(address);
  const shown = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${url.port}`;
  if (lock) updateLock(config.DATA_DIR, { pid: process.pid, role: 'server', cliUrl: `http://127.0.0.1:${url.port}` });
  process.stdout.write(`\n  Cubeshop is running at ${shown}  (database: ${database.kind})\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
