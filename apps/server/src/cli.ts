import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, type TConfig } from './config.js';
import { acquireLock, isHolder, secretPath } from './db/lock.js';
import { serializeError } from './lib/log.js';
import { openConfiguredDatabase } from './runtime.js';
import { createServices } from './services.js';
import { runCommand, type CommandResult } from './cli/commands.js';
import { restore } from './cli/backup.js';

/** Runs a command in this process with its own database connection. */
async function runLocally(config: TConfig, argv: string[]): Promise<CommandResult> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const services = createServices({ config, database, log: pino({ level: 'warn', serializers: { err: serializeError } }) });
    try {
      return await runCommand(argv, services);
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
  }
}

/** Sends the command to the running server that holds the embedded database. */
async function runThroughServer(config: TConfig, cliUrl: string, argv: string[]): Promise<CommandResult> {
  const secret = fs.readFileSync(secretPath(config.DATA_DIR), 'utf8').trim();
  const response = await fetch(`${cliUrl}/internal/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cli-secret': secret },
    body: JSON.stringify({ argv }),
  });
  if (!response.ok) throw new Error(`the running server refused the command (HTTP ${response.status})`);
  return (await response.json()) as CommandResult;
}

export async function cli(argv: string[]): Promise<number> {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    const { USAGE } = await import('./cli/commands.js');
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // The backup folder as this shell means it (the server that writes it may have another working directory).
  if (argv[0] === 'backup') argv = argv.map((arg, i) => (i > 0 && !arg.startsWith('-') ? path.resolve(arg) : arg));
  let result: CommandResult;
  if (argv[0] === 'restore') {
    // Never through a running server: restore refuses while one holds the data folder.
    result = await restore(argv.slice(1), config);
  } else if (config.DATABASE_URL) {
    result = await runLocally(config, argv);
  } else {
    const lock = acquireLock(config.DATA_DIR, 'cli');
    if (isHolder(lock)) {
      if (lock.role !== 'server' || !lock.cliUrl) {
        process.stderr.write(`The embedded database in ${config.DATA_DIR} is busy (pid ${lock.pid}); try again in a moment.\n`);
        return 1;
      }
      result = await runThroughServer(config, lock.cliUrl, argv);
    } else {
      try {
        result = await runLocally(config, argv);
      } finally {
        lock.release();
      }
    }
  }
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
  return result.code;
}
