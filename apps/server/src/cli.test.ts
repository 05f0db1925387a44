import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { cli } from './cli.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { acquireLock, isHolder, readLock, secretPath, updateLock } from './db/lock.js';
import { createAccountRepository } from './modules/account/account.repository.js';

// The embedded-database CLI: through the running server when it holds the data folder, on the
// folder itself when nobody does. These tests use real PGlite folders on disk.
let dataDir: string;
let output: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-cli-'));
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('DATABASE_URL', '');
  output = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((output += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((output += String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function findUser(dir: string, account: string) {
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    return await createAccountRepository(database.db).findByLogin(account);
  } finally {
    await database.close();
  }
}

// Each case starts CLI processes (and one a server) that load the whole server's code: seconds on a
// quiet machine, over 30 s when CI's other steps load it.
describe('npx cubeshop user create', { timeout: 120_000 }, () => {
  it('opens the data folder itself when no server holds it, and leaves no lock behind', async () => {
    const code = await cli(['user', 'create', '--account', 'staff_anna', '--password', 'Pass1234', '--email', 'anna@example.com', '--admin']);
    expect(code).toBe(0);
    expect(output).toContain('Created user staff_anna');
    expect(readLock(dataDir)).toBeUndefined();
    const row = await findUser(dataDir, 'staff_anna');
    expect(row).toMatchObject({ account: 'staff_anna', role: 'owner', email: 'anna@example.com' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('goes through the running server when it holds the embedded database', async () => {
    const lock = acquireLock(dataDir, 'server');
    expect(isHolder(lock)).toBe(false);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(secretPath(dataDir), secret);
    const { app, services } = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      database,
      logger: false,
      cliSecret: secret,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    updateLock(dataDir, { pid: process.pid, role: 'server', cliUrl: address });
    try {
      const code = await cli(['user', 'create', '--account', 'staff_bob', '--password', 'Pass1234']);
      expect(code).toBe(0);
      // The server's own connection sees the user at once: the command ran inside it.
      expect(await services.account.getUser(1)).toMatchObject({ account: 'staff_bob', admin: false });
      // A wrong secret is refused.
      const refused = await fetch(`${address}/internal/cli`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-cli-secret': 'wrong' },
        body: JSON.stringify({ argv: ['user', 'create', '--account', 'intruder1', '--password', 'Pass1234'] }),
      });
      expect(refused.status).toBe(403);
    } finally {
      await app.close();
      await database.close();
      if (!isHolder(lock)) lock.release();
    }
    expect(await findUser(dataDir, 'intruder1')).toBeUndefined();
    expect(await findUser(dataDir, 'staff_bob')).toBeDefined();
  });

  it('refuses bad input with the reason and a non-zero exit code', async () => {
    expect(await cli(['user', 'create', '--account', 'ab', '--password', 'Pass1234'])).toBe(1);
    expect(output).toContain('Account must be at least 3 characters');
    expect(await cli(['user', 'create', '--account', 'good_name', '--password', 'password'])).toBe(1);
    expect(output).toContain('at least two of');
    expect(await cli(['user', 'create', '--account', 'good_name'])).toBe(2);
    expect(await cli(['frobnicate'])).toBe(2);
    expect(output).toContain('Usage: npx cubeshop');
  });
});
